import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode } from '@taikai/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestObservers, contests } from '../../src/db/schema';
import { importArchive } from '../../src/domains/archives/import';
import { readArchive } from '../../src/domains/archives/reader';
import { readZip, ZipWriter } from '../../src/domains/archives/zip';
import { caller, dataOf, insertRecord, KOKUSHI_SEED, playGame, seatsOf, setRemark } from '../records/support';
import { seasonWithRoster } from '../support/games';
import { type Organiser, startWorld, type World } from '../support/world';

// A whole tournament downloaded as an archive from one server and imported by the operator into another (a
// second, fresh database), where its records still verify through the record file call; who may download it;
// an archive changed after its export, and a second import of the same archive, refused.

let from: World;
let to: World;
let s: Awaited<ReturnType<typeof seasonWithRoster>>;
let admin: Organiser;
let observer: Organiser;
let record: string;
let seats: ReturnType<typeof seatsOf>;
const dir = mkdtempSync(join(tmpdir(), 'taikai-archive-test-'));
const file = join(dir, 'archive.zip');

/** The archive as the console downloads it: the zip and the headers it came with. */
async function download(who: Organiser | null) {
  const res = await from.app.inject({
    method: 'GET',
    url: '/api/contest/export_contest_archive',
    query: { unique_id: String(s.unique_id) },
    headers: who ? { authorization: `Majsoul ${who.token}` } : {},
  });
  return res;
}

beforeAll(async () => {
  [from, to] = await Promise.all([startWorld(), startWorld()]);
  s = await seasonWithRoster(from, 2, { game_rule_setting: { mode: 1 } });
  admin = await from.organiser();
  observer = await from.organiser();
  await from.makeAdmin(s.unique_id, admin);
  // An observer, as the observer roster holds them with the switch on.
  await from.database.db
    .insert(contestObservers)
    .values({ uniqueId: s.unique_id, accountId: observer.account.id, createTime: from.clock.now() });
  await from.database.db
    .update(contests)
    .set({ observerSwitch: 1 })
    .where(eq(contests.uniqueId, s.unique_id));
  // A change the history keeps.
  dataOf(
    await from.post(
      'update_contest_base',
      { unique_id: s.unique_id, setting: { open_show: 0 } },
      { token: s.owner.token },
    ),
  );
  await setRemark(from, s, s.ids[0], '=HYPERLINK("x")');
  const played = await playGame(from, s.unique_id, KOKUSHI_SEED);
  seats = seatsOf([
    s.roster[0].account,
    { id: 0, nickname: '' },
    s.roster[1].account,
    { id: 0, nickname: '' },
  ]);
  const now = from.clock.now();
  record = await insertRecord(from, s, played, { seats, startTime: now - 600, endTime: now, tag: 'table 1' });
});
afterAll(async () => {
  await Promise.all([from?.close(), to?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('tournament archives', () => {
  it('only the creator and admins download it: observers 2506, strangers 2501, anonymous 401', async () => {
    const stranger = await from.organiser();
    expect((await download(null)).statusCode).toBe(401);
    expect((await download(stranger)).json().error.code).toBe(ErrorCode.CONTEST_NOT_FOUND);
    expect((await download(observer)).json().error.code).toBe(ErrorCode.NO_PERMISSION);
    const res = await download(admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
  });

  it('the creator downloads a zip of documented files, its length announced first', async () => {
    const res = await download(s.owner);
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="taikai-\d{6}-\d{4}-\d\d-\d\d\.zip"$/,
    );
    writeFileSync(file, res.rawPayload);
    const files = await readZip(file, 1e8);
    expect([...files.keys()].sort()).toEqual(
      [
        'archive.json',
        'history.json',
        `records/${record}.json`,
        ...[
          'season.json',
          'roster.json',
          'roster.csv',
          'teams.json',
          'teams.csv',
          'ranking.json',
          'ranking.csv',
        ].map((f) => `seasons/${s.season_id}/${f}`),
      ].sort(),
    );
    const manifest = JSON.parse(files.get('archive.json')!.toString());
    expect(manifest).toMatchObject({ format: 'taikai-archive', version: 1, seasons: [s.season_id] });
    expect(manifest.contest.admin_ids).toEqual([admin.account.id]);
    // Players by id and nickname only: no e-mail, password or token anywhere in the archive.
    expect(manifest.players.map((p: { id: number }) => p.id)).toContain(s.ids[1]);
    for (const [name, content] of files) {
      const text = content.toString();
      for (const secret of [s.owner.account.email, s.owner.token, s.roster[0].account.email, 'password'])
        expect(text.includes(secret), `${name} holds ${secret}`).toBe(false);
    }
    // CSV cells cannot run formulas.
    const roster = files.get(`seasons/${s.season_id}/roster.csv`)!.toString();
    expect(roster.startsWith('\ufeffaccount_id,nickname')).toBe(true);
    expect(roster).toContain(`"'=HYPERLINK(""x"")"`);
    const ranking = JSON.parse(files.get(`seasons/${s.season_id}/ranking.json`)!.toString());
    expect(ranking).toHaveLength(2);
  });

  it('imported on another server, its records verify there and its ranking is the same', async () => {
    // A player's nickname is taken on the second server: the imported player is told apart.
    await to.organiser({ nickname: s.roster[1].account.nickname });
    const owner = await to.organiser();
    const done = await importArchive(to.opCtx(), await readArchive(file), owner.account.email);
    expect(done).toMatchObject({ seasons: 1, records: 1 });
    const there = { unique_id: done.uniqueId, season_id: s.season_id };
    const as = caller(to, owner, there);
    const recordFile = dataOf(await as.get('fetch_contest_game_record_file', { uuid: record }));
    expect(recordFile.verification).toMatchObject({ ok: true, problems: [] });
    expect(recordFile.verification.hands).toBeGreaterThan(0);
    const list = dataOf(await as.get('fetch_contest_game_records', { offset: 0, limit: 10 }));
    expect(list.record_list[0]).toMatchObject({ uuid: record, tag: 'table 1' });
    // The record keeps the names its seats had; the second server's ranking shows the player as renamed.
    const seated = list.record_list[0].accounts.map((a: { nickname: string }) => a.nickname);
    expect(seated).toEqual(seats.map((seat) => seat.nickname));
    const rankOf = async (w: World, who: Organiser, season: typeof there) =>
      dataOf(
        await w.post('fetch_season_player_rank', { ...season, offset: 0, limit: 10 }, { token: who.token }),
      ).list.map((r: { score: number; game_count: number; rank: number }) => [r.rank, r.score, r.game_count]);
    expect(await rankOf(to, owner, there)).toEqual(await rankOf(from, s.owner, s));
    const ranked = dataOf(
      await to.post('fetch_season_player_rank', { ...there, offset: 0, limit: 10 }, { token: owner.token }),
    ).list.map((r: { nickname: string }) => r.nickname);
    expect(ranked.sort()).toEqual([s.roster[0].account.nickname, `${s.roster[1].account.nickname}#2`].sort());
    const history = dataOf(
      await to.get('fetch_contest_history', { unique_id: done.uniqueId }, { token: owner.token }),
    );
    const actions = history.list.map((h: { action: string }) => h.action);
    expect(actions).toContain('contest.import');
    expect(actions).toContain('contest.update_base');
    // The archive's players cannot log in.
    const login = await to.post('/api/login', {
      account: s.roster[0].account.email,
      password: 'secret-pass',
      type: 0,
    });
    expect(login.body.error).toBeDefined();
  });

  it('a second import of the same archive is refused and writes nothing', async () => {
    await expect(importArchive(to.opCtx(), await readArchive(file), 'nobody@example.test')).rejects.toThrow(
      /imported already/,
    );
  });

  it('an archive changed after its export is refused, even with its list of files made to match', async () => {
    const files = await readZip(file, 1e8);
    const path = `records/${record}.json`;
    const changed = JSON.parse(files.get(path)!.toString());
    changed.seed = changed.seed.replace(/^./, (c: string) => (c === '0' ? '1' : '0'));
    const write = async (name: string, contents: Map<string, Buffer>) => {
      const zip = new ZipWriter(join(dir, name));
      for (const [n, c] of contents) await zip.add(n, c, new Date());
      await zip.close();
      return join(dir, name);
    };
    const content = Buffer.from(JSON.stringify(changed));
    const swapped = new Map(files).set(path, content);
    await expect(readArchive(await write('changed.zip', swapped))).rejects.toThrow(
      /changed after the export/,
    );
    // The list of files rewritten to match: the record no longer verifies.
    const manifest = JSON.parse(files.get('archive.json')!.toString());
    for (const f of manifest.files)
      if (f.path === path)
        Object.assign(f, {
          bytes: content.length,
          sha256: createHash('sha256').update(content).digest('hex'),
        });
    swapped.set('archive.json', Buffer.from(JSON.stringify(manifest)));
    await expect(readArchive(await write('matched.zip', swapped))).rejects.toThrow(/does not verify/);
  });
});
