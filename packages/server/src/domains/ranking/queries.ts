import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedSql } from '../../db/prepared';

// The rankings' SQL. A player's counted games are their seats (not a robot's, account 0) of the season's records
// that are not removed; the partial index `record_players_ranking_idx` holds exactly those rows in each player's
// end-time order (`end_time`, then `record_uuid` for games ending in one second). `ranking_players` holds each
// player's figures, recounted from those rows in the transaction that changes them, so that every read is
// fresh and reads one row per player, not every game of the season.

export type SeasonKey = { uniqueId: number; seasonId: number };
/** A season key in a statement: values, or placeholders of a prepared statement. */
type KeyValues = { uniqueId: number | Placeholder; seasonId: number | Placeholder };
const KEY_PLACEHOLDERS: KeyValues = {
  uniqueId: sql.placeholder('uniqueId'),
  seasonId: sql.placeholder('seasonId'),
};
/** A name for the statements of a counting rule (its count is written into their text). */
const ruleName = (rule: Counting) => (rule.kind === 'all' ? 'all' : `${rule.kind}_${rule.count}`);
export type Paging = { offset: number; limit: number };

/** What a ranking sums: every game, a player's N most recent games, or their best N consecutive games. */
export type Counting =
  | { kind: 'all' }
  | { kind: 'recent'; count: number }
  | { kind: 'consecutive'; count: number };

/** A validated count (1…10) as a literal: it indexes the arrays of `ranking_players`. */
const literal = (n: number): SQL => {
  if (!Number.isInteger(n) || n < 1 || n > SERIES_MAX) throw new RangeError(`bad count ${n}`);
  return sql.raw(String(n));
};

/** The longest series `ranking_players` keeps (the rank rules count 2…10 games). */
export const SERIES_MAX = 10;

/**
 * The statement that recounts `ranking_players` from the counted seats that `filter` selects (whole players:
 * the filter names seasons and accounts). The migration that made the table ran it over every season.
 */
export function recountStatement(filter: SQL): SQL {
  // Each game i of a player (end-time order) with the totals of the k games ending at it (k = 1 … 10, k ≤ i);
  // then, per player and k: the best of them (its earliest end), and the one ending at the latest game. Only
  // grouping, no joins: the statement stays linear whatever the planner knows of the tables.
  return sql`
    insert into ranking_players (unique_id, season_id, account_id, games, total_point, place_1, place_2, place_3,
      place_4, place_sum, latest_uuid, recent_points, best_points, best_ends)
    with c as (
      select unique_id, season_id, account_id, record_uuid, place,
        row_number() over p as i,
        count(*) over (partition by unique_id, season_id, account_id) as n,
        sum(total_point::bigint) over (p rows between unbounded preceding and current row) as cum
      from record_players
      where removed = 0 and account_id <> 0 and ${filter}
      window p as (partition by unique_id, season_id, account_id order by end_time, record_uuid)
    ), s as (
      select *, array[
          cum - lag(cum, 1, 0::bigint) over p,
          cum - lag(cum, 2, 0::bigint) over p,
          cum - lag(cum, 3, 0::bigint) over p,
          cum - lag(cum, 4, 0::bigint) over p,
          cum - lag(cum, 5, 0::bigint) over p,
          cum - lag(cum, 6, 0::bigint) over p,
          cum - lag(cum, 7, 0::bigint) over p,
          cum - lag(cum, 8, 0::bigint) over p,
          cum - lag(cum, 9, 0::bigint) over p,
          cum - lag(cum, 10, 0::bigint) over p
        ] as ending
      from c
      window p as (partition by unique_id, season_id, account_id order by i)
    ), per_k as (
      select s.unique_id, s.season_id, s.account_id, u.k,
        max(u.series) as best,
        (array_agg(s.record_uuid order by u.series desc, s.i))[1] as best_end,
        max(u.series) filter (where s.i = s.n) as recent,
        count(*) as games, sum(u.series) as total, sum(s.place) as place_sum,
        count(*) filter (where s.place = 1) as p1, count(*) filter (where s.place = 2) as p2,
        count(*) filter (where s.place = 3) as p3, count(*) filter (where s.place = 4) as p4,
        (array_agg(s.record_uuid order by s.i desc))[1] as latest
      from s cross join lateral unnest(s.ending) with ordinality as u(series, k)
      where u.k <= s.i
      group by s.unique_id, s.season_id, s.account_id, u.k
    )
    select unique_id, season_id, account_id,
      max(games) filter (where k = 1), max(total) filter (where k = 1),
      max(p1) filter (where k = 1), max(p2) filter (where k = 1), max(p3) filter (where k = 1),
      max(p4) filter (where k = 1), max(place_sum) filter (where k = 1), max(latest) filter (where k = 1),
      array_agg(recent order by k), array_agg(best order by k), array_agg(best_end order by k)
    from per_k group by unique_id, season_id, account_id`;
}

/** First key of the two-key advisory lock a recount holds on its tournament until its transaction ends. */
const RECOUNT_LOCK_SPACE = 7_351_004;

/**
 * Recounts some players of a season (robots, account 0, are never counted), in the caller's transaction (which
 * must be one): the record writer after a record, the records service after a removal or a restore.
 */
export async function recountPlayers(
  db: Executor,
  key: SeasonKey,
  accountIds: readonly number[],
): Promise<void> {
  const ids = [...new Set(accountIds)].filter((id) => id !== 0);
  if (ids.length === 0) return;
  const among = sql`unique_id = ${key.uniqueId} and season_id = ${key.seasonId} and account_id in (${sql.join(
    ids.map((a) => sql`${a}`),
    sql`, `,
  )})`;
  // One recount of a tournament's players at a time, each after the previous one committed: two transactions
  // recounting the same player (a record written while another is removed) would otherwise both delete the old
  // row and the second insert would fail, or count without the other's change.
  await db.execute(sql`select pg_advisory_xact_lock(${RECOUNT_LOCK_SPACE}, ${key.uniqueId})`);
  await db.execute(sql`delete from ranking_players where ${among}`);
  await db.execute(recountStatement(among));
}

/**
 * Each ranked player's season figures as a relation `(account_id, games, total_point)`: every counted game, not
 * only those a rank rule counts. Other domains join it (a team's figures are its members' added up).
 */
export function seasonTotals(key: SeasonKey): SQL {
  return sql`select account_id, games, total_point from ranking_players
    where unique_id = ${key.uniqueId} and season_id = ${key.seasonId}`;
}

/** The accounts seated in a record (robots included as 0). */
export async function seatedIn(db: Executor, recordUuid: string): Promise<number[]> {
  const result = await db.execute(
    sql`select account_id from record_players where record_uuid = ${recordUuid}`,
  );
  return rowsOf(result).map((r) => num(r.account_id));
}

/**
 * Each ranked player's figures under a counting rule: score, counted games, whether qualified, the last counted
 * game. A player with fewer games than the rule counts is not qualified and scores the total of their games.
 */
function scoresOf(key: KeyValues, rule: Counting): SQL {
  let score = sql`total_point`;
  let counted = sql`games`;
  let qualified = sql`1`;
  let uuid = sql`latest_uuid`;
  if (rule.kind !== 'all') {
    const n = literal(rule.count);
    const enough = sql`games >= ${n}`;
    const points = rule.kind === 'recent' ? sql`recent_points` : sql`best_points`;
    score = sql`case when ${enough} then ${points}[${n}] else total_point end`;
    counted = sql`least(games, ${n})`;
    qualified = sql`(${enough})::int`;
    if (rule.kind === 'consecutive')
      uuid = sql`case when ${enough} then best_ends[${n}] else latest_uuid end`;
  }
  return sql`
    select account_id, games, ${score} as score, ${counted} as counted, ${qualified} as qualified,
      ${uuid} as uuid, total_point, place_1, place_2, place_3, place_4
    from ranking_players where unique_id = ${key.uniqueId} and season_id = ${key.seasonId}`;
}

/** Qualified players first, then by score; equal (qualified, score) share a rank (1, 1, 3). */
const ranked = (key: KeyValues, rule: Counting): SQL => sql`
  select *, rank() over (order by qualified desc, score desc) as rank from (${scoresOf(key, rule)}) p`;

export type RankedRow = {
  accountId: number;
  rank: number;
  score: number;
  games: number;
  counted: number;
  qualified: number;
  uuid: string;
  total: number;
  places: [number, number, number, number];
};

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown): Raw[] => (result as { rows: Raw[] }).rows;
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const placesOf = (r: Raw): [number, number, number, number] => [
  num(r.place_1),
  num(r.place_2),
  num(r.place_3),
  num(r.place_4),
];

function rankedRow(r: Raw): RankedRow {
  return {
    accountId: num(r.account_id),
    rank: num(r.rank),
    score: num(r.score),
    games: num(r.games),
    counted: num(r.counted),
    qualified: num(r.qualified),
    uuid: String(r.uuid ?? ''),
    total: num(r.total_point),
    places: placesOf(r),
  };
}

/** A ranked row with the names the season shows for its player. */
export type NamedRankedRow = RankedRow & { nickname: string; remark: string };

/**
 * One page of the season's ranking under a rule (rank, then account id within a rank), and how many players
 * are ranked; each row with the player's name in the season (their season nickname, else their account's) and
 * their season remark, read in the same statement (the roster's and accounts' tables, only for the page).
 */
export async function rankPage(
  db: Executor,
  key: SeasonKey,
  rule: Counting,
  page: Paging,
): Promise<{ rows: NamedRankedRow[]; total: number }> {
  // Prepared: PostgreSQL took longer to plan this statement than to run it.
  const name = `rank_page_${ruleName(rule)}`;
  const result = await preparedSql(db, name, () => {
    const key = KEY_PLACEHOLDERS;
    return sql`
    select p.*, coalesce(sp.nickname, a.nickname, '') as shown_nickname, coalesce(sp.remark, '') as shown_remark
    from (
      select *, count(*) over () as n from (${ranked(key, rule)}) r
      order by rank, account_id limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
    ) p
    left join season_players sp
      on sp.unique_id = ${key.uniqueId} and sp.season_id = ${key.seasonId} and sp.account_id = p.account_id
    left join accounts a on a.id = p.account_id
    order by p.rank, p.account_id`;
  }).execute({ ...key, limit: page.limit, offset: page.offset });
  const rows = rowsOf(result);
  const total = rows.length > 0 ? num(rows[0].n) : await rankedCount(db, key);
  return {
    total,
    rows: rows.map((r) => ({
      ...rankedRow(r),
      nickname: String(r.shown_nickname ?? ''),
      remark: String(r.shown_remark ?? ''),
    })),
  };
}

/** How many players a season ranks (those with a counted game). */
export async function rankedCount(db: Executor, key: SeasonKey): Promise<number> {
  const result = await db.execute(sql`
    select count(*) as n from ranking_players where unique_id = ${key.uniqueId} and season_id = ${key.seasonId}`);
  return num(rowsOf(result)[0]?.n);
}

/** One player's place in the season's ranking under a rule, or undefined when they are not ranked. */
export async function rankOf(
  db: Executor,
  key: SeasonKey,
  rule: Counting,
  accountId: number,
): Promise<RankedRow | undefined> {
  const result = await db.execute(
    sql`select * from (${ranked(key, rule)}) r where account_id = ${accountId}`,
  );
  const [row] = rowsOf(result);
  return row ? rankedRow(row) : undefined;
}

/** The calculated ranking's setting, as SQL reads it: four position points, a divisor, a minimum game count. */
export type CalcSetting = { points: readonly number[]; divisor: number; minGames: number };

export type CalcRow = {
  accountId: number;
  rank: number;
  score: number;
  total: number;
  games: number;
  places: [number, number, number, number];
};

/** A JS number as an exact SQL numeric (position points and the divisor may have decimals). */
const numeric = (x: number): SQL => sql`${String(x)}::numeric`;

/**
 * One page of the calculated ranking: score = Σ total_point × divisor + 1000 × Σ points[place − 1], i.e.
 * (total/1000 × divisor + the position points) × 1000, rounded half away from zero; only players with
 * `minGames` games; equal scores share a rank.
 */
export async function calcRankPage(
  db: Executor,
  key: SeasonKey,
  setting: CalcSetting,
  page: Paging,
): Promise<{ rows: CalcRow[]; total: number }> {
  const [p1, p2, p3, p4] = setting.points.map(numeric);
  const eligible = sql`
    from ranking_players
    where unique_id = ${key.uniqueId} and season_id = ${key.seasonId} and games >= ${setting.minGames}`;
  const result = await db.execute(sql`
    select *, rank() over (order by score desc) as rank, count(*) over () as n from (
      select account_id, games, total_point, place_1, place_2, place_3, place_4,
        round(total_point * ${numeric(setting.divisor)}
          + 1000 * (place_1 * ${p1} + place_2 * ${p2} + place_3 * ${p3} + place_4 * ${p4})) as score
      ${eligible}
    ) s order by rank, account_id limit ${page.limit} offset ${page.offset}`);
  const rows = rowsOf(result);
  let total = num(rows[0]?.n);
  if (rows.length === 0) {
    total = num(rowsOf(await db.execute(sql`select count(*) as n ${eligible}`))[0]?.n);
  }
  return {
    total,
    rows: rows.map((r) => ({
      accountId: num(r.account_id),
      rank: num(r.rank),
      score: num(r.score),
      total: num(r.total_point),
      games: num(r.games),
      places: placesOf(r),
    })),
  };
}

/** A player's season in numbers: every counted game, not only those a rule counts. */
export type PlayerTotals = {
  games: number;
  total: number;
  places: [number, number, number, number];
  placeSum: number;
  /** The best total of N consecutive games (N of the rule; every game for rule "all"; all they have when fewer). */
  bestSeries: number;
};

/** The season totals of some players (those without counted games are absent). */
export async function totalsAmong(
  db: Executor,
  key: SeasonKey,
  rule: Counting,
  accountIds: readonly number[],
): Promise<Map<number, PlayerTotals>> {
  if (accountIds.length === 0) return new Map();
  const best =
    rule.kind === 'all'
      ? sql`total_point`
      : sql`case when games >= ${literal(rule.count)} then best_points[${literal(rule.count)}] else total_point end`;
  const result = await db.execute(sql`
    select account_id, games, total_point, place_1, place_2, place_3, place_4, place_sum, ${best} as best
    from ranking_players
    where unique_id = ${key.uniqueId} and season_id = ${key.seasonId}
      and account_id in (${sql.join(
        accountIds.map((a) => sql`${a}`),
        sql`, `,
      )})`);
  return new Map(
    rowsOf(result).map((r) => [
      num(r.account_id),
      {
        games: num(r.games),
        total: num(r.total_point),
        places: placesOf(r),
        placeSum: num(r.place_sum),
        bestSeries: num(r.best),
      },
    ]),
  );
}

/** What a roster list shows of a player's season: counted games, best series, the latest 10 games. */
export type AccountData = {
  games: number;
  bestSeries: number;
  recent: { place: number; totalPoint: number }[];
};

/**
 * `totalsAmong` and `recentGamesAmong(…, 10)` in one statement, for a page of players: each player's counted
 * games and best series under the rule, and their latest 10 counted games (place, points), newest first.
 */
export async function accountDataAmong(
  db: Executor,
  key: SeasonKey,
  rule: Counting,
  accountIds: readonly number[],
): Promise<Map<number, AccountData>> {
  if (accountIds.length === 0) return new Map();
  const best =
    rule.kind === 'all'
      ? sql`t.total_point`
      : sql`case when t.games >= ${literal(rule.count)} then t.best_points[${literal(rule.count)}] else t.total_point end`;
  const result = await preparedSql(db, `account_data_${ruleName(rule)}`, () => {
    const key = KEY_PLACEHOLDERS;
    return sql`
    select ids.account_id, t.games, ${best} as best, g.recent
    from unnest(${sql.placeholder('ids')}::int[]) as ids(account_id)
    left join ranking_players t
      on t.unique_id = ${key.uniqueId} and t.season_id = ${key.seasonId} and t.account_id = ids.account_id
    left join lateral (
      select json_agg(json_build_array(x.place, x.total_point) order by x.end_time desc, x.record_uuid desc) as recent
      from (
        select place, total_point, end_time, record_uuid from record_players
        where unique_id = ${key.uniqueId} and season_id = ${key.seasonId} and removed = 0
          and account_id = ids.account_id
        order by end_time desc, record_uuid desc limit 10
      ) x
    ) g on true`;
  }).execute({ ...key, ids: `{${accountIds.map((a) => Math.trunc(a)).join(',')}}` });
  return new Map(
    rowsOf(result).map((r) => {
      const recent = (typeof r.recent === 'string' ? JSON.parse(r.recent) : (r.recent ?? [])) as number[][];
      return [
        num(r.account_id),
        {
          games: num(r.games),
          bestSeries: num(r.best),
          recent: recent.map(([place, totalPoint]) => ({
            place: Number(place),
            totalPoint: Number(totalPoint),
          })),
        },
      ];
    }),
  );
}

export type GameRow = { uuid: string; endTime: number; place: number; totalPoint: number; partPoint: number };

/** The latest `limit` counted games of some players, newest first, by account. */
export async function recentGamesAmong(
  db: Executor,
  key: SeasonKey,
  accountIds: readonly number[],
  limit: number,
): Promise<Map<number, GameRow[]>> {
  const out = new Map<number, GameRow[]>();
  if (accountIds.length === 0) return out;
  const result = await db.execute(sql`
    select account_id, record_uuid, end_time, place, total_point, part_point from (
      select account_id, record_uuid, end_time, place, total_point, part_point,
        row_number() over (partition by account_id order by end_time desc, record_uuid desc) as k
      from record_players
      where unique_id = ${key.uniqueId} and season_id = ${key.seasonId} and removed = 0 and account_id <> 0
        and account_id in (${sql.join(
          accountIds.map((a) => sql`${a}`),
          sql`, `,
        )})
    ) g where k <= ${limit} order by account_id, k`);
  for (const r of rowsOf(result)) {
    const id = num(r.account_id);
    const list = out.get(id) ?? [];
    list.push(gameRow(r));
    out.set(id, list);
  }
  return out;
}

const gameRow = (r: Raw): GameRow => ({
  uuid: String(r.record_uuid),
  endTime: num(r.end_time),
  place: num(r.place),
  totalPoint: num(r.total_point),
  partPoint: num(r.part_point),
});

/** Every counted game of one player in the season, oldest first. */
export async function gamesOf(db: Executor, key: SeasonKey, accountId: number): Promise<GameRow[]> {
  const result = await db.execute(sql`
    select record_uuid, end_time, place, total_point, part_point
    from record_players
    where unique_id = ${key.uniqueId} and season_id = ${key.seasonId} and removed = 0 and account_id <> 0
      and account_id = ${accountId}
    order by end_time, record_uuid`);
  return rowsOf(result).map(gameRow);
}
