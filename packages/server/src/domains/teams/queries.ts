import { INT4_MAX } from '@taikai/protocol';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, seasonPlayers, teamMembers, teams } from '../../db/schema';
import { likeLiteral } from '../players/queries';
import { seasonTotals } from '../ranking/queries';

// The teams' SQL. A team's figures are its current members' season figures added up, read from the ranking's
// per-player summary (`ranking_players`, recounted in the transaction of every record change), so a team
// ranking is as fresh as the personal one and reads one row per member.

export type SeasonKey = { uniqueId: number; seasonId: number };
export type TeamRow = typeof teams.$inferSelect;
export type Paging = { offset: number; limit: number };

const ofSeason = (key: SeasonKey) => and(eq(teams.uniqueId, key.uniqueId), eq(teams.seasonId, key.seasonId));
const membersOfSeason = (key: SeasonKey) =>
  and(eq(teamMembers.uniqueId, key.uniqueId), eq(teamMembers.seasonId, key.seasonId));

/** Rows per INSERT statement (well under PostgreSQL's 65535 parameters). */
const INSERT_CHUNK = 1000;

/** One team by id (of any tournament), or undefined. */
export async function teamOf(db: Executor, teamId: number): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId));
  return row;
}

/** How many teams a season has. */
export async function teamCount(db: Executor, key: SeasonKey): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teams).where(ofSeason(key));
  return Number(row?.n ?? 0);
}

/** The season's teams with any of these names, by name. */
export async function teamsNamed(
  db: Executor,
  key: SeasonKey,
  names: string[],
): Promise<Map<string, TeamRow>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .select()
    .from(teams)
    .where(and(ofSeason(key), inArray(teams.name, [...new Set(names)])));
  return new Map(rows.map((r) => [r.name, r]));
}

/** Creates teams; answers their rows in the order given. */
export async function insertTeams(db: Executor, values: (typeof teams.$inferInsert)[]): Promise<TeamRow[]> {
  const out: TeamRow[] = [];
  for (let i = 0; i < values.length; i += INSERT_CHUNK) {
    out.push(
      ...(await db
        .insert(teams)
        .values(values.slice(i, i + INSERT_CHUNK))
        .returning()),
    );
  }
  return out;
}

/** Writes changed fields of a team; answers the row as it now stands. */
export async function updateTeam(
  db: Executor,
  teamId: number,
  changes: Partial<Pick<TeamRow, 'name' | 'detail' | 'modifyScore' | 'modifyDetail'>>,
): Promise<TeamRow> {
  const [row] = await db.update(teams).set(changes).where(eq(teams.id, teamId)).returning();
  return row;
}

/** Deletes one team (its memberships go with it). */
export async function deleteTeam(db: Executor, teamId: number): Promise<void> {
  await db.delete(teams).where(eq(teams.id, teamId));
}

/** Deletes every team of a season and their memberships; answers the teams and how many members they had. */
export async function deleteTeamsOf(
  db: Executor,
  key: SeasonKey,
): Promise<{ teams: { teamId: number; name: string }[]; members: number }> {
  const members = await db
    .delete(teamMembers)
    .where(membersOfSeason(key))
    .returning({ id: teamMembers.accountId });
  const deleted = await db
    .delete(teams)
    .where(ofSeason(key))
    .returning({ teamId: teams.id, name: teams.name });
  return { teams: deleted.sort((a, b) => a.teamId - b.teamId), members: members.length };
}

/** How many members a team has. */
export async function memberCount(db: Executor, teamId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return Number(row?.n ?? 0);
}

/** The team each of some accounts plays for in a season, by account (those in no team are absent). */
export async function membershipsAmong(
  db: Executor,
  key: SeasonKey,
  accountIds: readonly number[],
): Promise<Map<number, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ accountId: teamMembers.accountId, teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(membersOfSeason(key), inArray(teamMembers.accountId, [...new Set(accountIds)])));
  return new Map(rows.map((r) => [r.accountId, r.teamId]));
}

/** Puts accounts in teams of a season (none of them is in a team of it yet). */
export async function insertMembers(
  db: Executor,
  key: SeasonKey,
  members: { accountId: number; teamId: number }[],
  now: number,
): Promise<void> {
  for (let i = 0; i < members.length; i += INSERT_CHUNK) {
    await db
      .insert(teamMembers)
      .values(members.slice(i, i + INSERT_CHUNK).map((m) => ({ ...key, ...m, createTime: now })));
  }
}

/** Takes accounts out of one team; answers those that were in it. */
export async function deleteMembers(
  db: Executor,
  teamId: number,
  accountIds?: readonly number[],
): Promise<number[]> {
  const where =
    accountIds === undefined
      ? eq(teamMembers.teamId, teamId)
      : and(eq(teamMembers.teamId, teamId), inArray(teamMembers.accountId, [...accountIds]));
  const rows = await db.delete(teamMembers).where(where).returning({ accountId: teamMembers.accountId });
  return rows.map((r) => r.accountId).sort((a, b) => a - b);
}

/** Takes accounts out of whatever team of a season they play for; answers who left which team. */
export async function deleteMembershipsOf(
  db: Executor,
  key: SeasonKey,
  accountIds: readonly number[],
): Promise<{ accountId: number; teamId: number }[]> {
  if (accountIds.length === 0) return [];
  return db
    .delete(teamMembers)
    .where(and(membersOfSeason(key), inArray(teamMembers.accountId, [...accountIds])))
    .returning({ accountId: teamMembers.accountId, teamId: teamMembers.teamId });
}

/** The team names of some accounts in a season, by account (one join; those in no team are absent). */
export async function teamNamesAmong(
  db: Executor,
  key: SeasonKey,
  accountIds: readonly number[],
): Promise<Map<number, string>> {
  const ids = [...new Set(accountIds)].filter((id) => id !== 0);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ accountId: teamMembers.accountId, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(membersOfSeason(key), inArray(teamMembers.accountId, ids)));
  return new Map(rows.map((r) => [r.accountId, r.name]));
}

/** A team with its figures and its place in the season's team ranking. */
export type RankedTeamRow = {
  id: number;
  name: string;
  detail: string;
  modifyScore: number;
  modifyDetail: string;
  memberCount: number;
  totalGameCount: number;
  totalPoint: number;
  totalScore: number;
  rank: number;
};

/**
 * What a team list keeps: `search` by `searchType` (0 name, member nickname or id; 1 name; 2 nickname), the
 * team of one account, one team.
 */
export type TeamFilter = { search?: string; searchType?: 0 | 1 | 2; accountId?: number; teamId?: number };

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown): Raw[] => (result as { rows: Raw[] }).rows;
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** A member of team `t` (of the ranked relation) whose nickname (season's or account's) matches `pattern`. */
const memberNamed = (pattern: string): SQL => sql`exists (
  select 1 from team_members m
    join accounts a on a.id = m.account_id
    left join season_players p
      on p.unique_id = m.unique_id and p.season_id = m.season_id and p.account_id = m.account_id
  where m.team_id = t.id and (a.nickname ilike ${pattern} or p.nickname ilike ${pattern}))`;

const memberIs = (accountId: number): SQL =>
  sql`exists (select 1 from team_members m where m.team_id = t.id and m.account_id = ${accountId})`;

function filterOf(filter: TeamFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.teamId !== undefined) conditions.push(sql`t.id = ${filter.teamId}`);
  if (filter.accountId !== undefined) conditions.push(memberIs(filter.accountId));
  if (filter.search) {
    const pattern = `%${likeLiteral(filter.search)}%`;
    const byName = sql`t.name ilike ${pattern}`;
    const type = filter.searchType ?? 0;
    if (type === 1) conditions.push(byName);
    else if (type === 2) conditions.push(memberNamed(pattern));
    else {
      const matches = [byName, memberNamed(pattern)];
      const id = /^\d{1,10}$/.test(filter.search) ? Number(filter.search) : Number.NaN;
      if (id <= INT4_MAX) matches.push(memberIs(id));
      conditions.push(sql`(${sql.join(matches, sql` or `)})`);
    }
  }
  return sql.join(conditions, sql` and `);
}

/**
 * The season's teams ranked: each team's figures are its members' season totals added up (members without a
 * counted game add 0), `total_score = total_point + modify_score`; higher scores rank first, equal scores share
 * a rank (1, 1, 3) and the team id orders a tie. The ranks are of every team of the season; `filter` then keeps
 * some of them, and `total` counts those kept.
 */
export async function rankedTeams(
  db: Executor,
  key: SeasonKey,
  filter: TeamFilter,
  page?: Paging,
): Promise<{ rows: RankedTeamRow[]; total: number }> {
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const query = (select: SQL, tail: SQL) => sql`
    with figures as (
      select t.id, t.name, t.detail, t.modify_score, t.modify_detail,
        count(m.account_id) as member_count,
        coalesce(sum(r.games), 0) as total_game_count,
        coalesce(sum(r.total_point), 0) as total_point
      from teams t
        left join team_members m on m.team_id = t.id
        left join (${seasonTotals(key)}) r on r.account_id = m.account_id
      where t.unique_id = ${key.uniqueId} and t.season_id = ${key.seasonId}
      group by t.id
    ), ranked as (
      select *, total_point + modify_score as total_score,
        rank() over (order by total_point + modify_score desc) as rank
      from figures
    )
    select ${select} from ranked t where ${filterOf(filter)} ${tail}`;
  const rows = rowsOf(
    await db.execute(query(sql`*, count(*) over () as n`, sql`order by rank, id ${paging}`)),
  );
  let total = num(rows[0]?.n);
  if (rows.length === 0 && page && page.offset > 0) {
    total = num(rowsOf(await db.execute(query(sql`count(*) as n`, sql``)))[0]?.n);
  }
  return {
    total,
    rows: rows.map((r) => ({
      id: num(r.id),
      name: String(r.name),
      detail: String(r.detail),
      modifyScore: num(r.modify_score),
      modifyDetail: String(r.modify_detail),
      memberCount: num(r.member_count),
      totalGameCount: num(r.total_game_count),
      totalPoint: num(r.total_point),
      totalScore: num(r.total_score),
      rank: num(r.rank),
    })),
  };
}

/** A member as lists show them: the season nickname (else the account's) and the season remark. */
export type MemberRow = { teamId: number; accountId: number; nickname: string; remark: string };

function memberQuery(db: Executor) {
  return db
    .select({
      teamId: teamMembers.teamId,
      accountId: teamMembers.accountId,
      accountNickname: accounts.nickname,
      seasonNickname: seasonPlayers.nickname,
      remark: seasonPlayers.remark,
    })
    .from(teamMembers)
    .innerJoin(accounts, eq(accounts.id, teamMembers.accountId))
    .leftJoin(
      seasonPlayers,
      and(
        eq(seasonPlayers.uniqueId, teamMembers.uniqueId),
        eq(seasonPlayers.seasonId, teamMembers.seasonId),
        eq(seasonPlayers.accountId, teamMembers.accountId),
      ),
    );
}

type MemberSelect = {
  teamId: number;
  accountId: number;
  accountNickname: string;
  seasonNickname: string | null;
  remark: string | null;
};

const memberRow = (r: MemberSelect): MemberRow => ({
  teamId: r.teamId,
  accountId: r.accountId,
  nickname: r.seasonNickname ?? r.accountNickname,
  remark: r.remark ?? '',
});

/** The members of some teams, each team's in the order they joined, by team. */
export async function membersOfTeams(
  db: Executor,
  teamIds: readonly number[],
): Promise<Map<number, MemberRow[]>> {
  const out = new Map<number, MemberRow[]>(teamIds.map((id) => [id, []]));
  if (teamIds.length === 0) return out;
  const rows = await memberQuery(db)
    .where(inArray(teamMembers.teamId, [...teamIds]))
    .orderBy(asc(teamMembers.teamId), asc(teamMembers.createTime), asc(teamMembers.accountId));
  for (const r of rows) out.get(r.teamId)?.push(memberRow(r));
  return out;
}

/** One page of a team's members in the order they joined, with how many it has. */
export async function memberPage(
  db: Executor,
  teamId: number,
  page: Paging,
): Promise<{ rows: MemberRow[]; total: number }> {
  const rows = await memberQuery(db)
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.createTime), asc(teamMembers.accountId))
    .limit(page.limit)
    .offset(page.offset);
  return { rows: rows.map(memberRow), total: await memberCount(db, teamId) };
}

/** A member with their team's name, as the member export lists them. */
export type ExportedMemberRow = MemberRow & { teamName: string };

/** One page of every member of the season's teams, by team id then account id, with how many there are. */
export async function exportedMemberPage(
  db: Executor,
  key: SeasonKey,
  page: Paging,
): Promise<{ rows: ExportedMemberRow[]; total: number }> {
  const rows = await db
    .select({
      teamId: teamMembers.teamId,
      accountId: teamMembers.accountId,
      accountNickname: accounts.nickname,
      seasonNickname: seasonPlayers.nickname,
      remark: seasonPlayers.remark,
      teamName: teams.name,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(accounts, eq(accounts.id, teamMembers.accountId))
    .leftJoin(
      seasonPlayers,
      and(
        eq(seasonPlayers.uniqueId, teamMembers.uniqueId),
        eq(seasonPlayers.seasonId, teamMembers.seasonId),
        eq(seasonPlayers.accountId, teamMembers.accountId),
      ),
    )
    .where(membersOfSeason(key))
    .orderBy(asc(teamMembers.teamId), asc(teamMembers.accountId))
    .limit(page.limit)
    .offset(page.offset);
  const [n] = await db.select({ n: count() }).from(teamMembers).where(membersOfSeason(key));
  return { rows: rows.map((r) => ({ ...memberRow(r), teamName: r.teamName })), total: Number(n?.n ?? 0) };
}

/** Every member of the season's teams (for the xlsx export), by account id. */
export async function seasonMembers(db: Executor, key: SeasonKey): Promise<MemberRow[]> {
  const rows = await memberQuery(db).where(membersOfSeason(key)).orderBy(asc(teamMembers.accountId));
  return rows.map(memberRow);
}
