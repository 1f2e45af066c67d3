import type { FastifyInstance } from 'fastify';

/** Season calls: list, create, update, end; chat limits; the deployment's site config. */
export function seasonRoutes(_app: FastifyInstance): void {}
