import { beforeAll, describe, expect, it } from 'vitest';
import { call, newIdentity, registerByApi } from './support/api';
import { type BrowserSession, closeAndScreenshotFailures, openBrowser } from './support/browser';
import { expectText, settled, textOf } from './support/console';
import { addToRoster, type RosterPlayer, registerPlayers, startSeasonNow } from './support/games';
import { createTournament, grantCurrency, loginBrowser, type Tournament } from './support/people';

const DAY = 24 * 3600;

// Details of the spec a line-by-line audit checked in the browser: an unknown season goes to the season list
// (§2), the crash page (§2, §8), the manual-start failure dialog linking to match-manage (§8), the empty
// calculated ranking (§8), page sizes (§9) and the 1248 px minimum width of the page (§1, §9).
describe('spec details in the console', () => {
  const organiser = newIdentity('specd');
  let token = '';
  let tournament: Tournament;
  let player: RosterPlayer;
  let session: BrowserSession;
  let seasonPath = '';

  beforeAll(async () => {
    token = await registerByApi(organiser);
    await grantCurrency(organiser.email, 60);
    const now = Math.floor(Date.now() / 1000);
    tournament = await createTournament(token, {
      name: `Spec Cup ${organiser.nickname.slice(-4)}`,
      start: now + DAY,
      end: now + 20 * DAY,
    });
    const ids = { uniqueId: tournament.unique_id, seasonId: tournament.season_id };
    [player] = await registerPlayers('spd', 1);
    await addToRoster(token, ids, [player]);
    await startSeasonNow(token, ids);
    seasonPath = `/contest/${tournament.contest_id}/season/${tournament.season_id}`;
    session = await openBrowser('spec-details');
    await loginBrowser(session.page, token, organiser.nickname);
  });

  closeAndScreenshotFailures(() => session);

  it('an unknown season of a loaded tournament goes to its season list', async () => {
    const { page } = session;
    const list = `/contest/${tournament.contest_id}/season`;
    await page.goto(`${list}/99`);
    await page.waitForURL((url) => url.pathname === list);
    await page.getByTestId('seasons-table').waitFor();
  });

  it('the page never gets narrower than 1248 px: a narrower window scrolls sideways', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1000, height: 900 });
    try {
      await page.goto('/');
      await page.getByTestId('header-nickname').waitFor();
      const widths = await page.evaluate(() => ({
        shell: (document.querySelector('.app-shell') as HTMLElement).getBoundingClientRect().width,
        scroll: document.documentElement.scrollWidth,
      }));
      expect(widths.shell).toBe(1248);
      expect(widths.scroll).toBeGreaterThanOrEqual(1248);
      await session.screenshot('min-width-1000');
    } finally {
      await page.setViewportSize({ width: 1366, height: 900 });
    }
  });

  it('page sizes: records are read 10 a page, player cards 20 a page', async () => {
    const { page } = session;
    const limitOf = async (name: string, open: () => Promise<unknown>) => {
      const asked = page.waitForRequest((req) => req.url().includes(`/api/contest/${name}?`));
      await open();
      return new URL((await asked).url()).searchParams.get('limit');
    };
    expect(await limitOf('fetch_contest_game_records', () => page.goto(`${seasonPath}/record`))).toBe('10');
    await page.getByTestId('record-empty').waitFor();
    expect(
      await limitOf('contest_season_player_list', () => page.goto(`/contest/${tournament.contest_id}/user`)),
    ).toBe('20');
    await page.getByTestId(`user-card-${player.publicId}`).waitFor();
  });

  it('an empty calculated ranking says no player reached the minimum games', async () => {
    const { page } = session;
    await page.goto(`${seasonPath}/player_statistics`);
    await page.getByTestId('calc-rank-open').click();
    const modal = await settled(
      page.locator('.ant-modal').filter({ has: page.getByTestId('calc-rank-modal') }),
    );
    await modal.getByTestId('calc-run').click();
    await expectText(modal.getByTestId('calc-rank-empty'), '没有对局数达到 0 局的选手');
    await session.screenshot('calc-empty');
    await page.keyboard.press('Escape');
  });

  it('a manual start the server refuses opens a dialog that leads to match-manage', async () => {
    const { page } = session;
    // The player already waits in a plan: a second table with them is refused (2543).
    await call('/api/contest/create_game_plan', token, {
      unique_id: tournament.unique_id,
      season_id: tournament.season_id,
      account_list: [player.accountId, 0, 0, 0],
      game_start_time: Math.floor(Date.now() / 1000) + 3600,
    });
    await page.goto(`${seasonPath}/match-reservation`);
    await page.getByTestId('manual-panel').waitFor();
    await page.getByTestId('search-add-id').fill(String(player.publicId));
    await page.getByTestId('search-add').click();
    await expectText(page.getByTestId('seat-0-name'), player.who.nickname);
    for (const seat of [1, 2, 3]) await page.getByTestId(`seat-${seat}-robot`).click();
    await page.getByTestId('manual-start').click();
    const dialog = await settled(page.locator('.ant-modal-confirm'));
    expect(await textOf(dialog)).toContain('开始对局失败');
    await session.screenshot('manual-start-failed');
    await page.getByTestId('start-failed-manage').click();
    await page.waitForURL((url) => url.pathname === `${seasonPath}/match-manage`);
  });

  it('a page that fails to load shows the crash page, which tells the user to contact the administrator', async () => {
    const { page } = session;
    // The tournament page's code answers with a script that throws as it loads.
    await page.route(/\/assets\/ContestPage-[^/]*\.js$/, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: 'throw new Error("broken build");',
      }),
    );
    try {
      await page.goto(`/contest/${tournament.contest_id}`);
      const crash = page.getByTestId('crash-page');
      await crash.waitFor();
      expect(await textOf(crash)).toContain('请联系管理员');
      await session.screenshot('crash-page');
    } finally {
      await page.unroute(/\/assets\/ContestPage-[^/]*\.js$/);
    }
  });
});
