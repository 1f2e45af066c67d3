import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../support/world';
import { accounts, caller, codeOf, createTeams, rosterOf, teamSeason, teamsOf, workbook } from './support';

// Parallel team changes on one season (PostgreSQL runs them truly in parallel; PGlite serialises them): the 300
// teams cap holds, and a player joins one team only.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

describe('races on one team season', () => {
  it('16 parallel batches of 20 teams (320 in all) against the 300 cap: exactly 300 teams exist afterwards (3 rounds)', async () => {
    const admin = await world.organiser();
    for (let round = 0; round < 3; round++) {
      const s = await teamSeason(world);
      await world.makeAdmin(s.unique_id, admin);
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, b) =>
          caller(world, s, b % 2 === 0 ? s.owner : admin).post('create_contest_team_batch', {
            team_list: Array.from({ length: 20 }, (_, i) => ({ name: `B${b}T${i}` })),
          }),
        ),
      );
      const codes = answers.map((r) => codeOf(r) ?? 'ok');
      // 300 / 20: fifteen batches fit; the one that comes last is refused whole.
      expect(codes.filter((c) => c === 'ok')).toHaveLength(15);
      expect(codes.filter((c) => c === 2576)).toHaveLength(1);
      expect(Object.keys(await teamsOf(world, s))).toHaveLength(300);
    }
  });

  it('parallel imports and batches (320 new teams in all) leave exactly 300 teams', async () => {
    const s = await teamSeason(world);
    const names = (b: number) => Array.from({ length: 20 }, (_, i) => `B${b}T${i}`);
    const answers = await Promise.all(
      Array.from({ length: 16 }, async (_, b) => {
        if (b % 2 === 0)
          return caller(world, s).post('create_contest_team_batch', {
            team_list: names(b).map((name) => ({ name })),
          });
        const content_base64 = await workbook(names(b).map((name) => [name, '', '', '', '']));
        return caller(world, s).post('import_contest_team_xlsx', { content_base64, dry_run: 0 });
      }),
    );
    const codes = answers.map((r) => codeOf(r) ?? 'ok');
    expect(codes.filter((c) => c === 'ok')).toHaveLength(15);
    expect(codes.filter((c) => c === 2576 || c === 2578)).toHaveLength(1);
    expect(Object.keys(await teamsOf(world, s))).toHaveLength(300);
  });

  it('the same player added to two teams at once joins exactly one (the other answer is 2580)', async () => {
    const s = await teamSeason(world);
    const [a, b] = await createTeams(world, s, ['A', 'B']);
    for (let round = 0; round < 5; round++) {
      const [p] = await accounts(world, 1);
      const answers = await Promise.all(
        [a, b].map((team_id) =>
          caller(world, s).team('add_team_member', { team_id, member_list: [{ account_id: p.account.id }] }),
        ),
      );
      const errors = answers.flatMap((r) => r.body.data.errors);
      expect(errors).toEqual([{ account_id: p.account.id, error: 2580 }]);
      const teams = await teamsOf(world, s);
      expect([...teams.A, ...teams.B].filter((id) => id === p.account.id)).toHaveLength(1);
      expect((await rosterOf(world, s))[p.account.id]).toBe(2);
    }
  });
});
