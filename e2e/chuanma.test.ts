import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser, screenshotFailures } from './support/browser';
import { playChuanmaToTheEnd } from './support/chuanma';
import { expectNoRawKeys, PHONE } from './support/console';
import { type RosterPlayer, tournamentWithOnePlayer } from './support/games';
import { artifactsDir } from './support/paths';
import { contestDetail, type Tournament } from './support/people';
import { expectRecordRankingReplay } from './support/records';
import { chooseTableLanguage, openTableWithRobots } from './support/table';

// A Sichuan bloody battle (chuanma) tournament of 4 games a table, created by API; a player seated with three
// robots plays the exchange, the void suit and the discards through the portal's table to the final result
// (phone size, then read at desktop size), and the record, the season ranking and the replay show the game.

const DESKTOP = { width: 1366, height: 768 };

let organiser: string;
let player: RosterPlayer;
let cup: Tournament;
const shot = (name: string) => join(artifactsDir, `chuanma-${name}.png`);

describe('a chuanma game at the portal table', () => {
  let session: BrowserSession | undefined;
  screenshotFailures(() => session);
  let uuid = '';

  beforeAll(async () => {
    ({ organiser, player, cup } = await tournamentWithOnePlayer('cm', 'Chuanma Cup', {
      chuanma: 1,
      huansanzhang: 1,
      can_jifei: false,
    }));
  });

  afterAll(async () => {
    await session?.close();
  });

  it('is a tournament of 4-game chuanma tables', async () => {
    const detail = await contestDetail<{ game_mode: { mode: number; detail_rule: Record<string, unknown> } }>(
      organiser,
      cup.unique_id,
    );
    expect(detail.game_mode.mode).toBe(1);
    expect(detail.game_mode.detail_rule).toMatchObject({ chuanma: 1, huansanzhang: 1 });
  });

  it('the player exchanges, names the void suit and discards through the table to the final result', async () => {
    session = await openBrowser('chuanma-table');
    const { page } = session;
    await page.setViewportSize(PHONE);
    uuid = await openTableWithRobots(page, {
      token: organiser,
      cup,
      player,
      aiLevel: 0,
      shown: '[data-mode="chuanma"] [data-testid="my-hand"]',
    });

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
    await expectRecordRankingReplay(
      session,
      { token: organiser, cup, player, uuid },
      { mode: 'chuanma', result: 'cm-result', rows: '[data-testid="cm-delta"]', shot },
    );
  }, 120_000);
});
