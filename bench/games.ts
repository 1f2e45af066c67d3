/**
 * `npm run bench:games`: the game host under load, through the real server (HTTP on a local port, the real
 * database, the engine's worker pool). A season with BENCH_TABLES tables (200) of one player and three robots
 * (ai_level 1): every table is planned through `create_game_plan`, started by the host, played, and recorded.
 * Prints records per minute, the p99 of `contest_running_game_list` during the run, memory per running table and
 * table events stored per second. The player seats are ready (presence, as their player link would declare it)
 * and away, so the engine plays them: the figures are the host's, not a browser's. BENCH_LINKED of them (a tenth)
 * are linked in-process instead and answer each decision at once, so that decisions are timed. The metrics
 * (`TAIKAI_METRICS=1`) are scraped during the run and at its end: running tables, the decision wait, requests.
 * On the embedded database by default; set BENCH_DATABASE_URL=postgres://… (a database it may fill) for PostgreSQL.
 */
import { availableParallelism } from 'node:os';
import { createAccount } from '../packages/server/src/domains/accounts/operator';
import { histogramQuantile, type Sample, samples, select, total } from './prometheus';
import { type Figure, printFigures } from './report';
import { openBenchServer, organiserWithTournament } from './server';

const TABLES = Number(process.env.BENCH_TABLES ?? 200);
const LINKED = Math.min(TABLES, Number(process.env.BENCH_LINKED ?? Math.ceil(TABLES / 10)));
const fmt = (x: number, digits = 1) => x.toFixed(digits);
const percentile = (values: number[], p: number) => {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

const server = await openBenchServer('games', { listen: true, env: { TAIKAI_METRICS: '1' } });
const { database, clock, call, ctx } = server;
const host = server.app.deps.games;

console.log(
  `taikai game-host benchmark — ${TABLES} tables, ${availableParallelism()} cores, Node ${process.version}, ` +
    `${database.kind}`,
);

// An organiser, a tournament whose season is running, and a roster of one player per table.
const { stamp, token, season } = await organiserWithTournament(server, {
  name: 'Bench Cup',
  mode: 2,
  startIn: 60,
  endIn: 7 * 86_400,
});
const players: number[] = [];
for (let i = 0; i < TABLES; i++) {
  const made = await createAccount(ctx(), {
    email: `bench-${stamp}-${i}@example.test`,
    nickname: `B${stamp}${i}`,
  });
  players.push(made.id);
}
await call('POST', 'contest/add_contest_season_player', { ...season, account_list: players }, token);
clock.advance(120);
for (const id of players) host.presence.add(season.unique_id, season.season_id, id, clock.now());
// The linked players answer every decision on the next turn of the event loop, with the default reply.
for (const id of players.slice(0, LINKED)) {
  host.live.onAccount(id, (out) => {
    if (out.op !== 'game_message' || !out.ask) return;
    const ask = out.ask;
    setImmediate(() => host.answer(id, out.game_uuid, ask.id, {}));
  });
  host.linkChanged(id);
}

/** GET /metrics as a scraper would, with the time it took (ms). */
async function scrape(): Promise<{ all: Sample[]; ms: number }> {
  const t = performance.now();
  const res = await server.app.inject({ method: 'GET', url: '/metrics' });
  if (res.statusCode !== 200) throw new Error(`/metrics: ${res.statusCode}`);
  return { all: samples(res.body), ms: performance.now() - t };
}

// The run: the running list polled one request after another, memory and running tables sampled.
const latencies: number[] = [];
let peakRunning = 0;
let peakRss = 0;
let done = false;
const sampler = setInterval(() => {
  const running = host.runningCount;
  if (running > peakRunning) {
    peakRunning = running;
    peakRss = process.memoryUsage().rss;
  }
}, 50);

// Every table is planned for the same start, then the clock reaches it: all of them start at once.
const planStart = performance.now();
const startAt = clock.now() + 600;
await Promise.all(
  players.map((id) =>
    call(
      'POST',
      'contest/create_game_plan',
      { ...season, account_list: [id, 0, 0, 0], ai_level: 1, game_start_time: startAt },
      token,
    ),
  ),
);
const planning = (performance.now() - planStart) / 1000;
await new Promise((r) => setTimeout(r, 500));
const rssBefore = process.memoryUsage().rss;
const storedBefore = host.eventsStored;
const poller = (async () => {
  while (!done) {
    const t = performance.now();
    await call('GET', 'contest/contest_running_game_list', season, token);
    latencies.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
})();
// Scraped every second, as Prometheus would; the scrape with the most running tables is kept.
let peakScrape: Sample[] = [];
const scrapeMs: number[] = [];
const scraper = (async () => {
  while (!done) {
    const { all, ms } = await scrape();
    scrapeMs.push(ms);
    if (total(all, 'taikai_running_tables') >= total(peakScrape, 'taikai_running_tables')) peakScrape = all;
    await new Promise((r) => setTimeout(r, 1000));
  }
})();
const t0 = performance.now();
clock.advance(600);
host.kick();
let records = 0;
while (records < TABLES) {
  await new Promise((r) => setTimeout(r, 200));
  records = (
    await call<{ total: number }>('GET', 'contest/fetch_contest_game_records', { ...season, limit: 1 }, token)
  ).total;
}
const seconds = (performance.now() - t0) / 1000;
done = true;
await poller;
await scraper;
clearInterval(sampler);
const stored = host.eventsStored - storedBefore;
const { all: end } = await scrape();
const decisions = total(end, 'taikai_decision_seconds_count');
const decisionMs = (q: number) => fmt(histogramQuantile(end, 'taikai_decision_seconds', q) * 1000, 0);
const requests = (call: string) =>
  select(end, 'taikai_http_requests_total', { call })
    .map((s) => `${s.value} × ${s.labels.status}${s.labels.code ? ` code ${s.labels.code}` : ''}`)
    .join(', ') || '0';

const figures: Figure[] = [
  { name: 'tables played and recorded (all started together)', value: `${TABLES} in ${fmt(seconds)} s` },
  {
    name: 'create_game_plan, all tables in parallel',
    value: `${fmt(planning, 1)} s (${fmt((planning / TABLES) * 1000, 0)} ms per plan)`,
  },
  { name: 'records per minute', value: fmt((TABLES / seconds) * 60, 0) },
  {
    name: 'contest_running_game_list p99 during the run',
    value: `${fmt(percentile(latencies, 99))} ms (median ${fmt(percentile(latencies, 50))} ms, ${latencies.length} calls)`,
  },
  {
    name: 'memory per running table (rss at peak ÷ tables)',
    value: `${fmt((peakRss - rssBefore) / 1024 / Math.max(1, peakRunning), 0)} KiB (peak ${peakRunning} running)`,
  },
  { name: 'table events stored per second', value: `${fmt(stored / seconds, 0)} (${stored} events)` },
  {
    name: 'metrics: taikai_running_tables at its peak scrape',
    value: `${total(peakScrape, 'taikai_running_tables')} (${scrapeMs.length} scrapes, slowest ${fmt(Math.max(0, ...scrapeMs))} ms)`,
  },
  {
    name: `metrics: decision wait p50 / p99 (histogram, ${LINKED} linked players)`,
    value: `${decisionMs(0.5)} / ${decisionMs(0.99)} ms (${decisions} decisions)`,
  },
  {
    name: 'metrics: requests create_game_plan · running list · records',
    value: [
      requests('create_game_plan'),
      requests('contest_running_game_list'),
      requests('fetch_contest_game_records'),
    ].join(' · '),
  },
];
console.log('');
printFigures(figures);

await server.close();
