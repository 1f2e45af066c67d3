import { chmodSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { FastifyBaseLogger } from 'fastify';

// The operator socket: a server on the embedded database holds its data folder, so an operator command that
// needs the database while it runs (a backup) asks the server through `<data dir>/operator.sock`, a Unix socket
// only its owner may open. One JSON line per request (`{"command": "...", ...}`), one JSON line per answer
// (`{"ok": true, ...}` or `{"ok": false, "error": "..."}`); new commands are new entries of the handler table.

export const OPERATOR_SOCKET = 'operator.sock';

export type OperatorRequest = { command: string; [key: string]: unknown };
export type OperatorAnswer = { ok: true; [key: string]: unknown } | { ok: false; error: string };
export type OperatorHandlers = Record<string, (request: OperatorRequest) => Promise<Record<string, unknown>>>;

/** Longest request line accepted (bytes): requests are small. */
const MAX_REQUEST_BYTES = 64 * 1024;

export function operatorSocketPath(dataDir: string): string {
  return join(dataDir, OPERATOR_SOCKET);
}

function answer(socket: Socket, reply: OperatorAnswer): void {
  if (!socket.destroyed) socket.end(`${JSON.stringify(reply)}\n`);
}

/**
 * Listens on `<data dir>/operator.sock` (mode 0600; a socket file left by a process that ended is removed first:
 * the caller holds the data folder's lock) and answers each request line with its handler.
 */
export async function listenOperatorSocket(
  dataDir: string,
  handlers: OperatorHandlers,
  log: FastifyBaseLogger,
): Promise<{ close(): Promise<void> }> {
  const path = operatorSocketPath(dataDir);
  rmSync(path, { force: true });
  const server: Server = createServer((socket) => {
    socket.on('error', () => {});
    let size = 0;
    socket.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) answer(socket, { ok: false, error: 'request too long' });
    });
    const lines = createInterface({ input: socket });
    lines.once('line', (line) => {
      lines.close();
      let request: OperatorRequest;
      try {
        request = JSON.parse(line);
        if (typeof request?.command !== 'string') throw new Error();
      } catch {
        answer(socket, { ok: false, error: 'a request is one JSON line with a "command"' });
        return;
      }
      const handler = Object.hasOwn(handlers, request.command) ? handlers[request.command] : undefined;
      if (!handler) {
        answer(socket, { ok: false, error: `unknown command: ${request.command}` });
        return;
      }
      handler(request).then(
        (result) => answer(socket, { ...result, ok: true }),
        (err: Error) => {
          log.error({ err, command: request.command }, 'operator command failed');
          answer(socket, { ok: false, error: err.message });
        },
      );
    });
  });
  const listening = new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Created with no access for group and others from the start (the socket file is made within the call, so the
  // narrower umask covers nothing else), then made sure of.
  const umask = process.umask(0o177);
  try {
    server.listen(path);
  } finally {
    process.umask(umask);
  }
  await listening;
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(path, { force: true });
          resolve();
        });
      }),
  };
}

/**
 * Sends one request to the server that holds the data folder and waits for its answer; null when no server
 * listens there (no socket, or one left by a process that ended).
 */
export function askServer(dataDir: string, request: OperatorRequest): Promise<OperatorAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(operatorSocketPath(dataDir));
    let text = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED')) resolve(null);
      else reject(err);
    });
    socket.on('close', () => {
      if (!connected) return;
      const line = text.split('\n')[0] ?? '';
      try {
        resolve(JSON.parse(line) as OperatorAnswer);
      } catch {
        reject(new Error('the server closed the operator socket without an answer'));
      }
    });
  });
}
