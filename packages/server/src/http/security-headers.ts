import type { FastifyInstance } from 'fastify';

/**
 * What the console may load: its own scripts only (no inline or evaluated script), its own styles plus
 * inline ones (antd writes style attributes and style elements at run time), images and fonts from itself
 * or data: URLs, calls to its own origin, and no framing by any page.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/**
 * Every answer (calls, console files, the SPA fallback, not-found and error answers) carries the security
 * headers: set when the request arrives, so that whatever answers keeps them.
 */
export function securityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}
