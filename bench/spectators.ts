/**
 * `npm run bench:spectators`: what spectators cost the players of the table they watch. Through the real server
 * (HTTP on a local port, the real database, the engine's worker pool): one table of four players linked
 * in-process, each answering every decision on the next turn of the event loop. Games are played in rounds, one
 * with no spectator, then one with BENCH_SPECTATORS (500) spectator streams open on it (`spectate_game` over
 * HTTP, read to the end as a browser would), BENCH_ROUNDS times (2). The tournament's spectator delay is
 * BENCH_SPECTATE_DELAY seconds (0: every event goes out as it happens, the most work while players play).
 * Prints the decision wait (the host's own timing, from the table asking to the answer arriving) with and without
 * spectators, the game's length, and what each spectator received. The spectators read in a worker thread of
 * their own (`spectators-reader.mjs`): what the server does for them is measured, not what browsers do.
 * On the embedded database by default; set BENCH_DATABASE_URL=postgres://… (a database it may fill) for PostgreSQL.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { createAccount } from '../packages/server/src/domains/accounts/operator';
import type { GameHost } from '../packages/server/src/games/host';
import { type Figure, printFigures } from './report';
import { openBenchServer, organiserWithTournament } from './server';

const SPECTATORS = Number(process.env.BENCH_SPECTATORS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const DELAY = Number(process.env.BENCH_SPECTATE_DELAY ?? 0);
const fmt = (x: number, digits = 1) => x.toFixed(digits);
const percentile = (values: number[], p: number) => {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

const server = await openBenchServer('spectators', {
  listen: true,
  env: {
    // The spectators are one account from one address: their caps are raised for the benchmark.
    LIVE_STREAMS_PER_ACCOUNT: String(SPECTATORS + 10),
    LIVE_STREAMS_PER_ADDRESS: String(SPECTATORS + 10),
    // Four people at a table would wait a call window after every discard: off, so decisions follow each other.
    TAIKAI_CALL_WINDOW_MS: '0',
  },
});
const { database, clock, call, ctx } = server;
// The host itself (not only its port): the benchmark times decisions as the metrics do.
const host = server.app.deps.games as unknown as GameHost;
const base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;

console.log(
  `taikai spectator benchmark — ${SPECTATORS} spectators, ${ROUNDS} rounds, delay ${DELAY} s, ` +
    `${availableParallelism()} cores, Node ${process.version}, ${database.kind}`,
);

const { stamp, token, season } = await organiserWithTournament(server, {
  name: 'Spectator Cup',
  mode: 2,
  startIn: 60,
  endIn: 7 * 86_400,
});
await call(
  'POST',
  'contest/update_contest_base',
  {
    unique_id: season.unique_id,
    setting: { spectate_delay: DELAY },
  },
  token,
);
const players: number[] = [];
for (let i = 0; i < 4; i++) {
  const made = await createAccount(ctx(), {
    email: `spec-${stamp}-${i}@example.test`,
    nickname: `S${stamp}${i}`,
  });
  players.push(made.id);
}
await call('POST', 'contest/add_contest_season_player', { ...season, account_list: players }, token);
clock.advance(120);

// The players answer every decision at once, once the round lets them play (its spectators are in).
let playing = false;
const waiting: (() => void)[] = [];
for (const id of players) {
  host.live.onAccount(id, (out) => {
    if (out.op !== 'game_message' || !out.ask) return;
    const ask = out.ask;
    const answer = () => setImmediate(() => host.answer(id, out.game_uuid, ask.id, {}));
    if (playing) answer();
    else waiting.push(answer);
  });
  host.linkChanged(id);
}
let waits: number[] = [];
host.timeDecisions((seconds) => waits.push(seconds * 1000));

type Seen = { events: number; bytes: number };

/**
 * `count` spectators of a game, reading in a worker thread of their own (remote browsers' work is not the
 * server's): resolves once every stream has had its `hello`; `ended` once they all ended.
 */
async function spectators(uuid: string, count: number): Promise<{ ended: Promise<Seen> }> {
  const query = new URLSearchParams({ unique_id: String(season.unique_id), uuid });
  const worker = new Worker(new URL('./spectators-reader.mjs', import.meta.url), {
    workerData: { url: `${base}/api/contest/spectate_game?${query}`, token, count },
  });
  let opened: () => void = () => {};
  const open = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const ended = new Promise<Seen>((resolve, reject) => {
    worker.on('message', (m: { kind: string; first?: Seen; error?: string }) => {
      if (m.kind === 'open') opened();
      if (m.kind === 'error') reject(new Error(m.error));
      if (m.kind === 'done') resolve(m.first as Seen);
    });
    worker.on('error', reject);
  });
  await Promise.race([open, ended]);
  return { ended: ended.finally(() => worker.terminate()) };
}

/** Plays one game with `watchers` spectators; answers its decision waits, its length and its spectators. */
async function round(watchers: number) {
  const before = (
    await call<{ total: number }>('GET', 'contest/fetch_contest_game_records', { ...season, limit: 1 }, token)
  ).total;
  for (const id of players) host.presence.add(season.unique_id, season.season_id, id, clock.now());
  playing = false;
  await call('POST', 'contest/create_game_plan', { ...season, account_list: players }, token);
  let uuid = '';
  while (!uuid) {
    const running = await call<{ game_uuid: string }[]>(
      'GET',
      'contest/contest_running_game_list',
      season,
      token,
    );
    uuid = running[0]?.game_uuid ?? '';
    if (!uuid) await new Promise((r) => setTimeout(r, 50));
  }
  const watching = watchers > 0 ? await spectators(uuid, watchers) : null;
  waits = [];
  const t0 = performance.now();
  playing = true;
  for (const answer of waiting.splice(0)) answer();
  let total = before;
  while (total <= before) {
    await new Promise((r) => setTimeout(r, 100));
    total = (
      await call<{ total: number }>(
        'GET',
        'contest/fetch_contest_game_records',
        { ...season, limit: 1 },
        token,
      )
    ).total;
  }
  const seconds = (performance.now() - t0) / 1000;
  const seen = (await watching?.ended) ?? null;
  return { waits, seconds, seen };
}

const without: number[] = [];
const withSpectators: number[] = [];
const lengths = { without: [] as number[], with: [] as number[] };
let received = { events: 0, bytes: 0 };
for (let r = 0; r < ROUNDS; r++) {
  const a = await round(0);
  without.push(...a.waits);
  lengths.without.push(a.seconds);
  const b = await round(SPECTATORS);
  withSpectators.push(...b.waits);
  lengths.with.push(b.seconds);
  received = b.seen ?? received;
  console.log(
    `round ${r + 1}: ${fmt(a.seconds)} s without, ${fmt(b.seconds)} s with ${SPECTATORS} spectators ` +
      `(${a.waits.length} / ${b.waits.length} decisions)`,
  );
}

const describe = (values: number[]) =>
  `${fmt(percentile(values, 50), 2)} / ${fmt(percentile(values, 99), 2)} ms (mean ${fmt(
    values.reduce((a, b) => a + b, 0) / Math.max(1, values.length),
    2,
  )} ms, ${values.length} decisions)`;
const figures: Figure[] = [
  { name: 'decision wait p50 / p99, no spectator', value: describe(without) },
  { name: `decision wait p50 / p99, ${SPECTATORS} spectators`, value: describe(withSpectators) },
  {
    name: 'game length without / with spectators',
    value: `${lengths.without.map((s) => fmt(s)).join(', ')} s / ${lengths.with.map((s) => fmt(s)).join(', ')} s`,
  },
  {
    name: 'one spectator received (last round)',
    value: `${received.events} events, ${fmt(received.bytes / 1024, 0)} KiB`,
  },
];
console.log('');
printFigures(figures);

await server.close();
