import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newIdentity, registerByApi } from './support/api';
import { type BrowserSession, openBrowser, screenshotFailures } from './support/browser';
import { eventually, expectNoRawKeys } from './support/console';
import {
  addToRoster,
  type RosterPlayer,
  registerPlayers,
  seatWithRobots,
  startSeasonNow,
} from './support/games';
import { artifactsDir } from './support/paths';
import { createTournament, grantCurrency, openSignedIn, type Tournament } from './support/people';
import {
  chooseTableLanguage,
  handOnScreen,
  openTableWithRobots,
  playToTheEnd,
  scriptBytes,
} from './support/table';

// The player portal's table (`/play/game/:uuid`): one human seat against three robots, played by clicking the
// screen at phone and desktop sizes, to the final settlement; and a page closed mid-hand and opened again.

const DAY = 24 * 3600;
const nowS = () => Math.floor(Date.now() / 1000);
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1366, height: 768 };

const organiser = { token: '' };
let players: RosterPlayer[] = [];
let cup: Tournament;
const ids = () => ({ uniqueId: cup.unique_id, seasonId: cup.season_id });

/** Opens the table of `uuid` directly, logged in by the address (the mobile hand-off does the same). */
async function openTable(page: Page, player: RosterPlayer, uuid: string): Promise<void> {
  await openSignedIn(page, player.token, `/play/game/${uuid}`);
  await page.getByTestId('my-hand').waitFor();
}

const shotPath = (label: string, name: string) => join(artifactsDir, `portal-table-${label}-${name}.png`);

describe('the player portal table', () => {
  let session: BrowserSession | undefined;
  screenshotFailures(() => session);

  beforeAll(async () => {
    const who = newIdentity('ttorg');
    const [token, registered] = await Promise.all([registerByApi(who), registerPlayers('tbl', 3)]);
    organiser.token = token;
    players = registered;
    await grantCurrency(who.email);
    const now = nowS();
    cup = await createTournament(token, {
      name: `Table Cup ${now}`,
      start: now + DAY,
      end: now + 30 * DAY,
      mode: 1,
    });
    // The quickest thinking time (3 + 5 seconds): a decision left alone is played for the seat soon.
    await call('/api/contest/update_contest_base', token, {
      unique_id: cup.unique_id,
      setting: { game_rule_setting: { mode: 1, detail_rule: { time_fixed: 3, time_add: 5 } } },
    });
    await addToRoster(token, ids(), players);
    await startSeasonNow(token, ids());
  });

  afterAll(async () => {
    await session?.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)(
    'plays a whole East game against three robots by clicking, at %s size, to the settlement',
    async (label, size) => {
      const player = label === 'phone' ? players[0] : players[1];
      session = await openBrowser(`portal-table-${label}`);
      const { page } = session;
      await page.setViewportSize(size);
      const uuid = await openTableWithRobots(page, {
        token: organiser.token,
        cup,
        player,
        aiLevel: 2,
        shown: '[data-testid="my-hand"]',
      });

      // The table's script: its own chunks only, within the budget.
      const script = await scriptBytes(page);
      console.log(
        `[e2e] table page script: ${(script.total / 1024).toFixed(1)} KB in ${script.files.length} files: ${script.files.join(' ')}`,
      );
      expect(script.total).toBeLessThanOrEqual(150 * 1024);
      // None of the console: not its entry (index-*), not its API calls.
      expect(script.files.join(' ')).not.toMatch(/\bindex-|calls-/);

      const shots: string[] = [];
      const play = await playToTheEnd(page, {
        keysEvery: label === 'desktop' ? 3 : 0,
        onDecision: async (n) => {
          if (n === 6)
            shots.push(
              await page.screenshot({ path: shotPath(label, 'en') }).then(() => shotPath(label, 'en')),
            );
          if (n === 7) await chooseTableLanguage(page, 'jp');
          if (n === 12)
            shots.push(
              await page.screenshot({ path: shotPath(label, 'jp') }).then(() => shotPath(label, 'jp')),
            );
        },
        onResult: async (n) => {
          if (n === 1) await page.screenshot({ path: shotPath(label, 'result') });
        },
      });
      expect(await page.getByTestId('settlement-row').count()).toBe(4);
      shots.push(await session.screenshot('settlement-jp'));
      await chooseTableLanguage(page, 'en');
      shots.push(await session.screenshot('settlement-en'));
      await expectNoRawKeys(page);
      console.log(`[e2e] ${label}: ${JSON.stringify(play)}; screenshots ${shots.join(', ')}`);
      expect(play.discards).toBeGreaterThan(10);
      if (label === 'desktop') expect(play.byKeys).toBeGreaterThan(0);

      // The record's replay: hand by hand and move by move, with the seed and its verification.
      await page.goto(`/play/replay/${uuid}`);
      const verification = page.getByTestId('replay-verification');
      await verification.waitFor();
      expect(await page.getByTestId('replay-seed').innerText()).toMatch(/^[0-9a-f]{64}$/);
      expect(await verification.locator('summary').getAttribute('class')).toContain('tt-plus');
      const position = page.getByTestId('replay-position');
      const first = await position.innerText();
      for (let i = 0; i < 5; i++) await page.getByTestId('replay-next').click();
      expect(await position.innerText()).not.toBe(first);
      await page.getByTestId('replay-next-hand').click();
      for (let i = 0; i < 12; i++) await page.getByTestId('replay-next').click();
      await page.screenshot({ path: shotPath(label, 'replay-en') });
      await expectNoRawKeys(page);
      expect(session.pageErrors).toEqual([]);
      await session.close();
      session = undefined;
    },
    400_000,
  );
});

describe('the table after the page is closed mid-hand', () => {
  let session: BrowserSession | undefined;
  screenshotFailures(() => session);
  afterAll(async () => {
    await session?.close();
  });

  it('opened again, the table is back as it stands: the same hand, rivers and decision', async () => {
    const player = players[2];
    session = await openBrowser('portal-table-reconnect');
    const { context, page } = session;
    await page.setViewportSize(PHONE);
    // The lobby's link stays open throughout: the seat is not played for the player while the page is closed.
    const { uuid, lobby } = await seatWithRobots(organiser.token, cup, player, 2);
    await openTable(page, player, uuid);
    // Play a few discards, then wait for the next decision of a discard.
    let before: { tiles: string[]; melds: string[] } = { tiles: [], melds: [] };
    const rivers = (p: Page) =>
      p.evaluate(() =>
        Array.from(document.querySelectorAll('[data-testid^="river-"]')).map((r) =>
          Array.from(r.querySelectorAll('[aria-label]'))
            .map((t) => t.getAttribute('aria-label'))
            .join(' '),
        ),
      );
    let riversBefore: string[] = [];
    await playToTheEnd(page, {
      calls: 0,
      onDecision: async (n) => {
        if (n < 4) return;
        const allowed = page.locator('[data-testid="my-hand"] [data-allowed="true"]');
        if ((await allowed.count()) === 0) return;
        before = await handOnScreen(page);
        riversBefore = await rivers(page);
        throw new Error('stop');
      },
    }).catch((err: unknown) => {
      if (String(err).includes('stop')) return;
      throw err;
    });
    expect(before.tiles.length).toBeGreaterThan(0);
    await page.close();

    const again = await context.newPage();
    session.page = again;
    await again.goto(`/play/game/${uuid}`);
    await again.getByTestId('my-hand').waitFor();
    await eventually(
      () => handOnScreen(again),
      (hand) => JSON.stringify(hand) === JSON.stringify(before),
      'the same hand after reopening',
    );
    expect(await rivers(again)).toEqual(riversBefore);
    // The decision is still the player's: a tile may be discarded, and the game goes on from there.
    expect(await again.locator('[data-testid="my-hand"] [data-allowed="true"]').count()).toBeGreaterThan(0);
    await again.screenshot({ path: shotPath('reconnect', 'reopened') });
    // Paused by the organiser, the table says so; resumed, the notice goes.
    await call('/api/contest/pause_contest_running_game', organiser.token, {
      unique_id: cup.unique_id,
      game_uuid: uuid,
      resume: 1,
    });
    await again.getByTestId('paused-banner').waitFor();
    await again.screenshot({ path: shotPath('reconnect', 'paused') });
    await call('/api/contest/pause_contest_running_game', organiser.token, {
      unique_id: cup.unique_id,
      game_uuid: uuid,
      resume: 2,
    });
    await again.getByTestId('paused-banner').waitFor({ state: 'detached' });
    lobby.close();
    const play = await playToTheEnd(again);
    expect(play.decisions).toBeGreaterThan(0);
    expect(session.pageErrors).toEqual([]);

    // Opened in a browser without a session, the table sends the player to log in, then back to the table.
    const fresh = await openBrowser('portal-table-login');
    try {
      await fresh.page.goto(`/play/game/${uuid}`);
      await fresh.page.waitForURL(/\/login\?next=/);
      await fresh.page.getByTestId('login-email').fill(player.who.email);
      await fresh.page.getByTestId('login-password').fill(player.who.password);
      await fresh.page.getByTestId('login-submit').click();
      await fresh.page.waitForURL((url) => url.pathname === `/play/game/${uuid}`);
      await fresh.page.getByTestId('game-table').waitFor();
      expect(fresh.pageErrors).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
