import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newIdentity, registerByApi } from './support/api';
import { type BrowserSession, openBrowser, screenshotFailures } from './support/browser';
import { playChuanmaToTheEnd } from './support/chuanma';
import { eventually, expectNoRawKeys } from './support/console';
import {
  addToRoster,
  type RosterPlayer,
  registerPlayers,
  ScriptedPlayer,
  seasonRecords,
  startSeasonNow,
} from './support/games';
import { artifactsDir } from './support/paths';
import { createTournament, grantCurrency, openSignedIn, type Tournament } from './support/people';
import { chooseTableLanguage } from './support/table';

// A Sichuan bloody battle (chuanma) tournament of 4 games a table, created by API; a player seated with three
// robots plays the exchange, the void suit and the discards through the portal's table to the final result
// (phone size, then read at desktop size), and the record, the season ranking and the replay show the game.

const DAY = 24 * 3600;
const nowS = () => Math.floor(Date.now() / 1000);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

const organiser = { token: '' };
let player: RosterPlayer;
let cup: Tournament;
const ids = () => ({ uniqueId: cup.unique_id, seasonId: cup.season_id });
const shot = (name: string) => join(artifactsDir, `chuanma-${name}.png`);

describe('a chuanma game at the portal table', () => {
  let session: BrowserSession | undefined;
  screenshotFailures(() => session);
  let uuid = '';

  beforeAll(async () => {
    const who = newIdentity('cmorg');
    const [token, registered] = await Promise.all([registerByApi(who), registerPlayers('cm', 1)]);
    organiser.token = token;
    player = registered[0];
    await grantCurrency(who.email);
    const now = nowS();
    cup = await createTournament(token, {
      name: `Chuanma Cup ${now}`,
      start: now + DAY,
      end: now + 30 * DAY,
      mode: 1,
    });
    await call('/api/contest/update_contest_base', token, {
      unique_id: cup.unique_id,
      setting: {
        game_rule_setting: {
          mode: 1,
          detail_rule: { chuanma: 1, huansanzhang: 1, can_jifei: false, time_fixed: 5, time_add: 10 },
        },
      },
    });
    await addToRoster(token, ids(), [player]);
    await startSeasonNow(token, ids());
  });

  afterAll(async () => {
    await session?.close();
  });

  it('is a tournament of 4-game chuanma tables', async () => {
    const detail = await call<{ game_mode: { mode: number; detail_rule: Record<string, unknown> } }>(
      `/api/contest/fetch_contest_detail?unique_id=${cup.unique_id}`,
      organiser.token,
    );
    expect(detail.game_mode.mode).toBe(1);
    expect(detail.game_mode.detail_rule).toMatchObject({ chuanma: 1, huansanzhang: 1 });
  });

  it('the player exchanges, names the void suit and discards through the table to the final result', async () => {
    session = await openBrowser('chuanma-table');
    const { page } = session;
    await page.setViewportSize(PHONE);
    // Ready on a link that never answers, so the seat waits for the page; closed once the page holds its own.
    const lobby = await ScriptedPlayer.connect(player, ids(), { delayMs: 3_600_000 });
    await lobby.ready();
    await call('/api/contest/create_game_plan', organiser.token, {
      unique_id: cup.unique_id,
      season_id: cup.season_id,
      account_list: [player.accountId, 0, 0, 0],
      ai_level: 0,
    });
    uuid = (await lobby.game()).uuid;
    await page.goto('/play');
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await openSignedIn(page, player.token, `/play/game/${uuid}`);
    await page.locator('[data-mode="chuanma"]').waitFor();
    await page.getByTestId('my-hand').waitFor();
    lobby.close();

    const play = await playChuanmaToTheEnd(page, {
      onDecision: async (n) => {
        if (n === 1) await page.screenshot({ path: shot('phone-exchange-en') });
        if (n === 2) await page.screenshot({ path: shot('phone-void-en') });
        if (n === 6) await page.screenshot({ path: shot('phone-play-en') });
        if (n === 8) await chooseTableLanguage(page, 'chs');
        if (n === 12) await page.screenshot({ path: shot('phone-play-chs') });
        if (n === 14) await page.setViewportSize(DESKTOP);
        if (n === 16) await page.screenshot({ path: shot('desktop-play-chs') });
      },
      onResult: async (n) => {
        if (n === 1) await page.screenshot({ path: shot('result-1') });
        if (n === 2) {
          await chooseTableLanguage(page, 'jp');
          await page.screenshot({ path: shot('result-2-jp') });
        }
      },
    });
    console.log(`[e2e] chuanma: ${JSON.stringify(play)}`);
    expect(play.exchanges).toBe(4);
    expect(play.voids).toBe(4);
    expect(play.discards).toBeGreaterThan(10);
    expect(play.results).toBe(4);
    expect(play.fansShown).toBeGreaterThan(0);
    expect(await page.getByTestId('cm-final-row').count()).toBe(4);
    await page.screenshot({ path: shot('final-jp') });
    await chooseTableLanguage(page, 'kr');
    await page.screenshot({ path: shot('final-kr') });
    await chooseTableLanguage(page, 'en');
    await expectNoRawKeys(page);
    expect(session.pageErrors).toEqual([]);
  }, 600_000);

  it('the record, the ranking and the replay show the game', async () => {
    if (!session) throw new Error('no table played');
    const { page } = session;
    const records = await eventually(
      () => seasonRecords(organiser.token, ids()),
      (r) => r.record_list.some((x) => x.uuid === uuid),
      'the chuanma record',
    );
    const record = records.record_list.find((x) => x.uuid === uuid)!;
    const mine = record.result.players.find((p) => p.seat === 0)!;
    expect(record.result.players.map((p) => p.total_point).reduce((a, b) => a + b, 0)).toBe(0);

    // The player's records in the portal, with the replay.
    await page.setViewportSize(PHONE);
    await page.goto('/play/records');
    const row = page.locator(`[data-testid="play-record"][data-uuid="${uuid}"]`);
    await row.waitFor();
    await expectNoRawKeys(page);

    // The season ranking: the player, with the record's settled points.
    const org = await openBrowser('chuanma-org');
    try {
      await openSignedIn(
        org.page,
        organiser.token,
        `/contest/${cup.contest_id}/season/${cup.season_id}/player_statistics`,
      );
      await org.page.getByTestId('player-statistics-page').waitFor();
      const first = org.page.locator('[data-testid="rank-table"] tbody tr.ant-table-row', {
        hasText: player.who.nickname,
      });
      await first.waitFor();
      expect(await first.innerText()).toContain((mine.total_point / 1000).toFixed(1));
      await org.page.screenshot({ path: shot('ranking') });
    } finally {
      await org.close();
    }

    // The replay: hand by hand, every hand open, with the seed and its verification.
    await row.getByTestId('play-record-replay').click();
    await page.locator('[data-testid="replay"][data-mode="chuanma"]').waitFor();
    const verification = page.getByTestId('replay-verification');
    await verification.waitFor();
    expect(await page.getByTestId('replay-seed').innerText()).toMatch(/^[0-9a-f]{64}$/);
    expect(await verification.locator('summary').getAttribute('class')).toContain('tt-plus');
    const position = page.getByTestId('replay-position');
    const at = await position.innerText();
    for (let i = 0; i < 8; i++) await page.getByTestId('replay-next').click();
    expect(await position.innerText()).not.toBe(at);
    await page.screenshot({ path: shot('replay-moves-en') });
    await page.getByTestId('replay-hand-end').click();
    await page.getByTestId('cm-result').waitFor();
    expect(await page.getByTestId('cm-delta').count()).toBe(4);
    await page.screenshot({ path: shot('replay-result-en') });
    await expectNoRawKeys(page);
    expect(session.pageErrors).toEqual([]);
  }, 120_000);
});
