import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';
import { PREFIXES } from '../http/route';

/** Request latency buckets (seconds): from a cached read to a slow export. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The error envelope starts with its code (`failure` in http/envelope.ts): `{"error":{"code":N`. */
const ERROR_CODE = /^\{"error":\{"code":(-?\d+)/;

/**
 * The name a request is counted under: the call (`fetch_contest_list`, `login`, `player/link`) whichever prefix
 * it came by, another route's pattern (`/healthz`), or `unmatched` (the console's files, unknown paths). Never the
 * raw URL: ids and query strings would make a series per request.
 */
export function callOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern) return 'unmatched';
  for (const prefix of [...PREFIXES].sort((a, b) => b.length - a.length)) {
    if (pattern.startsWith(`${prefix}/`)) return pattern.slice(prefix.length + 1).replace(/^contest\//, '');
  }
  return pattern;
}

/**
 * HTTP metrics: requests by call, HTTP status and the error envelope's code (empty for a success), and their
 * latency by call. Streams and player links count when they are answered (opened), not for their lifetime.
 */
export function httpMetrics(app: FastifyInstance, registry: Registry): void {
  const requests = new Counter({
    name: 'taikai_http_requests_total',
    help: 'HTTP requests answered, by call, HTTP status and error code (empty for a success)',
    labelNames: ['call', 'status', 'code'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'taikai_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by call',
    labelNames: ['call'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const codes = new WeakMap<FastifyRequest, string>();
  // A refusal's code, read from the envelope as sent (game-side refusals answer HTTP 200 with it too).
  app.addHook('onSend', async (request, _reply, payload) => {
    const code = typeof payload === 'string' ? ERROR_CODE.exec(payload)?.[1] : undefined;
    if (code) codes.set(request, code);
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const call = callOf(request);
    requests.inc({ call, status: String(reply.statusCode), code: codes.get(request) ?? '' });
    latency.observe({ call }, reply.elapsedTime / 1000);
  });
}
