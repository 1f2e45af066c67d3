import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_RULE_4P } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../../src/db/client';
import { accountByEmail } from '../../src/domains/accounts/queries';
import { anyContest, insertContest } from '../../src/domains/contests/queries';
import { HANG_GUARD_MS } from '../support/hang-guard';

// `taikai contest lock|unlock` and `taikai review list|approve|refuse`, as an operator runs them, against an
// embedded data folder.

const bin = join(dirname(fileURLToPath(import.meta.url)), '../../bin/taikai.mjs');
let dataDir: string;

function taikai(...args: string[]) {
  const run = spawnSync(process.execPath, [bin, ...args], {
    env: { ...process.env, TAIKAI_DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: HANG_GUARD_MS,
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

async function withDb<T>(run: (db: Database['db']) => Promise<T>): Promise<T> {
  const database = await openPglite({ dataDir });
  try {
    return await run(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'taikai-cli-contest-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('operator CLI: lock and review', () => {
  it('locks and unlocks a tournament, lists pending text, approves and refuses it', async () => {
    const created = taikai('account', 'create', '--email', 'org@example.test', '--nickname', 'Org');
    expect(created.code, created.err).toBe(0);
    const text = (content: string) => [{ lang: 'default', content }];
    const [held, other] = await withDb(async (db) => {
      const account = (await accountByEmail(db, 'org@example.test'))!;
      const base = {
        creatorId: account.id,
        showZones: [1, 2, 3],
        availableZones: [1, 2, 3],
        roundType: 2,
        detailRule: { ...DEFAULT_RULE_4P },
        contestSetting: { game_limit: 0, system_broadcast: 0, level_limit: [] },
        privateNotice: [],
        managerNotice: [],
        maxPlayerCount: 3000,
        startTime: 2_000_000_000,
        finishTime: 2_000_600_000,
        createTime: 1_700_000_000,
        checkState: 1,
      };
      return [
        await insertContest(db, {
          ...base,
          contestId: 654321,
          name: text('Old Name'),
          publicNotice: text('Old notice'),
          pendingText: { name: text('New Name'), submitTime: 1_700_000_100, submitterId: account.id },
        }),
        await insertContest(db, {
          ...base,
          contestId: 654322,
          name: text('Other'),
          publicNotice: [],
          pendingText: {
            publicNotice: text('Rude notice'),
            submitTime: 1_700_000_200,
            submitterId: account.id,
          },
        }),
      ];
    });

    const locked = taikai('contest', 'lock', '654321');
    expect(locked.code, locked.err).toBe(0);
    expect(locked.out).toContain('tournament 654321 locked');
    expect(await withDb(async (db) => (await anyContest(db, held.uniqueId))!.lockTime)).not.toBeNull();
    expect(taikai('contest', 'unlock', '654321').out).toContain('unlocked');
    expect(await withDb(async (db) => (await anyContest(db, held.uniqueId))!.lockTime)).toBeNull();

    const list = taikai('review', 'list');
    expect(list.code, list.err).toBe(0);
    expect(list.out).toMatch(/654321 {2}submitted .* by account \d+/);
    expect(list.out).toContain('name: [default] "Old Name"');
    expect(list.out).toContain('→ [default] "New Name"');
    expect(list.out).toContain('public notice: (empty)');
    expect(list.out.indexOf('654321')).toBeLessThan(list.out.indexOf('654322'));

    expect(taikai('review', 'approve', '654321').code).toBe(0);
    expect(taikai('review', 'refuse', '654322').code).toBe(0);
    const [approved, refused] = await withDb(async (db) => [
      (await anyContest(db, held.uniqueId))!,
      (await anyContest(db, other.uniqueId))!,
    ]);
    expect(approved).toMatchObject({ name: text('New Name'), pendingText: null, checkState: 0 });
    expect(refused).toMatchObject({ publicNotice: [], pendingText: null, checkState: 0 });
    expect(taikai('review', 'list').out).toContain('nothing awaiting review');

    const again = taikai('review', 'approve', '654321');
    expect(again.code).toBe(1);
    expect(again.err).toContain('nothing awaiting review');
    const unknown = taikai('contest', 'lock', '999999');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('no tournament 999999');
    expect(taikai('contest', 'lock').code).toBe(1);
  });
});
