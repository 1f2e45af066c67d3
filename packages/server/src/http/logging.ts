import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';

/** Query parameters that carry a secret: a session token, an e-mailed code, a password. */
const SECRET_PARAMS = new Set(['token', 'access_token', 'code', 'password']);
const REDACTED = '[redacted]';

/** Pages whose address carries a share link's token (broadcast overlays): the token is not logged. */
const SHARE_TOKEN_PATH = /^(\/overlay\/(?:table|standings)\/)[^/?#]+/;

/** A request URL as it may be logged: the values of secret query parameters and overlay tokens are replaced. */
export function redactUrl(fullUrl: string): string {
  const url = fullUrl.replace(SHARE_TOKEN_PATH, `$1${REDACTED}`);
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawKey = eq < 0 ? pair : pair.slice(0, eq);
      let key: string;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        key = rawKey;
      }
      return SECRET_PARAMS.has(key.trim().toLowerCase()) ? `${rawKey}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${pairs.join('&')}`;
}

/** What a log line says about a request: never its headers (Authorization) nor secret query values. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Errors as logged: a failed query's parameters (which may hold e-mail addresses, hashes or codes) are left
 * out of the message, the stack and the object.
 */
function errorForLog(err: Error) {
  const out = pino.stdSerializers.err(err) as ReturnType<typeof pino.stdSerializers.err> & {
    params?: unknown;
  };
  const scrub = (text: string | undefined) => text?.replace(/^params: .*$/gm, `params: ${REDACTED}`);
  out.message = scrub(out.message) ?? '';
  out.stack = scrub(out.stack) ?? '';
  if ('params' in out) out.params = REDACTED;
  return out;
}

/**
 * pino options of the app: requests logged without secrets, and any authorization header, cookie,
 * password, code or token that a log call passes in an object censored.
 */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): LoggerOptions & {
  stream?: DestinationStream;
} {
  const secretKeys = ['password', 'token', 'access_token', 'secret'];
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { req: requestForLog, err: errorForLog },
    redact: {
      censor: REDACTED,
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'code',
        'mail.code',
        'mail.text',
        ...secretKeys,
        ...secretKeys.map((k) => `*.${k}`),
      ],
    },
  };
}
