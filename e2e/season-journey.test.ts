import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, newIdentity, registerByApi } from './support/api';
import { type BrowserSession, openBrowser, screenshotFailures } from './support/browser';
import {
  atRest,
  chooseLanguage,
  dialogWith,
  eventually,
  expectNoRawKeys,
  expectSignupState,
  expectText,
  expectToast,
  motionDone,
  PHONE,
  settled,
  textOf,
} from './support/console';
import { formatMinute } from './support/dates';
import {
  accountOf,
  chatLimitOf,
  createTournament,
  grantCurrency,
  openSignedIn,
  type Season,
  seasonsOf,
} from './support/people';
import { chooseChatWhitelist, endSeasonOnInfoPage, lookUpChatPlayers } from './support/seasons';

const DAY = 24 * 3600;

interface Player {
  who: { email: string; nickname: string; password: string };
  token: string;
  accountId: number;
  publicId: number;
}

const nowS = () => Math.floor(Date.now() / 1000);

// The season feature end to end: an organiser closes season 1, opens season 2 with reviewed sign-up, two
// players sign up from their phones, the organiser reviews them, keeps the roster, limits chat and ends the
// season. Every decision of the organiser is made in the console; the API only sets up accounts and the
// tournament, and moves season times the way a bot would, since a season cannot be made to start or finish
// "now" from the console.
describe('a season from start to end: organiser and two players, in the browser', () => {
  const organiser = { who: newIdentity('sjorg'), token: '' };
  const tag = organiser.who.nickname.slice(-4);
  const names = { chs: `四季杯 ${tag}`, en: `Four Seasons Cup ${tag}` };
  const players: Record<'a' | 'b', Player> = { a: {} as Player, b: {} as Player };
  const remark = 'Table 1, seat East';
  let uniqueId = 0;
  let contestId = 0;
  let org: BrowserSession;
  let phoneA: BrowserSession | undefined;
  let phoneB: BrowserSession | undefined;
  let phones: Promise<BrowserSession[]> | undefined;

  const seasonsNow = () => seasonsOf(organiser.token, uniqueId);
  const seasonNow = async (seasonId: number): Promise<Season> => {
    const season = (await seasonsNow()).find((s) => s.season_id === seasonId);
    if (!season) throw new Error(`no season ${seasonId}`);
    return season;
  };
  const moveSeason = (seasonId: number, setting: Record<string, number>) =>
    call<Season>('/api/contest/update_contest_season', organiser.token, {
      unique_id: uniqueId,
      season_id: seasonId,
      setting,
    });
  /** Moves a pending season's start two seconds ahead and waits until it runs; returns its start. */
  const startSoon = async (seasonId: number, alsoSignupWindow: boolean): Promise<number> => {
    const start = nowS() + 2;
    await moveSeason(
      seasonId,
      alsoSignupWindow ? { start_time: start, signup_start_time: start } : { start_time: start },
    );
    await eventually(
      () => seasonNow(seasonId),
      (s) => s.state === 2,
      `season ${seasonId} running`,
    );
    return start;
  };
  /**
   * Moves a running season's end into the past (at least a second after its start): it is finished. A window
   * of checked sign-up must lie inside the season, so its end moves too when `withSignupWindow`.
   */
  const finishNow = async (seasonId: number, start: number, withSignupWindow = false) => {
    await eventually(
      async () => nowS(),
      (now) => now >= start + 2,
      'clock past the season start',
    );
    const end = nowS() - 1;
    await moveSeason(
      seasonId,
      withSignupWindow ? { end_time: end, signup_end_time: end } : { end_time: end },
    );
    await eventually(
      () => seasonNow(seasonId),
      (s) => s.state === 3,
      `season ${seasonId} finished`,
    );
  };
  const rowOf = (table: string, publicId: number) =>
    org.page
      .getByTestId(table)
      .locator('tbody tr')
      .filter({ hasText: String(publicId) });
  /** A player's phone: a browser of their own at 390 px. */
  const launchPhone = async (label: string): Promise<BrowserSession> => {
    const session = await openBrowser(`season-journey-player-${label}`);
    await session.page.setViewportSize(PHONE);
    return session;
  };
  /** The player opens the tournament's page, signed in with their session token. */
  const openPlayPage = (session: BrowserSession, player: Player) =>
    openSignedIn(session.page, player.token, `/play/${contestId}`);

  beforeAll(async () => {
    const identities = { a: newIdentity('sjpa'), b: newIdentity('sjpb') };
    [organiser.token, players.a.token, players.b.token] = await Promise.all(
      [organiser.who, identities.a, identities.b].map((who) => registerByApi(who)),
    );
    for (const label of ['a', 'b'] as const) {
      Object.assign(players[label], { who: identities[label], ...(await accountOf(players[label].token)) });
    }
    await grantCurrency(organiser.who.email);
    // Season 1 comes with the tournament and starts tomorrow.
    const now = nowS();
    const created = await createTournament(organiser.token, {
      name: { chs: names.chs, en: names.en },
      start: now + DAY,
      end: now + 30 * DAY,
    });
    ({ unique_id: uniqueId, contest_id: contestId } = created);
    org = await openBrowser('season-journey');
  });

  afterAll(async () => {
    const opened = (await phones?.catch(() => undefined)) ?? [];
    await Promise.all([org?.close(), ...opened.map((session) => session.close())]);
  });
  // One story: once a step failed, the later ones are skipped instead of failing after their timeouts.
  let broken = false;
  beforeEach((context) => {
    if (broken) context.skip();
  });
  afterEach(({ task }) => {
    if (task.result?.state === 'fail') broken = true;
  });
  screenshotFailures(() => org);
  screenshotFailures(() => phoneA);
  screenshotFailures(() => phoneB);

  it('1 · ends the finished season 1 from its info page (console in Chinese); create-season becomes enabled', async () => {
    const { page } = org;
    expect((await seasonNow(1)).state).toBe(1);
    // The players' phones start up while the clock runs.
    phones = Promise.all([launchPhone('a'), launchPhone('b')]);
    phones.catch(() => undefined);
    // A bot starts season 1 now and moves its end into the past: it is finished.
    const start = await startSoon(1, false);
    const loggedIn = openSignedIn(page, organiser.token, `/`);
    await finishNow(1, start);
    await loggedIn;
    await expectText(page.getByTestId('header-nickname'), organiser.who.nickname);

    await page.goto(`/contest/${contestId}/season`);
    await expectText(page.getByTestId('season-state-1'), '已结算');
    const create = page.getByTestId('create-season');
    expect(await create.isDisabled()).toBe(true);
    await expectNoRawKeys(page);
    await atRest(page, { toasts: false });
    await org.screenshot('01-season1-finished-chs');

    await page.getByTestId('season-action-info-1').click();
    await page.waitForURL(`**/contest/${contestId}/season/1`);
    await expectText(page.getByTestId('season-info-state'), '已结算');
    await endSeasonOnInfoPage(
      page,
      { question: '结束第 1 赛季？', done: '赛季已结束', ended: '已结束' },
      async () => {
        await motionDone(page);
        await org.screenshot('02-end-season1-confirm-chs');
      },
    );
    await expectNoRawKeys(page);

    await page.locator('a').filter({ hasText: '返回赛事' }).click();
    await page.waitForURL(`**/contest/${contestId}/season`);
    await expectText(page.getByTestId('season-state-1'), '已结束');
    await eventually(
      () => create.isEnabled(),
      (enabled) => enabled,
      'create season enabled',
    );
    expect((await seasonNow(1)).state).toBe(4);
    await expectNoRawKeys(page);
    await atRest(page, { toasts: false });
    await org.screenshot('03-season1-ended-chs');
  });

  it('2 · creates season 2 from the dialog’s defaults and switches it to reviewed sign-up over the whole season', async () => {
    const { page } = org;
    await page.getByTestId('create-season').click();
    const dialog = await dialogWith(page, 'create-season-submit');
    await expectNoRawKeys(page);
    await motionDone(page);
    await org.screenshot('04-create-season2-chs');
    await page.getByTestId('create-season-submit').click();
    await page.waitForURL(`**/contest/${contestId}/season/2`);
    await expectToast(page, 'success', '第 2 赛季已创建');
    await dialog.waitFor({ state: 'hidden' });
    await expectText(page.getByTestId('season-info-state'), '未开始');
    expect((await seasonNow(2)).start_time).toBeGreaterThan(nowS() + DAY - 600);

    // Sign-up windows lie inside the season, so for players to sign up today a bot starts season 2 now. The
    // server leaves an unused sign-up window where it was when the start moves earlier (it still lies
    // inside), so the bot moves the window's start along with the season's.
    const start = await startSoon(2, true);
    await page.getByTestId('season-info-refresh').click();
    await expectText(page.getByTestId('season-info-state'), '进行中');

    await page.getByTestId('season-info-signup-type-3').click();
    const signupInputs = page
      .locator('.ant-form-item')
      .filter({ has: page.getByTestId('season-info-signup-range') })
      .locator('.ant-picker-range input');
    const { end_time: end } = await seasonNow(2);
    // The window offered is the whole season.
    expect(await signupInputs.nth(0).inputValue()).toBe(formatMinute(start));
    expect(await signupInputs.nth(1).inputValue()).toBe(formatMinute(end));
    await page.getByTestId('season-info-update').click();
    await expectToast(page, 'success', '赛季已更新');

    await page.reload();
    await page.getByTestId('season-info').waitFor();
    await expectText(page.getByTestId('season-info-state'), '进行中');
    await eventually(
      () =>
        page.getByTestId('season-info-signup-type-3').locator('xpath=ancestor::label').getAttribute('class'),
      (c) => !!c?.includes('ant-radio-button-wrapper-checked'),
      'check sign-up chosen after reload',
    );
    expect(await signupInputs.nth(0).inputValue()).toBe(formatMinute(start));
    expect(await signupInputs.nth(1).inputValue()).toBe(formatMinute(end));
    expect(await seasonNow(2)).toMatchObject({
      state: 2,
      signup_type: 3,
      signup_start_time: start,
      signup_end_time: end,
    });
    await expectNoRawKeys(page);
    await atRest(page, { toasts: false });
    await org.screenshot('05-season2-check-signup-chs');
  });

  it('3 · player A signs up from a 390 px phone and awaits review; player B (in English) too', async () => {
    [phoneA, phoneB] = await phones!;
    const a = phoneA.page;
    await openPlayPage(phoneA, players.a);
    await expectText(a.getByTestId('play-contest-name'), names.chs);
    expect(await textOf(a.getByTestId('play-season'))).toContain('第 2 赛季');
    expect(await textOf(a.getByTestId('play-season-state'))).toBe('进行中');
    expect(await textOf(a.getByTestId('play-signup-type'))).toBe('需主办方审核');
    await expectSignupState(a, 'open');
    await a.getByTestId('play-signup-button').click();
    await expectSignupState(a, 'pending');
    expect(await textOf(a.getByTestId('play-state'))).toContain('等待审核');
    expect(
      await a.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectNoRawKeys(a);
    await atRest(a, { toasts: false });
    await phoneA.screenshot('01-pending-chs');

    const b = phoneB.page;
    await openPlayPage(phoneB, players.b);
    await expectSignupState(b, 'open');
    await chooseLanguage(b, 'en');
    await expectText(b.getByTestId('play-contest-name'), names.en);
    await b.getByTestId('play-signup-button').click();
    await expectSignupState(b, 'pending');
    expect(await textOf(b.getByTestId('play-state'))).toContain('Awaiting review');
    await expectNoRawKeys(b);
    await atRest(b, { toasts: false });
    await phoneB.screenshot('01-pending-en');
  });

  it('4 · in English: passes A, rejects and blacklists B, notes a remark on A and exports the roster', async () => {
    const { page } = org;
    const { a, b } = players;
    await chooseLanguage(page, 'en');
    await page.getByTestId('season-tab-join').click();
    await page.waitForURL(`**/contest/${contestId}/season/2/join`);
    await rowOf('join-table', a.publicId).filter({ hasText: a.who.nickname }).waitFor();
    await rowOf('join-table', b.publicId).filter({ hasText: b.who.nickname }).waitFor();
    await expectText(page.getByTestId('join-total'), 'Awaiting review: 2');
    await expectNoRawKeys(page);
    await atRest(page, { toasts: false });
    await org.screenshot('06-join-en');

    await page.getByTestId(`join-pass-${a.publicId}`).click();
    await expectToast(page, 'success', 'Passed: 1');
    await rowOf('join-table', a.publicId).waitFor({ state: 'detached' });

    await page.getByTestId(`join-reject-${b.publicId}`).click();
    await dialogWith(page, 'join-reject-blacklist');
    await page.getByTestId('join-reject-blacklist').check();
    await motionDone(page);
    await org.screenshot('07-reject-blacklist-en');
    await page.getByTestId('join-reject-confirm').click();
    await expectToast(page, 'success', 'Rejected and blacklisted: 1');
    await page.getByTestId('join-empty').waitFor();
    await expectText(page.getByTestId('join-total'), 'Awaiting review: 0');

    await page.getByTestId('season-tab-user').click();
    await page.waitForURL(`**/contest/${contestId}/season/2/user`);
    await rowOf('roster-table', a.publicId).filter({ hasText: a.who.nickname }).waitFor();
    await page.getByTestId(`roster-remark-${a.publicId}-edit`).click();
    const input = page.getByTestId(`roster-remark-${a.publicId}-input`);
    await input.fill(remark);
    await input.press('Enter');
    await expectToast(page, 'success', 'Remark saved');
    await expectText(page.getByTestId(`roster-remark-${a.publicId}`), remark);
    await expectText(page.getByTestId('roster-total'), 'Total 1');
    await rowOf('blacklist-table', b.publicId).filter({ hasText: b.who.nickname }).waitFor();

    await page.getByTestId('roster-export').click();
    const fileName = page.getByTestId('roster-export-name');
    await settled(page.locator('.ant-modal').filter({ has: fileName }));
    expect(await fileName.inputValue()).toBe(`${names.en}-season2-roster.csv`);
    const downloading = page.waitForEvent('download');
    await page.getByTestId('roster-export-start').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${names.en}-season2-roster.csv`);
    await expectToast(page, 'success', 'Exported: 1');
    const csv = readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
    expect(csv.trimEnd().split('\r\n')).toEqual([
      'Nickname,Account ID,Remark',
      `${a.who.nickname},${a.publicId},"${remark}"`,
    ]);
    await expectNoRawKeys(page);
    await atRest(page, { toasts: false });
    await org.screenshot('08-roster-blacklist-en');
  });

  it('5 · A’s page shows the roster place; B’s page shows the refusal and no way to sign up again', async () => {
    const a = phoneA!.page;
    await a.getByTestId('play-refresh').click();
    await expectSignupState(a, 'accepted');
    expect(await textOf(a.getByTestId('play-state'))).toContain('你已在参赛名单中');
    expect(await a.getByTestId('play-signup-button').count()).toBe(0);
    await expectNoRawKeys(a);
    await atRest(a, { toasts: false });
    await phoneA!.screenshot('02-accepted-chs');

    const b = phoneB!.page;
    await b.getByTestId('play-refresh').click();
    await expectSignupState(b, 'blocked-blacklisted');
    const stateText = await textOf(b.getByTestId('play-state'));
    expect(stateText).toContain('Your sign-up was not accepted');
    expect(stateText).toContain('You cannot sign up for this season.');
    expect(await b.getByTestId('play-signup-button').isDisabled()).toBe(true);
    await expectNoRawKeys(b);
    await atRest(b, { toasts: false });
    await phoneB!.screenshot('02-refused-en');
  });

  it('6 · whitelists A for chat by public id and sees A in the grid', async () => {
    const { page } = org;
    const { a } = players;
    await page.getByTestId('season-tab-chat-setting').click();
    await page.waitForURL(`**/contest/${contestId}/season/2/chat-setting`);
    await page.getByTestId('chat-no-limit').waitFor();
    await chooseChatWhitelist(page, 'Change the chat limit to "Whitelist"?');

    await lookUpChatPlayers(page, String(a.publicId));
    expect(await textOf(page.getByTestId('chat-add-plan'))).toContain(a.who.nickname);
    await motionDone(page);
    await org.screenshot('09-chat-add-en');
    await page.getByTestId('chat-add-confirm').click();
    await expectToast(page, 'success', 'Players added: 1');
    const card = page.locator(`[data-testid="chat-card"][data-account-id="${a.publicId}"]`);
    await card.waitFor();
    expect(await page.getByTestId('chat-card').count()).toBe(1);
    const cardText = await textOf(card);
    expect(cardText).toContain(a.who.nickname);
    expect(cardText).toContain(String(a.publicId));
    const listed = await chatLimitOf(organiser.token, uniqueId, 2);
    expect(listed).toMatchObject({ type: 1, list: [{ account_id: a.accountId }] });
    await expectNoRawKeys(page);
    await atRest(page, { toasts: false });
    await org.screenshot('10-chat-whitelist-en');
  });

  it('7 · ends season 2 once finished: read-only, and the Seasons tab lists both ended', async () => {
    const { page } = org;
    // A bot finishes the running season now; its sign-up window (the whole season) ends with it.
    await finishNow(2, (await seasonNow(2)).start_time, true);
    await page.getByTestId('season-tab-info').click();
    await page.waitForURL(`**/contest/${contestId}/season/2`);
    await page.getByTestId('season-info-refresh').click();
    await expectText(page.getByTestId('season-info-state'), 'Finished');
    const end = await endSeasonOnInfoPage(page, {
      question: 'End season 2?',
      done: 'Season ended',
      ended: 'Ended',
    });
    expect(await page.getByTestId('season-info-remark').isDisabled()).toBe(true);
    expect(await end.isDisabled()).toBe(true);
    expect(await page.getByTestId('season-info-update').isDisabled()).toBe(true);
    // The live-only pages (review, chat setting) leave the menu of an ended season.
    expect(await page.getByTestId('season-tab-join').count()).toBe(0);
    await expectNoRawKeys(page);
    await atRest(page, { toasts: false });
    await org.screenshot('11-season2-ended-en');

    await page.locator('a').filter({ hasText: 'Back to tournament' }).click();
    await page.waitForURL(`**/contest/${contestId}/season`);
    await expectText(page.getByTestId('season-state-1'), 'Ended');
    await expectText(page.getByTestId('season-state-2'), 'Ended');
    expect((await seasonsNow()).map((s) => [s.season_id, s.state])).toEqual([
      [1, 4],
      [2, 4],
    ]);
    await eventually(
      () => page.getByTestId('create-season').isEnabled(),
      (enabled) => enabled,
      'create season enabled again',
    );
    await expectNoRawKeys(page);
    await atRest(page, { toasts: false });
    await org.screenshot('12-seasons-ended-en');

    expect([...org.pageErrors, ...(phoneA?.pageErrors ?? []), ...(phoneB?.pageErrors ?? [])]).toEqual([]);
  });
});
