import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { RequestListener } from 'node:http';
import type { Config } from '../config';
import { AppError } from '../domain/shared/errors';
import { OPERATIONS } from '../pipeline/operations';
import { errorBody } from '../pipeline/envelope';
import { VALID_REQUEST_ID } from './request-context';

/** The request line and headers together, as Node.js reads them (its default, stated in the contract). */
export const MAX_HEADER_BYTES = 16 * 1024;

/** Routes whose body is read as a stream (an import): their clock is the time between two pieces, not the whole body. */
const STREAMED_ROUTES = new Set(OPERATIONS.filter((operation) => operation.bodyMediaType === 'application/x-ndjson').map((operation) => `${operation.method} /v1${operation.path}`));

/**
 * The HTTP server of the app, with the limits on how long a client may take to send a request,
 * and with requests that Node.js refuses before the app sees them (a request line or headers too
 * long, a timeout, a malformed request) answered with the error envelope.
 *
 * Headers must arrive within `headersTimeoutMs` (Node.js checks it). A body must arrive whole
 * within `requestTimeoutMs` of its headers, except a streamed body (an import of up to 512 MiB,
 * read as it is written into the database), which may take as long as it needs as long as no
 * more than `requestTimeoutMs` passes without a byte.
 */
export function createHttpServer(listener: RequestListener, config: Pick<Config, 'requestTimeoutMs' | 'headersTimeoutMs'>): Server {
  const server = createServer(
    {
      // The body's clock is kept below, per request (Node's would cut a long import off).
      requestTimeout: 0,
      headersTimeout: config.headersTimeoutMs,
      // How often the timeouts are checked: Node's default (30 s) would let them run late.
      connectionsCheckingInterval: Math.min(1_000, config.headersTimeoutMs),
      maxHeaderSize: MAX_HEADER_BYTES,
    },
    (req, res) => {
      trackExchange(req, res);
      watchBody(req, res, config.requestTimeoutMs);
      listener(req, res);
    },
  );
  server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    // A connection whose last request is not over (refused before its body was read, say: the
    // rest of the body is what failed to parse) is only closed: a second answer would not belong
    // to any request. Between two requests of a kept-alive connection, the next one is answered.
    if (!socket.writable || err.code === 'ECONNRESET' || unfinished.has(socket as Socket)) {
      socket.destroy();
      return;
    }
    refuseAndClose(socket as Socket, refusal(err), sentRequestId(err.rawPacket));
  });
  return server;
}

/** Connections whose current request has not been read to its end or not answered in full. */
const unfinished = new WeakSet<Socket>();

function trackExchange(req: IncomingMessage, res: ServerResponse): void {
  const { socket } = req;
  unfinished.add(socket);
  let read = req.complete;
  let answered = false;
  const settle = () => {
    if (read && answered) unfinished.delete(socket);
  };
  req.once('end', () => {
    read = true;
    settle();
  });
  res.once('finish', () => {
    read ||= req.complete;
    answered = true;
    settle();
  });
}

/** How long a refused client has to read its answer before its connection is cut. */
const LINGER_MS = 2_000;

/**
 * Sends the answer and closes the connection once the client has read it. What the client still
 * sends (the rest of a 70 KB request line, written at once) is read and dropped meanwhile: a
 * connection closed with unread bytes is reset, and a reset can reach the client before the
 * answer does.
 */
function refuseAndClose(socket: Socket, error: AppError, requestId: string = randomUUID()): void {
  socket.end(rawResponse(error, requestId));
  socket.on('data', () => undefined);
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/** Cuts off a request whose body does not arrive in time: 408 with the envelope when nothing was answered yet. */
function watchBody(req: IncomingMessage, res: ServerResponse, timeoutMs: number): void {
  const hasBody = (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody) return;
  const path = (req.url ?? '').split('?')[0];
  const streamed = STREAMED_ROUTES.has(`${req.method} ${path}`);
  // A streamed body's progress is read off the socket (a 'data' listener would take the body from its reader).
  let lastBytes = req.socket.bytesRead;
  let lastProgress = Date.now();
  // Bytes waiting to be read mean the server is the one behind (an import writing a batch), not the client.
  const progressed = () => {
    if (req.socket.bytesRead === lastBytes && req.readableLength === 0 && req.socket.readableLength === 0) return false;
    lastBytes = req.socket.bytesRead;
    lastProgress = Date.now();
    return true;
  };
  let finished = false;
  const timer = streamed
    ? setInterval(() => {
        if (!progressed() && Date.now() - lastProgress >= timeoutMs) expireUnlessProgress();
      }, Math.min(1_000, Math.ceil(timeoutMs / 4)))
    : setTimeout(expireUnlessProgress, timeoutMs);
  const done = () => {
    finished = true;
    clearTimeout(timer);
  };
  req.once('end', done);
  req.once('close', done);
  res.once('close', done);
  // Timers run before the event loop reads the sockets: after the process was busy for longer
  // than the timeout (a large batch, a slow machine), bytes the client sent in time are still
  // unread. Look again once they have been read (setImmediate runs after that phase).
  function expireUnlessProgress(): void {
    setImmediate(() => {
      if (finished || req.complete) return;
      if (streamed ? progressed() || Date.now() - lastProgress < timeoutMs : false) return;
      expire();
    });
  }
  function expire(): void {
    done();
    if (req.complete) return;
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    // The answer names the request ID the app gave the request (the client's own, when it sent one).
    const requestId = (res as { locals?: { requestId?: unknown } }).locals?.requestId;
    refuseAndClose(req.socket, new AppError('request_timeout', 'The request was not received in time.'), typeof requestId === 'string' ? requestId : undefined);
  }
}

function refusal(err: NodeJS.ErrnoException & { rawPacket?: Buffer }): AppError {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW': {
      // When the first line does not end within the limit, it is the request line (the URL) that is too long.
      const lineEnd = err.rawPacket ? err.rawPacket.indexOf('\n') : 0;
      return lineEnd !== -1 && lineEnd < MAX_HEADER_BYTES
        ? new AppError('headers_too_large', `The request line and headers are larger than ${MAX_HEADER_BYTES} bytes.`, { limit_bytes: MAX_HEADER_BYTES })
        : new AppError('uri_too_long', `The request line is longer than ${MAX_HEADER_BYTES} bytes.`, { limit_bytes: MAX_HEADER_BYTES });
    }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return new AppError('request_timeout', 'The request was not received in time.');
    default:
      return new AppError('invalid_request', 'The request is not valid HTTP.');
  }
}

/** A `Request-Id` header line, as it may stand in what Node.js read of a refused request. */
const REQUEST_ID_LINE = /\r\nrequest-id:[ \t]*([^\r\n]*?)[ \t]*\r\n/i;

/**
 * The request ID the client sent with a request Node.js refused (a request line or headers too
 * long), when what was read holds the whole header and it is valid: the answer names it, as every
 * answer of the app echoes the client's. Otherwise a new one.
 */
function sentRequestId(rawPacket: Buffer | undefined): string {
  const sent = rawPacket ? REQUEST_ID_LINE.exec(rawPacket.toString('latin1'))?.[1] : undefined;
  return sent !== undefined && VALID_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** A complete HTTP/1.1 response that closes the connection: the app never saw the request. */
function rawResponse(error: AppError, requestId: string): string {
  const body = JSON.stringify(errorBody(error, requestId));
  return [
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    `Request-Id: ${requestId}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}
