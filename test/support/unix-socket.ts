import { mkdtempSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from '../../src/app';

export interface SocketServer {
  readonly socketPath: string;
  /** Sends a request on a connection of its own; resolves with the answer once its headers are in. */
  request(method: string, path: string, headers: OutgoingHttpHeaders, body?: string): Promise<IncomingMessage>;
  close(): Promise<void>;
}

/**
 * The app listening on a Unix socket, whose buffers hold about 200 KB (a loopback TCP connection
 * takes megabytes): the rest of a larger answer its client does not read stays with the server.
 */
export async function listenOnUnixSocket(app: App): Promise<SocketServer> {
  const socketPath = join(mkdtempSync(join(tmpdir(), 'mtl-socket-')), 'http.sock');
  const sockets: Socket[] = [];
  const server = createServer(app.express);
  server.on('connection', (socket) => {
    sockets.push(socket);
    // The server's side of a connection that was cut.
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return {
    socketPath,
    request(method, path, headers, body) {
      return new Promise((resolve, reject) => {
        const req = httpRequest({ socketPath, method, path, headers, agent: false }, (res) => {
          // These clients cut connections, or have them cut.
          res.on('error', () => undefined);
          resolve(res);
        });
        req.on('error', reject).on('socket', (socket) => socket.on('error', () => undefined));
        req.end(body);
      });
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Leaves an answer unread for `ms` (its client's buffers fill, and the server's writes wait), then
 * reads what it can: whether the answer came whole, and how many bytes of its body came.
 */
export async function readAfter(res: IncomingMessage, ms: number): Promise<{ complete: boolean; bytes: number }> {
  res.pause();
  await new Promise((resolve) => setTimeout(resolve, ms));
  let bytes = 0;
  res.on('data', (chunk: Buffer) => (bytes += chunk.length));
  res.resume();
  // A paused client learns of a closed connection only when it reads again.
  await new Promise((resolve) => res.socket.once('close', resolve));
  return { complete: res.complete, bytes };
}

/** The rest of an answer's body, read to its end. */
export async function bodyOf(res: IncomingMessage): Promise<string> {
  res.setEncoding('utf8');
  let text = '';
  for await (const chunk of res) text += chunk as string;
  return text;
}
