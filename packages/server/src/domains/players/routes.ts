import type { FastifyInstance } from 'fastify';

/** A season's players: the player's own sign-up, review, roster, blacklist, import; account search. */
export function playerRoutes(_app: FastifyInstance): void {}
