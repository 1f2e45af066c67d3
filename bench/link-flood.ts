/**
 * `npm run bench:link-flood`: one player floods the server through the player link while another caller reads a
 * tournament, through the real server (HTTP and WebSocket on a local port, the real database). The player opens
 * BENCH_LINKS links (300), each authenticates and sends BENCH_ENTERS `enter` frames (45) for the lobby of a
 * running season it is on the roster of, all at once; the flood runs in a worker thread, so that its client work
 * does not share the server's event loop. Meanwhile an organiser calls `fetch_contest_detail` one call after
 * another: its latency before the flood (baseline), during it (until every link has its answers or is closed) and
 * for BENCH_AFTER_S seconds (5) after, as p50 / p99 / max. The flood is given BENCH_FLOOD_CAP_S seconds (180).
 * Runs on the embedded database, then on PostgreSQL when BENCH_DATABASE_URL=postgres://… (a database it may fill).
 */
import { Worker } from 'node:worker_threads';
import { createAccount } from '../packages/server/src/domains/accounts/operator';
import { type Figure, printFigures } from './report';
import { openBenchServer, organiserWithTournament } from './server';

const LINKS = Number(process.env.BENCH_LINKS ?? 300);
const ENTERS = Number(process.env.BENCH_ENTERS ?? 45);
const AFTER_S = Number(process.env.BENCH_AFTER_S ?? 5);
const CAP_S = Number(process.env.BENCH_FLOOD_CAP_S ?? 180);

type FloodResult = {
  /** Links that authenticated. */
  authed: number;
  /** `entered` answers received. */
  entered: number;
  /** `error` answers received, by code. */
  errors: Record<string, number>;
  /** Links closed by the server, by close code. */
  closes: Record<string, number>;
  /** Milliseconds from the first link opening until every frame was sent. */
  sentMs: number;
};

// The flood client, plain JavaScript run in a worker thread (a CommonJS script: `require` loads ws).
const FLOOD_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { WebSocket } = require('ws');
const { url, token, links, enters, season } = workerData;
const result = { authed: 0, entered: 0, errors: {}, closes: {}, sentMs: 0 };
const t0 = performance.now();
let sending = links;
let open = links;
const finish = () => {
  if (--open === 0) parentPort.postMessage({ kind: 'done', result });
};
for (let i = 0; i < links; i++) {
  const ws = new WebSocket(url);
  let answers = 0;
  let sent = false;
  const sentAll = () => {
    if (sent) return;
    sent = true;
    if (--sending === 0) {
      result.sentMs = performance.now() - t0;
      parentPort.postMessage({ kind: 'sent' });
    }
  };
  ws.on('open', () => ws.send(JSON.stringify({ op: 'auth', token })));
  ws.on('message', (data) => {
    const m = JSON.parse(String(data));
    if (m.op === 'authed') {
      result.authed++;
      const frame = JSON.stringify({ op: 'enter', ...season });
      for (let k = 0; k < enters; k++) ws.send(frame);
      sentAll();
      return;
    }
    if (m.op === 'entered') result.entered++;
    else if (m.op === 'error') result.errors[m.code] = (result.errors[m.code] ?? 0) + 1;
    else return;
    if (++answers >= enters) ws.close();
  });
  ws.on('error', () => {});
  ws.on('close', (code) => {
    if (code !== 1005 && code !== 1000) result.closes[code] = (result.closes[code] ?? 0) + 1;
    sentAll();
    finish();
  });
}
`;

const fmt = (x: number, digits = 0) => x.toFixed(digits);
const percentile = (values: number[], p: number) => {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const summary = (values: number[]) =>
  values.length === 0
    ? 'no call finished'
    : `p50 ${fmt(percentile(values, 50))} ms · p99 ${fmt(percentile(values, 99))} ms · max ${fmt(Math.max(...values))} ms (${values.length} calls)`;

async function flood(databaseUrl: string | null): Promise<Figure[]> {
  const server = await openBenchServer('link-flood', { listen: true, databaseUrl });
  const { call, clock, ctx, database } = server;
  try {
    const { stamp, token, season } = await organiserWithTournament(server, {
      name: 'Flood Cup',
      mode: 2,
      startIn: 60,
      endIn: 7 * 86_400,
    });
    const email = `flood-${stamp}@example.test`;
    const player = await createAccount(ctx(), { email, nickname: `F${stamp}`, password: 'bench-pass' });
    await call('POST', 'contest/add_contest_season_player', { ...season, account_list: [player.id] }, token);
    const login = await call<{ token: string }>('POST', 'login', {
      account: email,
      password: 'bench-pass',
      type: 0,
    });
    clock.advance(120);

    const detail = async () => {
      const t = performance.now();
      await call('GET', 'contest/fetch_contest_detail', { unique_id: season.unique_id }, token);
      return performance.now() - t;
    };
    const baseline: number[] = [];
    for (let i = 0; i < 30; i++) baseline.push(await detail());

    const port = (server.app.server.address() as { port: number }).port;
    const worker = new Worker(FLOOD_CLIENT, {
      eval: true,
      workerData: {
        url: `ws://127.0.0.1:${port}/api/player/link`,
        token: login.token,
        links: LINKS,
        enters: ENTERS,
        season,
      },
    });
    const t0 = performance.now();
    let result: FloodResult | null = null;
    let doneAt = 0;
    worker.on('message', (m: { kind: string; result?: FloodResult }) => {
      if (m.kind !== 'done') return;
      result = m.result ?? null;
      doneAt = performance.now();
    });
    const during: number[] = [];
    while (!doneAt && performance.now() - t0 < CAP_S * 1000) during.push(await detail());
    const capped = !doneAt;
    await worker.terminate();
    const floodS = ((doneAt || performance.now()) - t0) / 1000;
    const after: number[] = [];
    const afterStart = performance.now();
    while (performance.now() - afterStart < AFTER_S * 1000) after.push(await detail());

    const r = result as FloodResult | null;
    const counts = (o: Record<string, number>) =>
      Object.entries(o)
        .map(([k, v]) => `${k}×${v}`)
        .join(', ') || 'none';
    return [
      { name: `${database.kind}: fetch_contest_detail before the flood`, value: summary(baseline) },
      { name: `${database.kind}: … during the flood`, value: summary(during) },
      { name: `${database.kind}: … in the ${AFTER_S} s after`, value: summary(after) },
      {
        name: `${database.kind}: flood answered (all links answered or closed)`,
        value: capped ? `not within ${CAP_S} s` : `${fmt(floodS, 1)} s`,
      },
      {
        name: `${database.kind}: links authed · enters answered`,
        value: r ? `${r.authed} of ${LINKS} · ${r.entered} entered` : '—',
      },
      { name: `${database.kind}: refusals (error codes)`, value: r ? counts(r.errors) : '—' },
      {
        name: `${database.kind}: links closed by the server (close codes)`,
        value: r ? counts(r.closes) : '—',
      },
    ];
  } finally {
    await server.close();
  }
}

console.log(
  `taikai link-flood benchmark — ${LINKS} links × ${ENTERS} enter, one account, Node ${process.version}`,
);
const figures = await flood(null);
if (process.env.BENCH_DATABASE_URL) figures.push(...(await flood(process.env.BENCH_DATABASE_URL)));
printFigures(figures);
process.exit(0);
