import { ErrorCode } from '@taikai/protocol';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/client';
import { failure } from './envelope';
import { ContestError, messageOf } from './errors';

/** Maps every thrown error to the `{error:{code, message}}` envelope with its HTTP status. */
export function errorMapping(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ContestError, request, reply) => {
    if (err instanceof ContestError) {
      return reply.status(err.status).send(failure(err.code, err.message, err.data));
    }
    if (isDatabaseUnavailable(err)) {
      // PostgreSQL is away (a restart, an outage): a clear answer at once, and the server carries on; the pool
      // connects again when it is back. One short line per call, not a stack.
      const cause = (err as { cause?: { message?: string } }).cause?.message ?? err.message;
      request.log.warn(`database unavailable: ${cause}`);
      reply.header('retry-after', '5');
      return reply.status(503).send(failure(ErrorCode.SYSTEM_ERROR, messageOf(ErrorCode.SYSTEM_ERROR)));
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(failure(ErrorCode.LOGIN_TOO_OFTEN, messageOf(ErrorCode.LOGIN_TOO_OFTEN)));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large: the caller's mistake.
      return reply.status(400).send(failure(ErrorCode.PARAM_ERROR, err.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(failure(ErrorCode.SYSTEM_ERROR, messageOf(ErrorCode.SYSTEM_ERROR)));
  });
}
