import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { SessionSignals } from './domains/accounts/session-signals';
import type { GameHostPort } from './games/host-port';
import type { Mailer } from './mail/mailer';
import type { WordFilter } from './text/forbidden-words';

/** The account making a call. */
export type Actor = { id: number; nickname: string; isOperator: boolean };

/** Long-lived collaborators of the services. */
export type Deps = {
  config: Config;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Masks forbidden words in names. */
  words: WordFilter;
  /** The game host: ready players, plans, running games, live channels (what services use of `GameHost`). */
  games: GameHostPort;
  /** Ended sessions and lost roles, told to the live channels (player links, season event streams). */
  sessions: SessionSignals;
};

/** What a service function knows about the call it serves. */
export type Ctx = Deps & {
  actor: Actor | null;
  ip: string;
  now: number;
  token?: string;
  /** The browser's device id (header `X-Taikai-Device`, made once per browser); bots send none. */
  device?: string;
};
export type AuthedCtx = Ctx & { actor: Actor };
