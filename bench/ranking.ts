/**
 * `npm run bench:ranking`: the season ranking on a big season, through the real server (Fastify's inject, the
 * real schema and queries). A season of BENCH_PLAYERS players (3000) and BENCH_RECORDS records (100 000) is
 * written in bulk straight into the tables the game host writes (game_records, record_players): four players a
 * table, raw final points summing to 100 000, settled with the engine's own settlement (places 1–4, points
 * summing to zero). Then prints the median and p95 of the ranking's first page (100 rows) under "best 5
 * consecutive" (15), "recent 10" (110) and the calculated ranking; the time from a record's commit (through the
 * host's record writer) to its effect in the next ranking read; and the 5 000-row download (50 pages of 100).
 * On the embedded database by default; BENCH_DATABASE_URL=postgres://… (a database it may fill) for PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { settle, type TableEvent } from '@taikai/engine';
import { sql } from 'drizzle-orm';
import { accounts, type GameSeatRow, games, seasonPlayers, seasons } from '../packages/server/src/db/schema';
import { recountStatement } from '../packages/server/src/domains/ranking/queries';
import { writeRecord } from '../packages/server/src/games/record-writer';
import { type Figure, printFigures } from './report';
import { BENCH_RULE, seededRandom, seedRecords } from './seed-records';
import { openBenchServer, organiserWithTournament } from './server';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 3000);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 21);
const GOAL_MS = 150;

const percentile = (values: number[], p: number) => {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

const server = await openBenchServer('ranking', { gameWorkers: 1 });
const { database, clock, call } = server;
const db = database.db;

console.log(
  `taikai ranking benchmark — ${PLAYERS} players, ${RECORDS} records, Node ${process.version}, ${database.kind}`,
);

// The organiser and a tournament through the API.
const { stamp, token, season } = await organiserWithTournament(server, {
  name: 'Ranking bench',
  mode: 1,
  startIn: 86_400,
  endIn: 8 * 86_400,
});
const now = clock.now();

// The players: accounts and the season's roster, in bulk.
const loadStart = performance.now();
const ids: number[] = [];
for (let i = 0; i < PLAYERS; i += 1000) {
  const rows = await db
    .insert(accounts)
    .values(
      Array.from({ length: Math.min(1000, PLAYERS - i) }, (_, j) => ({
        email: `bench-${stamp}-${i + j}@example.test`,
        nickname: `P${stamp}${i + j}`,
        createTime: now,
      })),
    )
    .returning({ id: accounts.id });
  ids.push(...rows.map((r) => r.id));
  await db.insert(seasonPlayers).values(
    rows.map((r) => ({
      uniqueId: season.unique_id,
      seasonId: season.season_id,
      accountId: r.id,
      state: 2,
      createTime: now,
      updateTime: now,
    })),
  );
}

// The records: rounds in which every player plays one table (a seeded shuffle per round), two seconds apart.
const base = now - RECORDS * 2;
await seedRecords(db, season, ids, {
  count: RECORDS,
  random: seededRandom(),
  endTimeOf: (g) => base + g * 2,
});
const loadSeconds = (performance.now() - loadStart) / 1000;
// The bulk rows skipped the record writer: count every player once, as the migration does for a season.
const recountStart = performance.now();
await db.execute(recountStatement(sql`unique_id = ${season.unique_id} and season_id = ${season.season_id}`));
const recountSeconds = (performance.now() - recountStart) / 1000;
// PostgreSQL's autovacuum would have analysed the tables after such a load; do it now on both.
await db.execute(sql`analyze record_players`);
await db.execute(sql`analyze ranking_players`);
console.log(`loaded in ${loadSeconds.toFixed(1)} s; every player counted in ${recountSeconds.toFixed(1)} s`);

const setRule = (code: number) =>
  db
    .update(seasons)
    .set({ rankRule: code })
    .where(sql`${seasons.uniqueId} = ${season.unique_id} and ${seasons.seasonId} = ${season.season_id}`);

type RankRes = { list: { account_id: number; score: number; rank: number }[]; total: number };
const rankPage = (offset = 0, limit = 100) =>
  call<RankRes>('POST', 'contest/fetch_season_player_rank', { ...season, offset, limit }, token);
const calcPage = () =>
  call<RankRes>(
    'POST',
    'contest/fetch_season_player_calc_rank',
    { ...season, setting: { points: [30, 10, -10, -30], divisor: 1, min_games: 10 }, offset: 0, limit: 100 },
    token,
  );

async function timed(read: () => Promise<unknown>): Promise<number[]> {
  await read();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    await read();
    times.push(performance.now() - t);
  }
  return times;
}

const figures: Figure[] = [];
const firstPage = (name: string, times: number[]) => {
  const median = percentile(times, 50);
  figures.push({
    name: `${name}: first page (100 rows), median`,
    value: ms(median),
    goal: `≤ ${GOAL_MS} ms`,
    pass: median <= GOAL_MS,
  });
  figures.push({ name: `${name}: first page, p95`, value: ms(percentile(times, 95)) });
};

await setRule(15);
const consecutive = await timed(() => rankPage());
firstPage('best 5 consecutive (15)', consecutive);
await setRule(110);
const recent = await timed(() => rankPage());
firstPage('recent 10 (110)', recent);
const calc = await timed(calcPage);
firstPage('calculated (30/10/−10/−30, min 10 games)', calc);

// A record through the host's record writer, then the next ranking read: the leader loses a big game.
await setRule(0);
const before = await rankPage(0, 1);
const leader = before.list[0];
const others = ids.filter((id) => id !== leader.account_id).slice(0, 3);
const gameUuid = randomUUID();
const seats: GameSeatRow[] = [leader.account_id, ...others].map((id) => ({
  account_id: id,
  nickname: '',
  init_points: 25000,
}));
await db.insert(games).values({
  uuid: gameUuid,
  uniqueId: season.unique_id,
  seasonId: season.season_id,
  state: 2,
  roundType: 1,
  detailRule: {},
  aiLevel: 0,
  seats,
  seed: '',
  commitment: '',
  startTime: clock.now() - 1200,
  updateTime: clock.now(),
});
const settlement = settle([-20000, 60000, 40000, 20000], 0, BENCH_RULE);
const finished = {
  type: 'finished',
  tableId: gameUuid,
  reason: 'end',
  settlement,
  progress: { chang: 0, ju: 3, ben: 0, liqibang: 0, scores: [-20000, 60000, 40000, 20000] },
  log: [],
  seed: '',
  commitment: '',
} as unknown as Extract<TableEvent, { type: 'finished' }>;
const commitStart = performance.now();
await writeRecord(
  db,
  { uuid: gameUuid, ...{ uniqueId: season.unique_id, seasonId: season.season_id }, seats },
  finished,
  clock.now(),
);
const committed = performance.now();
const after = await rankPage(0, 100);
const seen = performance.now();
const changed = after.list.find((r) => r.account_id === leader.account_id)?.score !== leader.score;
figures.push({
  name: 'record written (host record writer, one transaction)',
  value: ms(committed - commitStart),
});
figures.push({
  name: 'commit → effect in the next ranking read',
  value: `${ms(seen - committed)}${changed ? '' : ' (NOT SEEN)'}`,
  goal: '≤ 1 s',
  pass: changed && seen - committed <= 1000,
});

// The download: 50 pages of 100 under the season's rule.
await setRule(15);
const downloadStart = performance.now();
let rows = 0;
for (let page = 0; page < 50; page++) rows += (await rankPage(page * 100, 100)).list.length;
figures.push({
  name: `ranking download, 50 pages of 100 (${rows} rows, best 5 consecutive)`,
  value: `${((performance.now() - downloadStart) / 1000).toFixed(2)} s`,
});

console.log();
printFigures(figures);
await server.close();
