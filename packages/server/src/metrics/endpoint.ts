import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Config } from '../config';

/**
 * `GET /metrics`: the exposition on the main port (`TAIKAI_METRICS=1`), or on a small server of its own on
 * `TAIKAI_METRICS_HOST:port` (`TAIKAI_METRICS=<port>`), which starts and stops with the app. Elsewhere the main
 * port answers 404 rather than the console's page. Scrapes are not logged below warnings.
 */
export function metricsEndpoint(
  app: FastifyInstance,
  registry: Registry | null,
  settings: Config['metrics'],
): void {
  const here = registry && settings && settings.port === undefined ? registry : null;
  app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!here) return reply.status(404).type('text/plain').send('metrics are not served on this port\n');
    return reply.type(here.contentType).send(await here.metrics());
  });
  if (!registry || settings?.port === undefined) return;
  const { port, host } = settings;
  let server: Server | null = null;
  app.addHook('onReady', async () => {
    const listening = createServer((request, response) => {
      const path = (request.url ?? '').split('?')[0];
      if (request.method !== 'GET' || path !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
        return;
      }
      registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (err) => {
          app.log.warn({ err }, 'metrics: a scrape failed');
          response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, host, () => {
        listening.off('error', reject);
        resolve();
      });
    });
    server = listening;
    app.log.info(`metrics served at http://${host}:${port}/metrics`);
  });
  app.addHook('onClose', async () => {
    const open = server;
    server = null;
    if (!open) return;
    const closed = new Promise<void>((resolve) => open.close(() => resolve()));
    open.closeAllConnections();
    await closed;
  });
}
