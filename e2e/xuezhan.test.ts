import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser, screenshotFailures } from './support/browser';
import { expectNoRawKeys, PHONE } from './support/console';
import { type RosterPlayer, tournamentWithOnePlayer } from './support/games';
import { artifactsDir } from './support/paths';
import { contestDetail, type Tournament } from './support/people';
import { expectRecordRankingReplay } from './support/records';
import { chooseTableLanguage, openTableWithRobots, playToTheEnd, scriptBytes } from './support/table';

// A xuezhandaodi (bloody end, Battle of Asura) tournament, East, with the exchange, created by API; a player
// seated with three robots plays the exchange and the discards (and wins when offered) through the portal's
// riichi table to the final settlement (phone size, then desktop), and the record, the season ranking and the
// replay show the game.

const DESKTOP = { width: 1366, height: 768 };

let organiser: string;
let player: RosterPlayer;
let cup: Tournament;
const shot = (name: string) => join(artifactsDir, `xuezhan-${name}.png`);

describe('a xuezhandaodi game at the portal table', () => {
  let session: BrowserSession | undefined;
  screenshotFailures(() => session);
  let uuid = '';

  beforeAll(async () => {
    ({ organiser, player, cup } = await tournamentWithOnePlayer('xz', 'Asura Cup', {
      xuezhandaodi: 1,
      huansanzhang: 1,
    }));
  });

  afterAll(async () => {
    await session?.close();
  });

  it('is a tournament of East xuezhandaodi tables with the exchange', async () => {
    const detail = await contestDetail<{ game_mode: { mode: number; detail_rule: Record<string, unknown> } }>(
      organiser,
      cup.unique_id,
    );
    expect(detail.game_mode.mode).toBe(1);
    expect(detail.game_mode.detail_rule).toMatchObject({ xuezhandaodi: 1, huansanzhang: 1 });
  });

  it('the player exchanges, discards and wins through the table to the settlement', async () => {
    session = await openBrowser('xuezhan-table');
    const { page } = session;
    await page.setViewportSize(PHONE);
    uuid = await openTableWithRobots(page, {
      token: organiser,
      cup,
      player,
      aiLevel: 0,
      shown: '[data-testid="game-table"]',
    });
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
    await expectRecordRankingReplay(
      session,
      { token: organiser, cup, player, uuid },
      { mode: 'xuezhan', result: 'result-panel', rows: '[data-testid="score-changes"] tr', shot },
    );
  }, 120_000);
});
