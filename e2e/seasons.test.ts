import { beforeAll, describe, expect, it } from 'vitest';
import { api, newIdentity, registerByApi } from './support/api';
import { type BrowserSession, closeAndScreenshotFailures, openBrowser } from './support/browser';
import {
  chooseLanguage,
  chooseOption,
  confirmDialog,
  dialogWith,
  eventually,
  expectNoRawKeys,
  expectText,
  expectToast,
  textOf,
} from './support/console';
import { formatMinute, setDateRange } from './support/dates';
import { loginBrowser, organiserWithTournament, seasonPlayers, seasonsOf } from './support/people';
import { endSeasonOnInfoPage } from './support/seasons';

const DAY = 24 * 3600;

// An organiser's tournament has its first season, pending: the Seasons tab, the season info page, and the
// rules they follow (create a season only when all have ended, end only a finished season).
describe('the seasons of a tournament, in the browser', () => {
  const organiser = newIdentity('seasons');
  let token = '';
  let uniqueId = 0;
  let contestId = 0;
  let session: BrowserSession;

  const seasonsNow = () => seasonsOf(token, uniqueId);

  beforeAll(async () => {
    const now = Math.floor(Date.now() / 1000);
    ({
      token,
      unique_id: uniqueId,
      contest_id: contestId,
    } = await organiserWithTournament(organiser, {
      name: (who) => `Season Cup ${who.nickname.slice(-4)}`,
      start: now + 2 * DAY,
      end: now + 30 * DAY,
    }));
    session = await openBrowser('seasons');
  });

  closeAndScreenshotFailures(() => session);

  it('lists season 1 pending and expanded, with create-season disabled while it has not ended', async () => {
    const { page } = session;
    await loginBrowser(page, token, organiser.nickname);
    await page.goto(`/contest/${contestId}/season`);

    const table = page.getByTestId('seasons-table');
    await table.waitFor();
    await expectText(page.getByTestId('season-state-1'), '未开始');
    const [season] = await seasonsNow();
    expect(await textOf(page.getByTestId('season-time-1'))).toBe(
      `${formatMinute(season.start_time)} ~ ${formatMinute(season.end_time)}`,
    );
    expect(await textOf(page.getByTestId('season-signup-1'))).toBe('关闭报名');
    expect(await textOf(page.getByTestId('season-rank-1'))).toBe('全部对局计入');

    // Unfinished seasons are expanded: their shortcuts are visible.
    const actions = page.getByTestId('season-actions-1');
    await actions.waitFor();
    for (const id of ['info', 'rule', 'players', 'create-game', 'records']) {
      expect(await page.getByTestId(`season-action-${id}-1`).isEnabled()).toBe(true);
    }

    // A new season only once every season has ended; the disabled button says why.
    const create = page.getByTestId('create-season');
    expect(await create.isDisabled()).toBe(true);
    await create.hover({ force: true });
    const tip = page.locator('.ant-tooltip').filter({ hasText: '所有赛季结束后才能创建新赛季' });
    await tip.waitFor();
    await expectNoRawKeys(page);
    await session.screenshot('01-seasons-tab-chs');
  });

  it('edits the remark inline in the list', async () => {
    const { page } = session;
    await page.getByTestId('season-remark-edit-1').click();
    const input = page.getByTestId('season-remark-input-1');
    await input.fill('Spring split');
    await input.press('Enter');
    await expectToast(page, 'success', '备注已保存');
    await expectText(page.getByTestId('season-remark-1'), 'Spring split');
    await eventually(seasonsNow, (list) => list[0]?.remark === 'Spring split', 'remark stored');
  });

  it('switches the season to reviewed sign-up with a window and a remark, and finds it saved after reload', async () => {
    const { page } = session;
    await page.getByTestId('season-action-info-1').click();
    await page.waitForURL(`**/contest/${contestId}/season/1`);
    await page.getByTestId('season-info').waitFor();
    await expectText(page.getByTestId('season-info-state'), '未开始');
    const update = page.getByTestId('season-info-update');
    expect(await update.isDisabled()).toBe(true);

    const [season] = await seasonsNow();
    const signupStart = Math.ceil(season.start_time / 60) * 60 + 3600;
    const signupEnd = signupStart + 2 * DAY;
    await page.getByTestId('season-info-signup-type-3').click();
    const signupItem = page
      .locator('.ant-form-item')
      .filter({ has: page.getByTestId('season-info-signup-range') });
    await signupItem.waitFor();
    await setDateRange(signupItem, signupStart, signupEnd);
    await page.getByTestId('season-info-remark').fill('Finals weekend');
    // Choosing a counting rule from "none" starts the count at 3.
    await chooseOption(page, page.getByTestId('season-info-rank-kind'), 'season-info-rank-kind-2');
    await eventually(
      () => textOf(page.getByTestId('season-info-rank-count')),
      (text) => text.includes('3 场'),
      'rank count defaults to 3',
    );
    expect(await update.isEnabled()).toBe(true);

    const sent = page.waitForRequest((req) => req.url().endsWith('/update_contest_season'));
    await update.click();
    const body = JSON.parse((await sent).postData() ?? '{}');
    // Only what changed is sent.
    expect(body.setting).toEqual({
      signup_type: 3,
      signup_start_time: signupStart,
      signup_end_time: signupEnd,
      rank_rule: 13,
      remark: 'Finals weekend',
    });
    await expectToast(page, 'success', '赛季已更新');
    await eventually(
      () => update.isDisabled(),
      (d) => d,
      'update disabled after saving',
    );

    await page.reload();
    await page.getByTestId('season-info').waitFor();
    expect(
      await page
        .getByTestId('season-info-signup-type-3')
        .locator('xpath=ancestor::label')
        .getAttribute('class'),
    ).toContain('ant-radio-button-wrapper-checked');
    const inputs = signupItem.locator('.ant-picker-range input');
    expect(await inputs.nth(0).inputValue()).toBe(formatMinute(signupStart));
    expect(await inputs.nth(1).inputValue()).toBe(formatMinute(signupEnd));
    expect(await page.getByTestId('season-info-remark').inputValue()).toBe('Finals weekend');
    const [stored] = await seasonsNow();
    expect(stored).toMatchObject({
      signup_type: 3,
      signup_start_time: signupStart,
      signup_end_time: signupEnd,
      remark: 'Finals weekend',
    });
    expect(stored.rank_rule).toBe(13);
    await expectNoRawKeys(page);
    await session.screenshot('02-season-info-chs');
  });

  it('cannot end a pending season: the button is disabled and says why', async () => {
    const { page } = session;
    const end = page.getByTestId('season-info-end');
    expect(await end.isDisabled()).toBe(true);
    await end.hover({ force: true });
    await page.locator('.ant-tooltip').filter({ hasText: '只有已结算的赛季才能结束' }).waitFor();
    // The server refuses it too (2541), and nothing changes.
    const refused = await api('/api/contest/end_contest_season', {
      token,
      body: { unique_id: uniqueId, season_id: 1 },
    });
    expect(refused.error?.code).toBe(2541);
    expect((await seasonsNow())[0].state).toBe(1);
  });

  it('reads in English: the season list and the info page', async () => {
    const { page } = session;
    await chooseLanguage(page, 'en');
    await expectText(page.getByTestId('season-info-state'), 'Pending');
    await expectNoRawKeys(page);
    await session.screenshot('03-season-info-en');

    // A team season ranks by team total (no rule to choose) and may show the team ranking; auto-match shows
    // its window, the season's dates to begin with. Refresh puts the form back as stored.
    await page.getByTestId('season-info-season-type-1').click();
    await expectText(page.getByTestId('season-info-team-rank-rule'), 'Team seasons rank by team total');
    await page.getByTestId('season-info-show-team-rank').waitFor();
    await page.getByTestId('season-info-auto-match').click();
    const [season] = await seasonsNow();
    const matchInputs = page
      .locator('.ant-form-item')
      .filter({ has: page.getByTestId('season-info-match-range') })
      .locator('.ant-picker-range input');
    expect(await matchInputs.nth(0).inputValue()).toBe(formatMinute(season.start_time));
    expect(await page.getByTestId('season-info-update').isEnabled()).toBe(true);
    await session.screenshot('03b-season-info-team-en');
    await page.getByTestId('season-info-refresh').click();
    await page.getByTestId('season-info-rank-kind').waitFor();
    expect(await page.getByTestId('season-info-match-range').count()).toBe(0);
    await eventually(
      () => page.getByTestId('season-info-update').isDisabled(),
      (d) => d,
      'nothing left to update after refresh',
    );

    await page.goto(`/contest/${contestId}/season`);
    await page.getByTestId('seasons-table').waitFor();
    const signupDay = formatMinute((await seasonsNow())[0].signup_start_time).slice(0, 10);
    await eventually(
      () => textOf(page.getByTestId('season-signup-1')),
      (text) => text.includes('Review') && text.includes(`From ${signupDay}, 2 d`),
      'sign-up column in English',
    );
    expect(await textOf(page.getByTestId('season-remark-1'))).toBe('Finals weekend');
    expect(await textOf(page.getByTestId('season-rank-1'))).toBe('Best 3 consecutive games');
    await expectNoRawKeys(page);
    await session.screenshot('04-seasons-tab-en');
  });

  it('shows the player sign-up link on the Info tab', async () => {
    const { page } = session;
    await page.getByTestId('contest-tab-info').click();
    const link = page.getByTestId('info-signup-link');
    const origin = new URL(page.url()).origin;
    await expectText(link, `${origin}/play/${contestId}`);
    await page.waitForTimeout(500); // the tab bar's ink slides under the chosen tab
    await session.screenshot('05-info-signup-link-en');
  });

  it('asks before leaving review while a sign-up waits, naming how many, then deletes it', async () => {
    const { page } = session;
    // The season starts in a few seconds, with its sign-up window open from its start.
    const start = Math.floor(Date.now() / 1000) + 4;
    const moved = await api('/api/contest/update_contest_season', {
      token,
      body: {
        unique_id: uniqueId,
        season_id: 1,
        setting: { start_time: start, signup_start_time: start, signup_end_time: start + 2 * DAY },
      },
    });
    expect(moved.error).toBeUndefined();
    await eventually(seasonsNow, (list) => list[0]?.state === 2, 'season 1 running');
    const player = newIdentity('signup');
    const playerToken = await registerByApi(player);
    const signed = await api<{ state: number }>('/api/contest/signup_contest_season', {
      token: playerToken,
      body: { unique_id: uniqueId, season_id: 1 },
    });
    expect(signed.data?.state).toBe(1);

    await page.goto(`/contest/${contestId}/season/1`);
    await expectText(page.getByTestId('season-info-state'), 'Running');
    // Once running, the start is locked.
    const rangeInputs = page
      .locator('.ant-form-item')
      .filter({ has: page.getByTestId('season-info-range') })
      .locator('.ant-picker-range input');
    expect(await rangeInputs.nth(0).isDisabled()).toBe(true);
    expect(await rangeInputs.nth(1).isDisabled()).toBe(false);

    await page.getByTestId('season-info-signup-type-2').click();
    await page.getByTestId('season-info-update').click();
    const dialog = await confirmDialog(page);
    expect(await textOf(dialog)).toContain('Unreviewed sign-ups: 1');
    await session.screenshot('06-signup-change-confirm-en');
    const sent = page.waitForRequest((req) => req.url().endsWith('/update_contest_season'));
    await page.getByTestId('season-info-signup-confirm').click();
    expect(JSON.parse((await sent).postData() ?? '{}').setting).toEqual({ signup_type: 2 });
    await expectToast(page, 'success', 'Season updated');
    expect((await seasonsNow())[0].signup_type).toBe(2);
    const waiting = await seasonPlayers(token, uniqueId, 1, { state: 1, limit: 1 });
    expect(waiting.total).toBe(0);
  });

  it('ends a finished season after confirming; it becomes read-only', async () => {
    const { page } = session;
    // The organiser moves the end of the running season to now: it is finished.
    const [season] = await seasonsNow();
    const finished = await api('/api/contest/update_contest_season', {
      token,
      body: { unique_id: uniqueId, season_id: 1, setting: { end_time: season.start_time + 1 } },
    });
    expect(finished.error).toBeUndefined();
    await page.getByTestId('season-info-refresh').click();
    await expectText(page.getByTestId('season-info-state'), 'Finished');
    const end = await endSeasonOnInfoPage(page, {
      question: 'End season 1?',
      done: 'Season ended',
      ended: 'Ended',
    });
    expect(await page.getByTestId('season-info-remark').isDisabled()).toBe(true);
    expect(await end.isDisabled()).toBe(true);
    expect((await seasonsNow())[0].state).toBe(4);
    await expectNoRawKeys(page);
    await session.screenshot('07-season-ended-en');
  });

  it('creates season 2 from the list once every season has ended, and lands on it', async () => {
    const { page } = session;
    // The season page's way back leads to the season list (the Seasons tab is already the active one).
    await page.locator('a').filter({ hasText: 'Back to tournament' }).click();
    await page.waitForURL(`**/contest/${contestId}/season`);
    await page.getByTestId('seasons-table').waitFor();
    await expectText(page.getByTestId('season-state-1'), 'Ended');
    // An ended season is folded, and its remark can no longer change.
    expect(await page.getByTestId('season-actions-1').count()).toBe(0);
    expect(await page.getByTestId('season-remark-edit-1').count()).toBe(0);

    const create = page.getByTestId('create-season');
    await eventually(
      () => create.isEnabled(),
      (enabled) => enabled,
      'create season enabled',
    );
    await create.click();
    const dialog = await dialogWith(page, 'create-season-submit');
    // Defaults: start a day ahead, end seven days after it.
    const inputs = dialog.locator('.ant-picker-range input');
    const shownStart = Date.parse(`${(await inputs.nth(0).inputValue()).replace(' ', 'T')}:00Z`) / 1000;
    const shownEnd = Date.parse(`${(await inputs.nth(1).inputValue()).replace(' ', 'T')}:00Z`) / 1000;
    expect(Math.abs(shownStart - (Date.now() / 1000 + DAY))).toBeLessThan(180);
    expect(shownEnd - shownStart).toBe(7 * DAY);
    await expectNoRawKeys(page);
    await session.screenshot('08-create-season-en');

    await page.getByTestId('create-season-submit').click();
    await page.waitForURL(`**/contest/${contestId}/season/2`);
    await expectToast(page, 'success', 'Season 2 created');
    await expectText(page.getByTestId('season-info-state'), 'Pending');
    const list = await seasonsNow();
    expect(list.map((s) => [s.season_id, s.state])).toEqual([
      [1, 4],
      [2, 1],
    ]);

    await page.locator('a').filter({ hasText: 'Back to tournament' }).click();
    await page.getByTestId('season-actions-2').waitFor();
    expect(await page.getByTestId('create-season').isDisabled()).toBe(true);
    await page.waitForTimeout(300);
    await session.screenshot('09-seasons-tab-two-en');
  });
});
