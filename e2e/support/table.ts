import { gzipSync } from 'node:zlib';
import { Majiang } from '@taikai/engine/player-view';
import type { Page } from 'playwright-core';
import { eventually } from './console';
import { type RosterPlayer, seatWithRobots } from './games';
import { HANG_GUARD_MS } from './hang-guard';
import { openSignedIn, type Tournament } from './people';

// A player at the portal's table, played by clicking the screen (or with the keys): what the table offers is
// read from the page, never from the link. Used by the table and journey tests.

/** Chooses the table's language in its header, and waits until the page remembers it. */
export async function chooseTableLanguage(page: Page, lang: string): Promise<void> {
  await page.getByTestId('table-language').selectOption(lang);
  await eventually(
    () => page.evaluate(() => localStorage.getItem('lang')),
    (stored) => stored === lang,
    `table language ${lang}`,
  );
}

/**
 * Seats `player` at a new game of `cup` with three robots of `aiLevel` (planned by the organiser, `token`) and
 * opens its table on `page` in English, signed in as the player; once the page shows `shown` (a selector) it
 * holds the seat, and the link that held it is closed. Answers the game's uuid.
 */
export async function openTableWithRobots(
  page: Page,
  {
    token,
    cup,
    player,
    aiLevel,
    shown,
  }: { token: string; cup: Tournament; player: RosterPlayer; aiLevel: number; shown: string },
): Promise<string> {
  const { uuid, lobby } = await seatWithRobots(token, cup, player, aiLevel);
  await page.goto('/play');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await openSignedIn(page, player.token, `/play/game/${uuid}`);
  await page.locator(shown).waitFor();
  lobby.close();
  return uuid;
}

/** The scripts the page loaded, and their size gzipped (as a server would send them compressed). */
export async function scriptBytes(page: Page): Promise<{ total: number; files: string[] }> {
  const urls = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map((e) => e.name)
      .filter((name) => /\.js(\?|$)/.test(name)),
  );
  let total = 0;
  for (const url of urls) total += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
  return { total, files: urls.map((u) => u.replace(/^.*\/assets\//, '')) };
}

/** What one game at the table did, for the test to check. */
export interface TablePlay {
  decisions: number;
  discards: number;
  byKeys: number;
  calls: number;
  riichi: number;
  wins: number;
  /** Xuezhandaodi exchanges made (three tiles passed before a deal). */
  exchanges: number;
  passes: number;
  results: number;
  /** Decisions (counted) at which a hook was called, e.g. to take screenshots. */
  hooked: number[];
}

/** The hand shown at the table: its tiles' codes (drawn tile last) and its melds. */
export async function handOnScreen(page: Page): Promise<{ tiles: string[]; melds: string[] }> {
  return page.evaluate(() => {
    const hand = document.querySelector('[data-testid="my-hand"]');
    const tiles = Array.from(hand?.querySelectorAll('[data-code]') ?? []).map(
      (el) => el.getAttribute('data-code') ?? '',
    );
    const melds = Array.from(hand?.querySelectorAll('[data-meld]') ?? []).map(
      (el) => el.getAttribute('data-meld') ?? '',
    );
    return { tiles, melds };
  });
}

/** The engine's hand text of tiles and melds (`m123p40,z111=`). */
function handText(tiles: readonly string[], melds: readonly string[]): string {
  const bySuit = new Map<string, string>();
  for (const t of tiles) bySuit.set(t[0], (bySuit.get(t[0]) ?? '') + t[1]);
  const concealed = ['m', 'p', 's', 'z'].map((s) => (bySuit.has(s) ? s + bySuit.get(s) : '')).join('');
  return [concealed, ...melds].join(',');
}

/** Of the tiles the table lets go (by index on screen), the one that keeps the hand closest to ready. */
function bestDiscard(tiles: readonly string[], melds: readonly string[], allowed: readonly number[]): number {
  let best = allowed[0];
  let bestShanten = Number.POSITIVE_INFINITY;
  for (const i of allowed) {
    const rest = tiles.filter((_, j) => j !== i);
    const shanten = Majiang.Util.xiangting(Majiang.Shoupai.fromString(handText(rest, melds)));
    if (shanten < bestShanten) {
      bestShanten = shanten;
      best = i;
    }
  }
  return best;
}

/**
 * Plays the table of the open page to the end of the game by clicking: at xuezhandaodi the exchange (the first
 * three tiles), wins when offered, riichi when offered
 * (then its discard), calls the first `calls` times a call is offered and passes after that, and otherwise
 * discards the tile that keeps the hand closest to ready. Every `keysEvery`-th discard is made with the keys
 * (arrows and Enter) instead. Closes hand results as they come. `onDecision` runs before decision n (1, 2, …).
 */
export async function playToTheEnd(
  page: Page,
  {
    calls = 2,
    keysEvery = 0,
    onDecision,
    onResult,
  }: {
    calls?: number;
    keysEvery?: number;
    onDecision?: (n: number, play: TablePlay) => Promise<void>;
    /** Runs when hand result n (1, 2, …) is shown, before it is closed. */
    onResult?: (n: number) => Promise<void>;
  } = {},
): Promise<TablePlay> {
  const play: TablePlay = {
    decisions: 0,
    discards: 0,
    byKeys: 0,
    calls: 0,
    riichi: 0,
    wins: 0,
    exchanges: 0,
    passes: 0,
    results: 0,
    hooked: [],
  };
  const deadline = Date.now() + HANG_GUARD_MS;
  const testId = (id: string) => page.getByTestId(id);
  while (Date.now() < deadline) {
    if (await testId('settlement').isVisible()) return play;
    if (await testId('game-ended').isVisible()) throw new Error('the game ended without its settlement');
    if (await testId('result-close').isVisible()) {
      play.results++;
      if (onResult) await onResult(play.results);
      await testId('result-close')
        .click()
        .catch(() => undefined);
      continue;
    }
    if (await testId('xz-exchange-send').isVisible()) {
      play.decisions++;
      if (onDecision) await onDecision(play.decisions, play);
      await exchange(page, play);
      continue;
    }
    const state = await page.evaluate(() => {
      const ids = Array.from(document.querySelectorAll('[data-testid^="action-"]')).map(
        (el) => el.getAttribute('data-testid') ?? '',
      );
      const tiles = Array.from(document.querySelectorAll('[data-testid="my-hand"] [data-allowed]'));
      const allowed = tiles.flatMap((el, i) => (el.getAttribute('data-allowed') === 'true' ? [i] : []));
      return { actions: ids.map((id) => id.slice('action-'.length)), allowed };
    });
    if (state.actions.length === 0 && state.allowed.length === 0) {
      await page.waitForTimeout(40);
      continue;
    }
    play.decisions++;
    if (onDecision) await onDecision(play.decisions, play);
    await decide(page, play, state, { calls, keysEvery });
  }
  throw new Error(`the game did not end within ${HANG_GUARD_MS} ms (${JSON.stringify(play)})`);
}

/** Xuezhandaodi's exchange: the first three tiles of the hand shown, then the button that passes them. */
async function exchange(page: Page, play: TablePlay): Promise<void> {
  try {
    const tiles = page.getByTestId('exchange-tile');
    for (let i = 0; i < 3; i++) await tiles.nth(i).click({ timeout: 5_000 });
    await page.getByTestId('xz-exchange-send').click({ timeout: 5_000 });
    play.exchanges++;
  } catch {
    // The exchange passed while it was being made (its time ran out): go on.
  }
}

async function decide(
  page: Page,
  play: TablePlay,
  state: { actions: string[]; allowed: number[] },
  { calls, keysEvery }: { calls: number; keysEvery: number },
): Promise<void> {
  const testId = (id: string) => page.getByTestId(id);
  const has = (a: string) => state.actions.includes(a);
  const click = (id: string) => testId(id).click({ timeout: 5_000 });
  try {
    if (has('tsumo') || has('ron')) {
      play.wins++;
      await click(has('tsumo') ? 'action-tsumo' : 'action-ron');
      return;
    }
    if (has('riichi')) {
      play.riichi++;
      await click('action-riichi');
      await testId('riichi-hint').waitFor();
      const { tiles, melds } = await handOnScreen(page);
      const allowed = await page.evaluate(() =>
        Array.from(document.querySelectorAll('[data-testid="my-hand"] [data-allowed]')).flatMap((el, i) =>
          el.getAttribute('data-allowed') === 'true' ? [i] : [],
        ),
      );
      const i = bestDiscard(tiles, melds, allowed);
      await page.locator('[data-testid="my-hand"] [data-allowed]').nth(i).click({ timeout: 5_000 });
      return;
    }
    const call = ['pon', 'chi', 'kan'].find(has);
    if (call && play.calls < calls) {
      play.calls++;
      await click(`action-${call}`);
      // A call with several combinations lists them: take the first.
      const first = testId('choice-0');
      if (await first.isVisible()) await first.click({ timeout: 5_000 });
      return;
    }
    if (state.allowed.length > 0) {
      const { tiles, melds } = await handOnScreen(page);
      const i = bestDiscard(tiles, melds, state.allowed);
      play.discards++;
      if (keysEvery > 0 && play.discards % keysEvery === 0) {
        play.byKeys++;
        // Keys: number keys choose the first nine tiles, arrows the others; Enter discards.
        if (i < 9) await page.keyboard.press(String(i + 1));
        else {
          await page.keyboard.press('9');
          for (let k = 9; k <= i; k++) await page.keyboard.press('ArrowRight');
        }
        await page.keyboard.press('Enter');
        return;
      }
      await page.locator('[data-testid="my-hand"] [data-allowed]').nth(i).click({ timeout: 5_000 });
      return;
    }
    if (has('pass')) {
      play.passes++;
      await click('action-pass');
    }
  } catch {
    // The decision passed while it was being made (its time ran out, or the hand ended): go on.
  }
}
