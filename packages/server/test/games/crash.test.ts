import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrlFor } from '../support/postgres';
import { type Answer, deals, handsSeen, PlayerClient } from '../support/table-player';

// `kill -9` of a real server process mid-game: on restart the game resumes from the start of the hand in
// progress (same scores and sticks, dealt again from a fresh wall: the draws the player saw do not come again), a
// waiting plan is still waiting, the player comes back to the table, and the finished game has exactly one
// record, which verifies. On the embedded database, and on PostgreSQL when the suite runs there
// (TAIKAI_TEST_DATABASE_URL).

const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, '../../bin/taikai.mjs');
const main = join(here, '../../src/main.ts');
const serverUrl = process.env.TAIKAI_TEST_DATABASE_URL;
let env: Record<string, string>;
let dropDatabase = async () => {};
let dataDir: string;

function taikai(...args: string[]) {
  const run = spawnSync(process.execPath, [bin, ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`taikai ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function serve(port: number): Promise<ChildProcess> {
  // The server process itself (as `npm start` runs it), not the CLI wrapper: kill -9 must hit the server.
  const server = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), main, 'serve'], {
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const seen = (d: Buffer) => {
      out += d;
      if (out.includes('taikai listening')) resolve();
    };
    server.stdout?.on('data', seen);
    server.stderr?.on('data', (d) => {
      out += d;
    });
    server.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return server;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'taikai-crash-'));
  env = { TAIKAI_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' };
  if (serverUrl) {
    const name = `taikai_crash_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    env.DATABASE_URL = databaseUrlFor(serverUrl, name);
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
});
afterAll(async () => {
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('crash safety', () => {
  it('kill -9 mid-game: the game resumes at the start of its hand, the plan still waits, one record', async () => {
    const password = 'crash-pass-1';
    taikai(
      'account',
      'create',
      '--email',
      'org@example.test',
      '--nickname',
      'Organiser',
      '--password',
      password,
    );
    taikai('account', 'grant', 'org@example.test', '600');
    taikai(
      'account',
      'create',
      '--email',
      'p1@example.test',
      '--nickname',
      'PlayerOne',
      '--password',
      password,
    );
    taikai(
      'account',
      'create',
      '--email',
      'p2@example.test',
      '--nickname',
      'PlayerTwo',
      '--password',
      password,
    );

    const port = await freePort();
    let server = await serve(port);
    const base = `http://127.0.0.1:${port}/api`;
    const call = async (path: string, body: unknown, token?: string) => {
      const res = await fetch(`${base}/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Majsoul ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return (await res.json()) as Answer;
    };
    const get = async (path: string, query: Record<string, unknown>, token: string) => {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
      const res = await fetch(`${base}/${path}?${qs}`, { headers: { authorization: `Majsoul ${token}` } });
      return (await res.json()) as Answer;
    };
    const login = async (account: string) => (await call('login', { account, password, type: 0 })).data.token;
    try {
      const step = (s: string) => process.env.CRASH_DEBUG && console.error(`[crash] ${s}`);
      const org = await login('org@example.test');
      const p1 = await login('p1@example.test');
      const ids = [(await get('contest/fetch_account_info', {}, p1)).data.account_id];
      const p2 = await login('p2@example.test');
      ids.push((await get('contest/fetch_account_info', {}, p2)).data.account_id);

      const start = Math.floor(Date.now() / 1000) + 2;
      const created = await call(
        'contest/create_contest',
        {
          name: [{ lang: 'default', content: 'Crash Cup' }],
          game_rule_setting: { mode: 2 },
          open_show: 1,
          start_time: start,
          end_time: start + 7 * 86_400,
        },
        org,
      );
      const season = { unique_id: created.data.unique_id, season_id: created.data.season_id };
      await call('contest/add_contest_season_player', { ...season, account_list: ids }, org);
      while (Date.now() / 1000 < start + 1) await new Promise((r) => setTimeout(r, 200));

      // Player one gets ready and is planned with three robots; player two is planned for later.
      step('season running');
      let client = new PlayerClient(`ws://127.0.0.1:${port}`, p1);
      await client.until((ms) => ms.find((m) => m.op === 'authed'));
      client.send({ op: 'enter', ...season });
      await client.until((ms) => ms.find((m) => m.op === 'entered'));
      client.send({ op: 'ready', ready: true });
      await client.until((ms) => ms.find((m) => m.op === 'ready'));
      const planned = await call(
        'contest/create_game_plan',
        { ...season, account_list: [ids[0], 0, 0, 0], ai_level: 1, remark: 'crash table' },
        org,
      );
      expect(planned.error).toBeUndefined();
      const later = await call(
        'contest/create_game_plan',
        { ...season, account_list: [ids[1], 0, 0, 0], game_start_time: start + 3600 },
        org,
      );
      expect(later.error).toBeUndefined();

      step('planned');
      const started = await client.until((ms) => ms.find((m) => m.op === 'game_start'));
      const gameUuid = started.game_uuid as string;
      // Kill in the third hand or later, once the player has drawn a few tiles in it: the table waits for the
      // player's discard, so the hand cannot move on before the kill.
      client.holdWhen = (ms) => {
        const hands = handsSeen(ms);
        const hand = hands.at(-1);
        const last = (ms.at(-1)?.msg ?? {}) as { zimo?: { p?: string } };
        return hands.length >= 3 && !!hand && !hand.over && hand.draws.length >= 4 && !!last.zimo?.p;
      };
      await client.until(() => (client.held ? true : undefined));
      step('killing');
      server.kill('SIGKILL');
      await new Promise((r) => server.once('exit', r));
      const killedHand = handsSeen(client.messages).length - 1;
      const before = handsSeen(client.messages)[killedHand];
      const dealtBefore = deals(client.messages)[killedHand] as { qipai: Record<string, unknown> };
      client.close();

      server = await serve(port);
      step('restarted');
      client = new PlayerClient(`ws://127.0.0.1:${port}`, p1);
      await client.until((ms) => ms.find((m) => m.op === 'table_state' && m.game_uuid === gameUuid));
      const firstAfter = (await client.until((ms) => deals(ms)[0])) as { qipai: Record<string, unknown> };
      // The same hand dealt again with the same wind, dealer, scores, honba and sticks, from a fresh wall.
      const { shoupai: tilesBefore, baopai: indicatorBefore, ...standingBefore } = dealtBefore.qipai;
      const { shoupai: tilesAfter, baopai: indicatorAfter, ...standingAfter } = firstAfter.qipai;
      expect(standingAfter).toEqual(standingBefore);
      expect(tilesAfter).not.toEqual(tilesBefore);
      // Of the draws the player saw before the restart, how many come again at the same place of the hand.
      const after = await client.until((ms) => {
        const hand = handsSeen(ms)[0];
        return hand && (hand.over || hand.draws.length >= before.draws.length) ? hand : undefined;
      });
      const again = before.draws.filter((tile, i) => after.draws[i] === tile).length;
      console.info(
        `draws known after a restart: ${again} of ${before.draws.length} draws seen before the kill came again at the same place (deal ${JSON.stringify(tilesBefore)} → ${JSON.stringify(tilesAfter)})`,
      );
      expect(again).toBeLessThan(before.draws.length);

      step('dealt again');
      const plans = await get('contest/fetch_contest_game_plan_list', season, org);
      expect(plans.data.map((p: { uuid: string }) => p.uuid)).toEqual([later.data.uuid]);

      await client.until((ms) => ms.find((m) => m.op === 'game_end' && m.game_uuid === gameUuid));
      client.close();
      step('ended');
      const records = await get('contest/fetch_contest_game_records', { ...season, limit: 10 }, org);
      const mine = records.data.record_list.filter((r: { uuid: string }) => r.uuid === gameUuid);
      expect(mine).toHaveLength(1);
      expect(records.data.total).toBe(1);
      expect(mine[0].tag).toBe('crash table');
      const file = await get('contest/fetch_contest_game_record_file', { ...season, uuid: gameUuid }, org);
      expect(file.data.verification.ok).toBe(true);
      // The record names the hand dealt again and the attempt it was played on; its walls verify.
      expect(file.data.verification.redealt).toEqual([{ hand: killedHand, attempt: 1 }]);
    } finally {
      server.kill('SIGKILL');
    }
  }, 240_000);
});
