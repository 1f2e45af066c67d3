import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newIdentity, registerByApi } from './support/api';
import { type BrowserSession, openBrowser, screenshotFailures } from './support/browser';
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
import { chooseTableLanguage, playToTheEnd, scriptBytes } from './support/table';

// A xuezhandaodi (bloody end, Battle of Asura) tournament, East, with the exchange, created by API; a player
// seated with three robots plays the exchange and the discards (and wins when offered) through the portal's
// riichi table to the final settlement (phone size, then desktop), and the record, the season ranking and the
// replay show the game.

const DAY = 24 * 3600;
const nowS = () => Math.floor(Date.now() / 1000);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

const organiser = { token: '' };
let player: RosterPlayer;
let cup: Tournament;
const ids = () => ({ uniqueId: cup.unique_id, seasonId: cup.season_id });
const shot = (name: string) => join(artifactsDir, `xuezhan-${name}.png`);

describe('a xuezhandaodi game at the portal table', () => {
  let session: BrowserSession | undefined;
  screenshotFailures(() => session);
  let uuid = '';

  beforeAll(async () => {
    const who = newIdentity('xzorg');
    const [token, registered] = await Promise.all([registerByApi(who), registerPlayers('xz', 1)]);
    organiser.token = token;
    player = registered[0];
    await grantCurrency(who.email);
    const now = nowS();
    cup = await createTournament(token, {
      name: `Asura Cup ${now}`,
      start: now + DAY,
      end: now + 30 * DAY,
      mode: 1,
    });
    await call('/api/contest/update_contest_base', token, {
      unique_id: cup.unique_id,
      setting: {
        game_rule_setting: {
          mode: 1,
          detail_rule: { xuezhandaodi: 1, huansanzhang: 1, time_fixed: 5, time_add: 10 },
        },
      },
    });
    await addToRoster(token, ids(), [player]);
    await startSeasonNow(token, ids());
  });

  afterAll(async () => {
    await session?.close();
  });

  it('is a tournament of East xuezhandaodi tables with the exchange', async () => {
    const detail = await call<{ game_mode: { mode: number; detail_rule: Record<string, unknown> } }>(
      `/api/contest/fetch_contest_detail?unique_id=${cup.unique_id}`,
      organiser.token,
    );
    expect(detail.game_mode.mode).toBe(1);
    expect(detail.game_mode.detail_rule).toMatchObject({ xuezhandaodi: 1, huansanzhang: 1 });
  });

  it('the player exchanges, discards and wins through the table to the settlement', async () => {
    session = await openBrowser('xuezhan-table');
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
    await page.getByTestId('game-table').waitFor();
    lobby.close();
    // Counts what the table shows for a moment: win notices while a hand goes on, this seat watching after its
    // win, the exchange made.
    await page.evaluate(() => {
      const seen: Record<string, number> = {};
      (window as unknown as { seen: Record<string, number> }).seen = seen;
      new MutationObserver((changes) => {
        for (const c of changes)
          for (const n of Array.from(c.addedNodes)) {
            if (!(n instanceof HTMLElement)) continue;
            for (const el of [n, ...Array.from(n.querySelectorAll('[data-testid^="xz-"]'))]) {
              const id = el.getAttribute('data-testid');
              if (id?.startsWith('xz-')) seen[id] = (seen[id] ?? 0) + 1;
            }
          }
      }).observe(document.body, { childList: true, subtree: true });
    });

    const script = await scriptBytes(page);
    console.log(
      `[e2e] xuezhan table page script: ${(script.total / 1024).toFixed(1)} KB in ${script.files.length} files`,
    );
    expect(script.total).toBeLessThanOrEqual(150 * 1024);

    let winsListed = 0;
    let winShot = false;
    let yakuListed = 0;
    const play = await playToTheEnd(page, {
      calls: 0,
      onDecision: async (n) => {
        if (n === 1) await page.screenshot({ path: shot('phone-exchange-en') });
        if (n === 6) await page.screenshot({ path: shot('phone-play-en') });
        if (n === 10) await chooseTableLanguage(page, 'chs');
        if (n === 14) await page.screenshot({ path: shot('phone-play-chs') });
        if (n === 18) await page.setViewportSize(DESKTOP);
        if (n === 20) await page.screenshot({ path: shot('desktop-play-chs') });
      },
      onResult: async (n) => {
        const wins = await page.getByTestId('result-win').count();
        winsListed += wins;
        if (wins > 0 && !winShot) {
          winShot = true;
          await page.screenshot({ path: shot('result-win') });
        }
        yakuListed += await page.locator('[data-testid="yaku"] li').count();
        if (n === 1) await page.screenshot({ path: shot('result-1-chs') });
        if (n === 2) {
          await chooseTableLanguage(page, 'jp');
          await page.screenshot({ path: shot('result-2-jp') });
        }
      },
    });
    const seen = await page.evaluate(() => (window as unknown as { seen: Record<string, number> }).seen);
    console.log(`[e2e] xuezhan: ${JSON.stringify({ ...play, winsListed, yakuListed, seen })}`);
    expect(play.exchanges).toBeGreaterThanOrEqual(4);
    expect(seen['xz-exchanged']).toBeGreaterThanOrEqual(play.exchanges);
    expect(play.discards).toBeGreaterThan(10);
    expect(play.results).toBeGreaterThanOrEqual(4);
    // Robots of level 0 only discard their draws: the wins are the player's, each one listed with its yaku at
    // its hand's end, after a notice while the hand went on, and the seat watching the rest of it.
    expect(winsListed).toBe(play.wins);
    expect(yakuListed).toBeGreaterThanOrEqual(winsListed);
    expect(seen['xz-win-notice'] ?? 0).toBe(play.wins);
    expect(seen['xz-watching'] ?? 0).toBe(play.wins);
    expect(await page.getByTestId('settlement').isVisible()).toBe(true);
    await page.screenshot({ path: shot('final-jp') });
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
      'the xuezhandaodi record',
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
    const org = await openBrowser('xuezhan-org');
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

    // The replay: hand by hand, every hand open, every win, with the seed and its verification.
    await row.getByTestId('play-record-replay').click();
    await page.locator('[data-testid="replay"][data-mode="xuezhan"]').waitFor();
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
    await page.getByTestId('result-panel').waitFor();
    expect(await page.getByTestId('score-changes').locator('tr').count()).toBe(4);
    await page.screenshot({ path: shot('replay-result-en') });
    await expectNoRawKeys(page);
    expect(session.pageErrors).toEqual([]);
  }, 120_000);
});
