import type { Page } from 'playwright-core';
import { HANG_GUARD_MS } from './hang-guard';

// A player at the portal's chuanma (Sichuan bloody battle) table, played by clicking the screen: what the table
// offers is read from the page (enabled tiles and buttons), never from the link.

/** What one chuanma game at the table did, for the test to check. */
export interface ChuanmaPlay {
  decisions: number;
  exchanges: number;
  voids: number;
  /** Voids chosen that were the suggested one. */
  suggestedVoids: number;
  discards: number;
  /** Discards made while the void suit was held: every enabled tile was of the void suit. */
  voidFirstDiscards: number;
  wins: number;
  pungs: number;
  passes: number;
  results: number;
  /** Hand results that showed at least one fan by name. */
  fansShown: number;
}

/** The enabled tiles of the hand (their codes) and the void suit named, if any. */
async function handState(page: Page): Promise<{ enabled: string[]; hand: string[]; void: string | null }> {
  return page.evaluate(() => {
    const tiles = Array.from(document.querySelectorAll('[data-testid="my-hand"] [data-testid="hand-tile"]'));
    return {
      hand: tiles.map((el) => el.getAttribute('data-tile') ?? ''),
      enabled: tiles
        .filter((el) => !(el as HTMLButtonElement).disabled)
        .map((el) => el.getAttribute('data-tile') ?? ''),
      void: document.querySelector('[data-testid="cm-my-void"]')?.getAttribute('data-suit') ?? null,
    };
  });
}

/** The tile to let go: the one with the fewest neighbours of its suit in the hand (ties: the first). */
function loosest(enabled: readonly string[], hand: readonly string[]): number {
  let best = 0;
  let bestScore = Number.POSITIVE_INFINITY;
  enabled.forEach((t, i) => {
    const n = Number(t.slice(1));
    const score =
      hand.filter((x) => x !== t && x[0] === t[0] && Math.abs(Number(x.slice(1)) - n) <= 2).length +
      hand.filter((x) => x === t).length * 2;
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}

/**
 * Plays the chuanma table of the open page to the end of the game by clicking: the exchange (three tiles of the
 * first suit offered), the suggested void suit, wins when offered, the first `pungs` pungs then passes, and
 * otherwise the loosest enabled tile. Closes hand results as they come (`onResult` first); `onDecision` runs
 * before decision n (1, 2, …).
 */
export async function playChuanmaToTheEnd(
  page: Page,
  {
    pungs = 1,
    onDecision,
    onResult,
  }: {
    pungs?: number;
    onDecision?: (n: number, play: ChuanmaPlay) => Promise<void>;
    onResult?: (n: number) => Promise<void>;
  } = {},
): Promise<ChuanmaPlay> {
  const play: ChuanmaPlay = {
    decisions: 0,
    exchanges: 0,
    voids: 0,
    suggestedVoids: 0,
    discards: 0,
    voidFirstDiscards: 0,
    wins: 0,
    pungs: 0,
    passes: 0,
    results: 0,
    fansShown: 0,
  };
  const deadline = Date.now() + HANG_GUARD_MS;
  const testId = (id: string) => page.getByTestId(id);
  const visible = (id: string) => testId(id).first().isVisible();
  const click = (id: string) => testId(id).first().click({ timeout: 5_000 });
  while (Date.now() < deadline) {
    if (await visible('settlement')) return play;
    if (await visible('game-ended')) throw new Error('the game ended without its final result');
    if (await visible('cm-result')) {
      play.results++;
      if ((await testId('cm-fan').count()) > 0) play.fansShown++;
      if (onResult) await onResult(play.results);
      await click('cm-result-close').catch(() => undefined);
      continue;
    }
    const actions = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-testid="action-bar"] button:not([disabled])')).map(
        (el) => el.getAttribute('data-testid') ?? '',
      ),
    );
    const hand = await handState(page);
    const exchange = await visible('cm-exchange-send');
    if (actions.length === 0 && hand.enabled.length === 0 && !exchange) {
      await page.waitForTimeout(40);
      continue;
    }
    play.decisions++;
    if (onDecision) await onDecision(play.decisions, play);
    try {
      if (exchange) {
        for (let k = 0; k < 3; k++) {
          await page
            .locator(
              '[data-testid="my-hand"] [data-testid="hand-tile"]:not([disabled]):not([aria-pressed="true"])',
            )
            .first()
            .click({
              timeout: 5_000,
            });
        }
        await click('cm-exchange-send');
        play.exchanges++;
        continue;
      }
      const suggested = page.locator('[data-testid^="cm-void-"][data-suggested="true"]');
      if (await suggested.isVisible()) {
        await suggested.click({ timeout: 5_000 });
        play.voids++;
        play.suggestedVoids++;
        continue;
      }
      if (actions.includes('action-hule')) {
        await click('action-hule');
        play.wins++;
        continue;
      }
      if (actions.includes('action-peng') && play.pungs < pungs) {
        await click('action-peng');
        play.pungs++;
        continue;
      }
      if (hand.enabled.length > 0) {
        if (hand.void && hand.hand.some((t) => t[0] === hand.void)) {
          if (hand.enabled.some((t) => t[0] !== hand.void))
            throw new Error(
              `a tile outside the void suit ${hand.void} is enabled: ${hand.enabled.join(' ')}`,
            );
          play.voidFirstDiscards++;
        }
        const i = loosest(hand.enabled, hand.hand);
        await page
          .locator('[data-testid="my-hand"] [data-testid="hand-tile"]:not([disabled])')
          .nth(i)
          .click({ timeout: 5_000 });
        play.discards++;
        continue;
      }
      if (actions.includes('action-pass')) {
        await click('action-pass');
        play.passes++;
      }
    } catch (err) {
      if (String(err).includes('outside the void suit')) throw err;
      // The decision passed while it was being made (its time ran out, or the hand ended): go on.
    }
  }
  throw new Error(`the game did not end within ${HANG_GUARD_MS} ms (${JSON.stringify(play)})`);
}
