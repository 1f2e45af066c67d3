import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema';
import { type Organiser, startWorld, type World } from '../support/world';

// The notice tab's calls (spec §5, §7): public notice 500 and private notice 3000 characters per language,
// forbidden words masked, answered with the tournament detail.

let world: World;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'taikai-notice-words-'));
  const file = join(dir, 'words.txt');
  writeFileSync(file, 'gamble\n');
  world = await startWorld({ TAIKAI_FORBIDDEN_WORDS: file });
});
afterAll(async () => {
  await world.close();
  rmSync(dir, { recursive: true, force: true });
});

const detailOf = async (who: Organiser, unique_id: number) =>
  (await world.get('fetch_contest_detail', { unique_id }, { token: who.token })).body.data;

async function fresh() {
  const org = await world.organiser({ currency: 60 });
  const ids = await world.contest(org);
  return { org, ...ids };
}

const CALLS = [
  ['update_contest_external_notice', 'public_notice', 500],
  ['update_contest_internal_notice', 'private_notice', 3000],
] as const;

for (const [call, field, max] of CALLS) {
  describe(call, () => {
    it(`stores the ${field} per language and answers the tournament detail, with one audit entry`, async () => {
      const { org, unique_id } = await fresh();
      const notice = [
        { lang: 'en', content: 'Line one\n<b>not bold</b>' },
        { lang: 'chs', content: '欢迎' },
      ];
      const res = await world.post(call, { unique_id, notice }, { token: org.token });
      expect(res.status).toBe(200);
      expect(res.body.data[field]).toEqual(notice);
      expect(res.body.data.unique_id).toBe(unique_id);
      expect((await detailOf(org, unique_id))[field]).toEqual(notice);
      const entries = await world.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, String(unique_id)), eq(auditLog.action, `contest.update_${field}`)));
      expect(entries).toHaveLength(1);
    });

    it(`a text over ${max} characters is refused with 2548 and the notice stays`, async () => {
      const { org, unique_id } = await fresh();
      await world.post(call, { unique_id, notice: [{ lang: 'en', content: 'Old' }] }, { token: org.token });
      const res = await world.post(
        call,
        {
          unique_id,
          notice: [
            { lang: 'en', content: 'ok' },
            { lang: 'jp', content: 'あ'.repeat(max + 1) },
          ],
        },
        { token: org.token },
      );
      expect(res.body.error.code).toBe(2548);
      expect(res.body.error.message).toContain(`${field} (jp)`);
      expect((await detailOf(org, unique_id))[field]).toEqual([{ lang: 'en', content: 'Old' }]);
      const atLimit = await world.post(
        call,
        { unique_id, notice: [{ lang: 'jp', content: 'あ'.repeat(max) }] },
        { token: org.token },
      );
      expect(atLimit.status).toBe(200);
    });

    it('a language given twice is refused with 2517; empty texts are dropped', async () => {
      const { org, unique_id } = await fresh();
      const twice = await world.post(
        call,
        {
          unique_id,
          notice: [
            { lang: 'en', content: 'a' },
            { lang: 'en', content: 'b' },
          ],
        },
        { token: org.token },
      );
      expect(twice.body.error.code).toBe(2517);
      const cleared = await world.post(
        call,
        { unique_id, notice: [{ lang: 'default', content: '  ' }] },
        { token: org.token },
      );
      expect(cleared.body.data[field]).toEqual([]);
    });

    it('forbidden words are masked', async () => {
      const { org, unique_id } = await fresh();
      const res = await world.post(
        call,
        { unique_id, notice: [{ lang: 'en', content: 'No GAMBLE here' }] },
        { token: org.token },
      );
      expect(res.body.data[field]).toEqual([{ lang: 'en', content: 'No ****** here' }]);
    });

    it('an admin may change it; a stranger is refused with 2501', async () => {
      const { org, unique_id } = await fresh();
      const admin = await world.organiser();
      const stranger = await world.organiser();
      await world.makeAdmin(unique_id, admin);
      const notice = [{ lang: 'en', content: 'From the admin' }];
      expect((await world.post(call, { unique_id, notice }, { token: stranger.token })).body.error.code).toBe(
        2501,
      );
      expect((await world.post(call, { unique_id, notice }, { token: admin.token })).status).toBe(200);
      expect((await detailOf(org, unique_id))[field]).toEqual(notice);
    });
  });
}

describe('names and the manager notice are masked as notices are', () => {
  it('update_contest_base masks the manager notice', async () => {
    const { org, unique_id } = await fresh();
    const res = await world.post(
      'update_contest_base',
      { unique_id, setting: { manager_notice: [{ lang: 'en', content: 'gamble' }] } },
      { token: org.token },
    );
    expect(res.body.data.manager_notice).toEqual([{ lang: 'en', content: '******' }]);
  });
});
