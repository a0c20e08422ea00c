import type { RequestHandler } from 'express';

/**
 * Closes the connection of an answer that its client does not take: one that has begun and still
 * has bytes waiting to be written when nothing could be written to the connection for
 * `timeoutMs`. Those bytes (a JSON answer, a batch of MCP answers, the snapshot behind an export)
 * are held by the process for as long as the connection stays open, so a client that never reads
 * would otherwise keep them, and its connection, for good.
 *
 * This is the socket's inactivity timeout, set when the request arrives. While the answer is
 * being worked out (nothing was written yet), or once all of it has been written, it passes
 * unheeded: a slow operation is not the client's doing, and a finished answer holds nothing.
 * Node.js starts the timeout once more when a queued write made some progress meanwhile, so an
 * answer whose client stopped reading is cut between this time and about twice it after its last
 * read, and one read slowly but steadily is not cut.
 */
export function closeStalledAnswers(timeoutMs: number): RequestHandler {
  return (_req, res, next) => {
    res.setTimeout(timeoutMs, () => {
      if (res.headersSent && res.writableLength > 0) res.destroy();
    });
    next();
  };
}
