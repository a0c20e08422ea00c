import { createServer, STATUS_CODES, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { RequestListener } from 'node:http';
import type { Config } from '../config';
import { AppError } from '../domain/shared/errors';
import { errorBody } from './errors';

/** The request line and headers together, as Node.js reads them (its default, stated in the contract). */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * The HTTP server of the app, with the limits on how long a client may take to send a request,
 * and with requests that Node.js refuses before the app sees them (a request line or headers too
 * long, a timeout, a malformed request) answered with the error envelope.
 */
export function createHttpServer(listener: RequestListener, config: Pick<Config, 'requestTimeoutMs' | 'headersTimeoutMs'>): Server {
  const server = createServer(
    {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.headersTimeoutMs,
      // How often the timeouts are checked: Node's default (30 s) would let them run late.
      connectionsCheckingInterval: Math.min(1_000, config.headersTimeoutMs),
      maxHeaderSize: MAX_HEADER_BYTES,
    },
    listener,
  );
  server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    // A connection that has had an answer (the request was refused before its body was read, say)
    // is only closed: a second answer would not belong to any request.
    if (!socket.writable || err.code === 'ECONNRESET' || (socket as Socket).bytesWritten > 0) {
      socket.destroy();
      return;
    }
    socket.end(rawResponse(refusal(err)));
  });
  return server;
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

/** A complete HTTP/1.1 response that closes the connection: the app never saw the request. */
function rawResponse(error: AppError): string {
  const requestId = randomUUID();
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
