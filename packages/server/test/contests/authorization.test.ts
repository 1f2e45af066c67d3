import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Action, POLICY, type Role } from '../../src/policy';
import { type Organiser, type Reply, startWorld, type World } from '../support/world';

// The authorization matrix: every tournament call, as creator, admin and stranger, against the policy table.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

type Call = { action: Action; run: (who: Organiser, unique_id: number) => Promise<Reply> };

const CALLS: Record<string, Call> = {
  fetch_contest_detail: {
    action: 'view',
    run: (who, unique_id) => world.get('fetch_contest_detail', { unique_id }, { token: who.token }),
  },
  update_contest_base: {
    action: 'editBase',
    run: (who, unique_id) =>
      world.post('update_contest_base', { unique_id, setting: { open_show: 0 } }, { token: who.token }),
  },
  delete_contest: {
    action: 'delete',
    run: (who, unique_id) => world.post('delete_contest', { unique_id }, { token: who.token }),
  },
};

describe('authorization matrix', () => {
  for (const [name, call] of Object.entries(CALLS)) {
    for (const role of ['creator', 'admin', 'none'] as Role[]) {
      const allowed = (POLICY[call.action] as readonly Role[]).includes(role);
      const expected = allowed ? 'allowed' : role === 'none' ? 2501 : call.action === 'delete' ? 2513 : 2506;
      it(`${name} as ${role}: ${expected}`, async () => {
        const creator = await world.organiser({ currency: 60 });
        const admin = await world.organiser();
        const stranger = await world.organiser();
        const { unique_id } = await world.contest(creator);
        await world.makeAdmin(unique_id, admin);
        const who = { creator, admin, none: stranger }[role];
        const res = await call.run(who, unique_id);
        if (allowed) expect(res.body.error).toBeUndefined();
        else expect(res.body.error.code).toBe(expected);
      });
    }
  }
});
