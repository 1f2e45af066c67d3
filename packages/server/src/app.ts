import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { type Clock, systemClock } from './clock';
import { assertDevOutboxIsLocal, type Config } from './config';
import type { Deps } from './context';
import type { Database } from './db/client';
import { PgSessionSignals } from './db/session-signals-pg';
import { accountRoutes } from './domains/accounts/routes';
import { LocalSessionSignals } from './domains/accounts/session-signals';
import { adminRoutes } from './domains/admins/routes';
import { apiKeyRoutes } from './domains/apikeys/routes';
import { archiveRoutes } from './domains/archives/routes';
import { chatRoutes } from './domains/chat/routes';
import { contestRoutes } from './domains/contests/routes';
import { historyRoutes } from './domains/history/routes';
import { levelRoutes } from './domains/levels/routes';
import { observerRoutes } from './domains/observers/routes';
import { oidcRoutes } from './domains/oidc/routes';
import { operatorConsoleRoutes } from './domains/operator-console/routes';
import { planRoutes } from './domains/plans/routes';
import { playerRoutes } from './domains/players/routes';
import { portalRoutes } from './domains/portal/routes';
import { rankingRoutes } from './domains/ranking/routes';
import { recordRoutes } from './domains/records/routes';
import { runningRoutes } from './domains/running/routes';
import { seasonRoutes } from './domains/seasons/routes';
import { shareLinkRoutes } from './domains/share-links/routes';
import { teamRoutes } from './domains/teams/routes';
import { WebhookDispatcher } from './domains/webhooks/dispatcher';
import { webhookRoutes } from './domains/webhooks/routes';
import { GameHost } from './games/host';
import { playerLinkRoutes } from './games/player-link';
import { seasonStreamRoutes } from './games/season-stream';
import { spectateStreamRoutes } from './games/spectate-stream';
import { consoleAndFallback } from './http/console';
import { errorMapping } from './http/errors-hook';
import { healthRoutes, ReadinessProbe } from './http/health';
import { loggerOptions } from './http/logging';
import { rateStoreFor } from './http/rate-store';
import { securityHeaders } from './http/security-headers';
import { createMailer, type Mailer } from './mail/mailer';
import { metricsEndpoint } from './metrics/endpoint';
import { appMetrics } from './metrics/registry';
import { loadWordFilter } from './text/forbidden-words';

export type AppOptions = {
  config: Config;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  /** false for no logs (tests); a level and a destination to override the configured level and stdout. */
  logger?: false | { level?: string; stream?: DestinationStream };
  /** Engine worker threads (one per core by default). */
  gameWorkers?: number;
};

/** Builds the HTTP app: envelope, error mapping, auth, every call under both prefixes, and the console. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  assertDevOutboxIsLocal(config);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : loggerOptions(options.logger?.level ?? config.logLevel, options.logger?.stream),
    trustProxy: config.trustProxy,
    // A request that stops arriving is answered 408 and its connection closed, so that slow or stalled
    // clients cannot pin memory; Node checks the timeouts every connectionsCheckingInterval.
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.http.headersTimeoutMs),
    },
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.idleTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    maxRequestsPerSocket: config.http.maxRequestsPerSocket,
    bodyLimit: config.http.bodyLimit,
  });

  // Some clients POST without a body (logout) or with an empty one: treat that as {}.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body).trim();
    if (text === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new Error('body is not valid JSON') as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });

  const clock = options.clock ?? systemClock;
  // On PostgreSQL, ended sessions also arrive from other processes (the operator's CLI bans).
  const sessions = config.databaseUrl
    ? new PgSessionSignals(config.databaseUrl, app.log)
    : new LocalSessionSignals();
  const games = new GameHost({
    db: database.db,
    clock,
    log: app.log,
    workers: options.gameWorkers,
    callWindowMs: config.callWindowMs,
    ...(config.redis ? { scaled: { redis: config.redis, tablesPerProcess: config.tablesPerProcess } } : {}),
  });
  const deps: Deps = {
    config,
    db: database.db,
    clock,
    mailer: options.mailer ?? createMailer(config, app.log),
    log: app.log,
    words: loadWordFilter(config.forbiddenWordsFile),
    games,
    sessions,
  };
  app.decorate('deps', deps);
  // The webhook outbox is sent by every process (README: Webhooks).
  const webhooks = new WebhookDispatcher(database.db, clock, app.log);
  app.decorate('webhooks', webhooks);
  // Games of a previous process resume once the app is ready; the engine stops with the app.
  app.addHook('onReady', async () => {
    if (sessions instanceof PgSessionSignals) await sessions.listen();
    await games.start();
    webhooks.start();
  });
  app.addHook('onClose', async () => {
    await webhooks.close();
    await games.close();
    await sessions.close();
  });

  if (config.devOutbox) {
    app.log.warn(
      'TAIKAI_DEV_OUTBOX=1: every verification code is served at GET /api/dev/outbox to anyone who can reach ' +
        'this server; for tests and local trials only, never on a shared machine',
    );
  }

  securityHeaders(app);
  errorMapping(app);
  // Health and metrics (README of the server): probes for proxies and process managers, Prometheus when asked.
  healthRoutes(app, new ReadinessProbe(database, config.redis));
  const metrics = config.metrics ? appMetrics(app, { database, games, backupDir: config.backup.dir }) : null;
  metricsEndpoint(app, metrics, config.metrics);
  // biome-ignore lint/suspicious/noExplicitAny: the plugin types its store option as its own class
  await app.register(rateLimit, { global: false, store: (await rateStoreFor(app, config)) as any });
  accountRoutes(app);
  oidcRoutes(app);
  seasonRoutes(app);
  playerRoutes(app);
  apiKeyRoutes(app);
  contestRoutes(app);
  adminRoutes(app);
  observerRoutes(app);
  historyRoutes(app);
  archiveRoutes(app);
  planRoutes(app);
  runningRoutes(app);
  recordRoutes(app);
  rankingRoutes(app);
  teamRoutes(app);
  portalRoutes(app);
  levelRoutes(app);
  chatRoutes(app);
  shareLinkRoutes(app);
  operatorConsoleRoutes(app);
  webhookRoutes(app);
  // Live channels (README): the season's event stream for the console, the player link for players.
  seasonStreamRoutes(app);
  spectateStreamRoutes(app);
  await playerLinkRoutes(app);
  consoleAndFallback(app, config.webDist);
  return app;
}
