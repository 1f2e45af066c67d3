import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { auditLog, seasonPlayers, seasons, teamMembers, teams } from '../../src/db/schema';
import type { Organiser, Reply, World } from '../support/world';

export { endSeason, setSeason } from '../players/support';

// Test helpers of the team tests: a team season of a fresh creator, calls made as its creator (or anyone), teams
// and members made through the calls, xlsx files, and what the database holds for a season.

/** A tournament of `owner` whose first season ranks teams (rank type 1). */
export type TeamSeason = { unique_id: number; contest_id: number; season_id: number; owner: Organiser };

export const seasonIds = (s: { unique_id: number; season_id: number }) => ({
  unique_id: s.unique_id,
  season_id: s.season_id,
});

/** A fresh creator's tournament, its season switched to team ranking (written directly). */
export async function teamSeason(world: World): Promise<TeamSeason> {
  const owner = await world.organiser({ currency: 60 });
  const ids = await world.contest(owner);
  await world.database.db
    .update(seasons)
    .set({ rankType: 1 })
    .where(and(eq(seasons.uniqueId, ids.unique_id), eq(seasons.seasonId, ids.season_id)));
  return { ...ids, owner };
}

/**
 * Calls as `who` (the season's creator unless given): `post` and `get` carry the season's ids, `team` only the
 * tournament's, as bots send team calls (`{unique_id, team_id, …}`).
 */
export function caller(world: World, s: TeamSeason, who: Organiser = s.owner) {
  const opts = { token: who.token };
  return {
    post: (name: string, body: Record<string, unknown> = {}) =>
      world.post(name, { ...seasonIds(s), ...body }, opts),
    get: (name: string, query: Record<string, unknown> = {}) =>
      world.get(name, { ...seasonIds(s), ...query }, opts),
    team: (name: string, body: Record<string, unknown>) =>
      world.post(name, { unique_id: s.unique_id, ...body }, opts),
  };
}

/** The refusal's code, or undefined for an answer. */
export const codeOf = (res: Reply): number | undefined => res.body?.error?.code;

/** The answer's data; a refusal fails the test with its body. */
export function dataOf(res: Reply) {
  expect(res.body?.error, JSON.stringify(res.body)).toBeUndefined();
  expect(res.status).toBe(200);
  return res.body.data;
}

/** `count` logged-in accounts. */
export async function accounts(world: World, count: number): Promise<Organiser[]> {
  const made: Organiser[] = [];
  for (let i = 0; i < count; i++) made.push(await world.organiser());
  return made;
}

/** Creates teams (one batch, at most 20) through the call; answers their ids in order. */
export async function createTeams(world: World, s: TeamSeason, names: string[]): Promise<number[]> {
  const data = dataOf(
    await caller(world, s).post('create_contest_team_batch', { team_list: names.map((name) => ({ name })) }),
  );
  return data.res.map((r: { team_id: number }) => r.team_id);
}

/** Adds accounts to a team through the call; every one must be added. */
export async function addMembers(world: World, s: TeamSeason, teamId: number, accountIds: number[]) {
  const data = dataOf(
    await caller(world, s).team('add_team_member', {
      team_id: teamId,
      member_list: accountIds.map((account_id) => ({ account_id })),
    }),
  );
  expect(data.errors).toEqual([]);
}

/** An import file as base64: a header row, then `rows` (team, description, nickname, account id, remark). */
export async function workbook(rows: (string | number)[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Teams');
  sheet.addRow(['Team name', 'Team description', 'Nickname', 'Account ID', 'Remark']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

/** The rows of a season in a table keyed by tournament and season. */
const ofSeason = (
  table: { uniqueId: AnyPgColumn; seasonId: AnyPgColumn },
  s: { unique_id: number; season_id: number },
) => and(eq(table.uniqueId, s.unique_id), eq(table.seasonId, s.season_id));

/** `team name → member account ids` (ascending) of the season. */
export async function teamsOf(world: World, s: { unique_id: number; season_id: number }) {
  const db = world.database.db;
  const rows = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(ofSeason(teams, s))
    .orderBy(asc(teams.id));
  const members = await db
    .select({ teamId: teamMembers.teamId, accountId: teamMembers.accountId })
    .from(teamMembers)
    .where(ofSeason(teamMembers, s))
    .orderBy(asc(teamMembers.accountId));
  return Object.fromEntries(
    rows.map((t) => [t.name, members.filter((m) => m.teamId === t.id).map((m) => m.accountId)]),
  );
}

/** `team name → description` of the season. */
export async function detailsOf(world: World, s: { unique_id: number; season_id: number }) {
  const rows = await world.database.db
    .select({ name: teams.name, detail: teams.detail })
    .from(teams)
    .where(ofSeason(teams, s));
  return Object.fromEntries(rows.map((t) => [t.name, t.detail]));
}

/** `account id → state` of every entry of the season (1 pending, 2 on the roster). */
export async function rosterOf(world: World, s: { unique_id: number; season_id: number }) {
  const rows = await world.database.db
    .select({ accountId: seasonPlayers.accountId, state: seasonPlayers.state })
    .from(seasonPlayers)
    .where(ofSeason(seasonPlayers, s))
    .orderBy(asc(seasonPlayers.accountId));
  return Object.fromEntries(rows.map((r) => [r.accountId, r.state]));
}

/** Everything a team call may change in a season, to compare before and after a refusal. */
export async function snapshot(world: World, s: { unique_id: number; season_id: number }) {
  const db = world.database.db;
  const [audits] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
  return {
    teams: await db.select().from(teams).where(ofSeason(teams, s)).orderBy(asc(teams.id)),
    members: await db
      .select()
      .from(teamMembers)
      .where(ofSeason(teamMembers, s))
      .orderBy(asc(teamMembers.accountId)),
    players: await db
      .select()
      .from(seasonPlayers)
      .where(ofSeason(seasonPlayers, s))
      .orderBy(asc(seasonPlayers.accountId)),
    audits: audits.n,
  };
}
