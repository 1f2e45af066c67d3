import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newIdentity, registerByApi } from './support/api';
import { type BrowserSession, openBrowser, screenshotFailures } from './support/browser';
import { eventually, expectNoRawKeys, expectToast, PHONE, textOf, visibleText } from './support/console';
import {
  addToRoster,
  type RosterPlayer,
  registerPlayers,
  ScriptedPlayer,
  seasonRecords,
  startSeasonNow,
} from './support/games';
import { artifactsDir } from './support/paths';
import { accountOf, createTournament, grantCurrency, type Tournament } from './support/people';

// What organisers and players see on screen: the games panel of match reservation clear of the buttons at
// 1366 × 900, the phone table filling the phone with each name by its hand and robots told apart (the same
// names in the record), the replay opened afresh fully translated, an unknown tournament tab sent to the info
// tab, admins offered only when they can be added, and a seat's shortened nickname shown whole on hover.

const DAY = 24 * 3600;
const nowS = () => Math.floor(Date.now() / 1000);

const organiser = { token: '', nickname: '', publicId: 0 };
let players: RosterPlayer[] = [];
let cup: Tournament;
const ids = () => ({ uniqueId: cup.unique_id, seasonId: cup.season_id });
const seasonPage = (sub: string) => `/contest/${cup.contest_id}/season/${cup.season_id}/${sub}`;

type Box = { x: number; y: number; width: number; height: number };

/** Whether two boxes share any area. */
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The gap between two boxes (0 when they touch or overlap). */
const gapBetween = (a: Box, b: Box) => {
  const dx = Math.max(0, b.x - (a.x + a.width), a.x - (b.x + b.width));
  const dy = Math.max(0, b.y - (a.y + a.height), a.y - (b.y + b.height));
  return Math.hypot(dx, dy);
};

async function boxOf(locator: Locator): Promise<Box> {
  await locator.waitFor({ state: 'visible' });
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return box;
}

/** Opens `path` logged in as `token`, in `lang` (the session and language kept in local storage). */
async function openAs(page: Page, token: string, lang: string, path: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate(
    ([t, l]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('lang', l);
    },
    [token, lang],
  );
  await page.goto(path);
}

/** Seats `player` with three robots; the player's lobby link never answers, so the page can hold the seat. */
async function seatWithRobots(player: RosterPlayer, delayMs = 3_600_000) {
  const lobby = await ScriptedPlayer.connect(player, ids(), { delayMs });
  await lobby.ready();
  await call('/api/contest/create_game_plan', organiser.token, {
    unique_id: cup.unique_id,
    season_id: cup.season_id,
    account_list: [player.accountId, 0, 0, 0],
    ai_level: 1,
  });
  const game = await lobby.game();
  return { uuid: game.uuid, lobby };
}

describe('review of the screens', () => {
  let session: BrowserSession | undefined;
  screenshotFailures(() => session);

  beforeAll(async () => {
    const who = newIdentity('revorg');
    const [token, registered] = await Promise.all([registerByApi(who), registerPlayers('revw', 3)]);
    organiser.token = token;
    organiser.nickname = who.nickname;
    organiser.publicId = (await accountOf(token)).publicId;
    players = registered;
    await grantCurrency(who.email);
    const now = nowS();
    cup = await createTournament(token, {
      name: `Review Cup ${now}`,
      start: now + DAY,
      end: now + 30 * DAY,
      mode: 1,
    });
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

  it.each(['en', 'chs'])(
    'at 1366 × 900 (%s) the games panel covers neither "Start all", "Clear list" nor the first row\'s "Plan"',
    async (lang) => {
      session = await openBrowser(`review-panel-${lang}`);
      const { page } = session;
      await page.setViewportSize({ width: 1366, height: 900 });
      await openAs(page, organiser.token, lang, seasonPage('match-reservation'));
      await page.getByTestId('match-reservation-page').waitFor();
      await page.getByTestId('batch-text').fill(players.map((p) => `${p.publicId} 0 0 0`).join('\n'));
      await page.getByTestId('batch-row-0-plan').waitFor();
      const panel = page.getByTestId('games-float');
      const buttons = ['batch-start-all', 'batch-clear', 'batch-row-0-plan'];
      const toggle = page.getByTestId('games-float-toggle');
      for (const turn of [0, 1]) {
        if (turn === 1) await toggle.click();
        const open = (await toggle.getAttribute('aria-expanded')) === 'true';
        for (const id of buttons) {
          const button = page.getByTestId(id);
          await button.scrollIntoViewIfNeeded();
          const [b, p] = [await boxOf(button), await boxOf(panel)];
          expect(intersects(b, p), `${id} under the panel (${open ? 'open' : 'folded'})`).toBe(false);
        }
        // Scrolled to the very end and to the top, the buttons stay clear too.
        for (const to of ['end', 'top'] as const) {
          await page.evaluate(
            (where) => window.scrollTo(0, where === 'end' ? document.body.scrollHeight : 0),
            to,
          );
          for (const id of buttons) {
            const b = await page.getByTestId(id).boundingBox();
            if (b) expect(intersects(b, await boxOf(panel)), `${id} at the ${to}`).toBe(false);
          }
        }
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(artifactsDir, `review-reservation-${lang}.png`) });
      await session.close();
      session = undefined;
    },
  );

  it('the phone table fills the phone, names each hand beside it, and tells the robots apart (en, jp)', async () => {
    const player = players[0];
    const { uuid, lobby } = await seatWithRobots(player);
    try {
      for (const lang of ['en', 'jp']) {
        session = await openBrowser(`review-table-${lang}`);
        const { page } = session;
        await page.setViewportSize(PHONE);
        await openAs(page, player.token, lang, `/play/game/${uuid}`);
        await page.getByTestId('my-hand').waitFor();
        await page.screenshot({ path: join(artifactsDir, `review-table-phone-${lang}.png`) });

        // The table uses the phone's height: the top bar, the board and my side fill at least 90 % of it (the
        // square board left about 35 % empty), and the hand ends on the screen.
        const hand = await boxOf(page.getByTestId('my-hand'));
        const used =
          (await boxOf(page.locator('.tt-top'))).height +
          (await boxOf(page.getByTestId('board'))).height +
          (await boxOf(page.locator('.tt-controls'))).height;
        console.log(`[e2e] phone table ${lang}: ${used} of ${PHONE.height} px used`);
        expect(used).toBeGreaterThan(PHONE.height * 0.9);
        expect(hand.y + hand.height).toBeLessThanOrEqual(PHONE.height + 1);

        // Each other seat's name sits by its hand, and the three robots have three names.
        const names: string[] = [];
        for (const [side, edge] of [
          [1, 'right'],
          [2, 'top'],
          [3, 'left'],
        ] as const) {
          const name = page.getByTestId(`name-${side}`);
          const handBox = await boxOf(page.locator(`.tt-side-${edge} .tt-edge`));
          expect(gapBetween(await boxOf(name), handBox), `name ${side} by its hand`).toBeLessThan(12);
          names.push(await textOf(name));
        }
        expect(new Set(names).size).toBe(3);
        expect(names.join(' ')).not.toMatch(/table\./);
        await session.close();
        session = undefined;
      }
    } finally {
      lobby.close();
    }
  });

  it('a seat cut to three characters shows the whole nickname on hover in match management', async () => {
    const { uuid, lobby } = await seatWithRobots(players[1]);
    try {
      session = await openBrowser('review-seat');
      const { page } = session;
      await openAs(page, organiser.token, 'en', seasonPage('match-manage'));
      const seat = page.locator(`[data-testid^="running-seat-${uuid}-"][data-testid$="-name"]`).first();
      await seat.waitFor();
      expect(await textOf(seat)).toMatch(/…$/);
      await seat.hover();
      const tip = page
        .locator('.ant-tooltip:not(.ant-tooltip-hidden)')
        .filter({ hasText: players[1].who.nickname });
      await tip.waitFor();
      await session.close();
      session = undefined;
    } finally {
      lobby.close();
    }
  });

  it('the replay opened afresh shows no raw key, and the record names the robots apart', async () => {
    const player = players[2];
    const { uuid, lobby } = await seatWithRobots(player, 0);
    try {
      await lobby.ended(uuid);
    } finally {
      lobby.close();
    }
    const records = await eventually(
      () => seasonRecords(organiser.token, ids()),
      (r) => r.record_list.some((x) => x.uuid === uuid),
      'the record of the game',
    );
    const record = records.record_list.find((r) => r.uuid === uuid) as unknown as {
      accounts: { account_id: number; nickname: string }[];
    };
    const robots = record.accounts.filter((a) => a.account_id === 0).map((a) => a.nickname);
    expect(robots).toHaveLength(3);
    expect(new Set(robots).size).toBe(3);

    for (const lang of ['en', 'jp']) {
      session = await openBrowser(`review-replay-${lang}`);
      const { page } = session;
      await openAs(page, player.token, lang, `/play/replay/${uuid}`);
      await page.getByTestId('replay-controls').waitFor();
      await page.screenshot({ path: join(artifactsDir, `review-replay-${lang}.png`) });
      const text = await visibleText(page);
      const options = await page.getByTestId('replay-seat').locator('option').allInnerTexts();
      expect(`${text}\n${options.join('\n')}`).not.toMatch(/\b(table|replay)\.[a-zA-Z]/);
      expect(new Set(options).size).toBe(4);
      await expectNoRawKeys(page);
      await session.close();
      session = undefined;
    }
  });

  it('an unknown tournament tab goes to the info tab', async () => {
    session = await openBrowser('review-tab');
    const { page } = session;
    await openAs(page, organiser.token, 'en', `/contest/${cup.contest_id}/no-such-tab`);
    await page.waitForURL((url) => url.pathname === `/contest/${cup.contest_id}`);
    await page.getByTestId('contest-info').waitFor();
    await session.close();
    session = undefined;
  });

  it('adding admins with the creator in the list offers only the others, adds them, and counts in English', async () => {
    session = await openBrowser('review-admins');
    const { page } = session;
    const [other] = await registerPlayers('radm', 1);
    await openAs(page, organiser.token, 'en', `/contest/${cup.contest_id}/manager`);
    await page.getByTestId('admins-add').click();
    await page.getByTestId('admin-add-ids').fill(`${organiser.publicId}\n${other.publicId}`);
    await page.getByTestId('admin-add-lookup').click();
    // The creator is named as not addable, and only the other account is offered.
    const refused = page.getByTestId('admin-add-excluded');
    expect(await textOf(refused)).toContain(String(organiser.publicId));
    const found = page.getByTestId('admin-add-found');
    await found.waitFor();
    expect(await found.locator('tbody tr').count()).toBe(1);
    await page.screenshot({ path: join(artifactsDir, 'review-admin-add-en.png') });
    await page.getByTestId('admin-add-confirm').click();
    expect(await expectToast(page, 'success', 'admin')).toBe('1 admin added');
    await page.getByTestId(`admins-row-${other.publicId}`).waitFor();
    await session.close();
    session = undefined;
  });
});
