import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { ErrorCode } from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import { failure } from './envelope';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** The file under `root` a URL path names, or undefined (outside root, missing, or a folder). */
function fileFor(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const path = normalize(join(root, decoded));
  if (path !== root && !path.startsWith(root + sep)) return undefined;
  return existsSync(path) && statSync(path).isFile() ? path : undefined;
}

/** A game's table opened directly: answered with the table's own page (table.html), not the console's. */
const TABLE_PAGE = /^\/play\/game\/[^/]+\/?$/;

/**
 * Serves the built console from `webDist`, with the SPA fallback: a GET outside /api that names no file
 * answers index.html, or table.html for a game's table (`/play/game/<uuid>`). Unknown /api paths answer the
 * error envelope.
 */
export function consoleAndFallback(app: FastifyInstance, webDist: string): void {
  const root = normalize(webDist);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/')) {
      return reply
        .status(404)
        .send(failure(ErrorCode.PARAM_ERROR, `no such call: ${request.method} ${path}`));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).type('text/plain').send('Not found');
    }
    const page = TABLE_PAGE.test(path) ? fileFor(root, '/table.html') : undefined;
    const file = fileFor(root, path) ?? page ?? fileFor(root, '/index.html');
    if (!file)
      return reply.status(404).type('text/plain').send('Not found (the console is not built: npm run build)');
    const isIndex = file.endsWith(`${sep}index.html`) || file === page;
    reply.type(TYPES[extname(file)] ?? 'application/octet-stream');
    // Hashed build assets never change; index.html must always be fresh.
    reply.header('cache-control', isIndex ? 'no-cache' : 'public, max-age=31536000, immutable');
    return reply.send(createReadStream(file));
  });
}
