import { expect } from 'vitest';
import type { BrowserSession } from './browser';
import { openBrowser } from './browser';
import { eventually, expectNoRawKeys, PHONE } from './console';
import { type RosterPlayer, seasonRecords } from './games';
import { openSignedIn, type Tournament } from './people';

// After a game played at the portal table: the season's record, the ranking and the player's replay of it.

/**
 * Checks what follows a game `uuid` that `player` played in seat 0 of the tournament `cup` at the portal table
 * open in `session`: the season's record of it, its points summing to zero; the player's records listing it
 * (phone size); the season ranking (as the organiser, `token`) showing the player with the record's settled
 * points; and its replay (`data-mode` `mode`), hand by hand with the seed and its verification, moving on, then
 * the first hand's result panel (test id `result`) with a row per seat (`rows`, a selector). Screenshots go to
 * `shot(name)`.
 */
export async function expectRecordRankingReplay(
  session: BrowserSession,
  { token, cup, player, uuid }: { token: string; cup: Tournament; player: RosterPlayer; uuid: string },
  {
    mode,
    result,
    rows,
    shot,
  }: { mode: string; result: string; rows: string; shot: (name: string) => string },
): Promise<void> {
  const { page } = session;
  const records = await eventually(
    () => seasonRecords(token, { uniqueId: cup.unique_id, seasonId: cup.season_id }),
    (r) => r.record_list.some((x) => x.uuid === uuid),
    `the ${mode} record`,
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
  const org = await openBrowser(`${mode}-org`);
  try {
    await openSignedIn(
      org.page,
      token,
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
  await page.locator(`[data-testid="replay"][data-mode="${mode}"]`).waitFor();
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
  await page.getByTestId(result).waitFor();
  expect(await page.locator(rows).count()).toBe(4);
  await page.screenshot({ path: shot('replay-result-en') });
  await expectNoRawKeys(page);
  expect(session.pageErrors).toEqual([]);
}
