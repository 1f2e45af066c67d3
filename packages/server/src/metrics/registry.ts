import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Database } from '../db/client';
import type { GameHost } from '../games/host';
import { backupMetrics } from './backup';
import { queueMetrics } from './cluster';
import { poolMetrics } from './database';
import { gameMetrics } from './games';
import { httpMetrics } from './http';

/**
 * The app's Prometheus metrics (README of the server, "Health and metrics"), in a registry of its own: several
 * apps in one process (the tests) keep theirs apart. Most are read from the state they describe when scraped.
 */
export function appMetrics(
  app: FastifyInstance,
  parts: { database: Database; games: GameHost; backupDir: string },
): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  httpMetrics(app, registry);
  gameMetrics(parts.games, registry);
  if (parts.games.queues) queueMetrics(parts.games.queues, registry);
  poolMetrics(parts.database, registry);
  backupMetrics(parts.backupDir, registry);
  return registry;
}
