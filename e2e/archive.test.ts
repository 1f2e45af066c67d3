import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { newIdentity, registerByApi } from './support/api';
import { type BrowserSession, openBrowser, screenshotFailures } from './support/browser';
import { chooseLanguage, expectToast } from './support/console';
import {
  addToRoster,
  closeAll,
  type PlayedRecord,
  playRobotTables,
  registerPlayers,
  ScriptedPlayer,
  startSeasonNow,
} from './support/games';
import { repoRoot, webDist } from './support/paths';
import { createTournament, grantCurrency, openSignedIn } from './support/people';
import { findFreePort } from './support/ports';
import { ServerProcess } from './support/server-process';

const DAY = 24 * 3600;
const nowS = () => Math.floor(Date.now() / 1000);
const run = promisify(execFile);

/** An operator command on another server's data folder (embedded database), as its operator types it. */
async function otherCli(dataDir: string, args: string[]): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, TAIKAI_DATA_DIR: dataDir };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key === 'DATABASE_URL') delete env[key];
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'packages/server/src/main.ts', ...args],
    {
      cwd: repoRoot,
      env,
    },
  );
  return stdout;
}

// A tournament archive end to end: an organiser with a played record downloads the archive from the Info tab
// (progress, then the file, in English), the operator of a second server (its own data folder) imports it, and
// on that server the record verifies through the record file call.
describe('tournament archive: download in the console, import on a second server', () => {
  const organiser = newIdentity('arorg');
  let org: BrowserSession | undefined;
  let other: ServerProcess | undefined;
  const work = mkdtempSync(join(tmpdir(), 'taikai-e2e-archive-'));
  afterAll(async () => {
    await org?.close();
    await other?.close();
    rmSync(work, { recursive: true, force: true });
  });
  screenshotFailures(() => org);

  it('downloads the archive, imports it elsewhere, and its record verifies there', async () => {
    // The second server's operator makes its owner account while the first server plays a game.
    const dataDir = join(work, 'second');
    const ownerMade = otherCli(dataDir, [
      'account',
      'create',
      '--email',
      'owner@second.test',
      '--nickname',
      'owner',
      '--password',
      'second-pass',
    ]);
    // Awaited below; a failure before then is reported there, not as an unhandled rejection.
    ownerMade.catch(() => undefined);
    const browserOpened = openBrowser('archive').then((session) => {
      org = session;
      return session;
    });
    const [token, players] = await Promise.all([registerByApi(organiser), registerPlayers('arpl', 2)]);
    await grantCurrency(organiser.email);
    const t = await createTournament(token, {
      name: 'Archive Cup',
      start: nowS() + DAY,
      end: nowS() + 30 * DAY,
      mode: 1,
    });
    const ids = { uniqueId: t.unique_id, seasonId: t.season_id };
    await addToRoster(token, ids, players);
    await startSeasonNow(token, ids);
    const links = await Promise.all(players.map((p) => ScriptedPlayer.connect(p, ids, { delayMs: 0 })));
    let records: PlayedRecord[];
    try {
      await Promise.all(links.map((l) => l.ready()));
      records = await playRobotTables(token, ids, [[players[0], players[1]]], 1);
    } finally {
      closeAll(links);
    }

    const { page } = await browserOpened;
    await openSignedIn(page, token, `/contest/${t.contest_id}`);
    await chooseLanguage(page, 'en');
    const card = page.getByTestId('archive-card');
    await card.getByText('Tournament archive').waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('archive-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^taikai-${t.contest_id}-\\d{4}-\\d\\d-\\d\\d\\.zip$`),
    );
    await expectToast(page, 'success', `Archive downloaded: ${download.suggestedFilename()}`);
    await (await browserOpened).screenshot('downloaded');
    const file = join(work, download.suggestedFilename());
    await download.saveAs(file);

    // The second server's operator imports it, then starts the server.
    await ownerMade;
    const imported = await otherCli(dataDir, ['archive', 'import', file, '--owner', 'owner@second.test']);
    expect(imported).toMatch(/imported: 1 seasons, 1 records, 3 players/);
    other = new ServerProcess({
      port: await findFreePort(),
      dataDir,
      webDist,
      logFile: join(work, 'second-server.log'),
    });
    await other.start();
    const post = async (path: string, body: unknown, auth?: string) => {
      const res = await fetch(`${other!.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(auth ? { authorization: `Majsoul ${auth}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return res.json();
    };
    const login = await post('/api/login', {
      account: 'owner@second.test',
      password: 'second-pass',
      type: 0,
    });
    const ownerToken = login.data.token as string;
    const get = async (path: string) => {
      const res = await fetch(`${other!.baseUrl}${path}`, {
        headers: { authorization: `Majsoul ${ownerToken}` },
      });
      return (await res.json()).data;
    };
    const [there] = await get('/api/contest/fetch_contest_list');
    expect(there.contest_name).toEqual([{ lang: 'default', content: 'Archive Cup' }]);
    const recordFile = await get(
      `/api/contest/fetch_contest_game_record_file?unique_id=${there.unique_id}&season_id=${t.season_id}&uuid=${records[0].uuid}`,
    );
    expect(recordFile.seed).toMatch(/^[0-9a-f]+$/);
    expect(recordFile.verification.ok).toBe(true);
    expect(recordFile.verification.hands).toBeGreaterThan(0);
  });
});
