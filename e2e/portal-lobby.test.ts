import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newIdentity, registerByApi } from './support/api';
import { type BrowserSession, openBrowser, screenshotFailures } from './support/browser';
import {
  atRest,
  chooseLanguage,
  confirmDialog,
  eventually,
  expectNoRawKeys,
  expectSignupState,
  expectText,
  storedToken,
  textOf,
} from './support/console';
import { formatMinute } from './support/dates';
import { ScriptedPlayer, startSeasonNow } from './support/games';
import { accountOf, createTournament, grantCurrency, openSignedIn, type Tournament } from './support/people';

const DAY = 24 * 3600;
const nowS = () => Math.floor(Date.now() / 1000);
/** The narrowest phone the portal is made for. */
const PHONE_360 = { width: 360, height: 780 };
const DESKTOP = { width: 1366, height: 900 };

/** Nothing wider than the window: no sideways scrolling. */
async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Types a chat message and sends it with Enter. */
async function say(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('chat-input');
  await input.fill(text);
  await input.press('Enter');
}

/** The chat message with this text, once it is shown. */
async function chatLine(page: Page, text: string) {
  const line = page.getByTestId('chat-message').filter({ hasText: text });
  await line.first().waitFor();
  return line.first();
}

// The player portal (issue 14): a player on a 360 px phone comes from the console's hand-off logged in, finds the
// tournament by its id, signs up and is in the lobby; being ready lasts while the page is open (the organiser's
// ready list shows it); the lobby chat carries text and stamps to another player on a desktop, tells a
// blacklisted player why they cannot write (2512), marks the organiser's messages, and the organiser deletes a
// message after confirming; the next planned game shows with its start, and its start opens the table; a finished
// game is in My records with its replay link, in the lobby's recent results and in the public ranking.
// Screenshots: Chinese and Japanese at 360 px, English on the desktop.
describe('the player portal: hand-off, sign-up, lobby, ready, chat, next game, records', () => {
  const organiser = { who: newIdentity('plorg'), token: '' };
  const alice = { who: newIdentity('pla'), token: '', accountId: 0 };
  const bob = { who: newIdentity('plb'), token: '', accountId: 0 };
  let t: Tournament;
  let phone: BrowserSession | undefined;
  let desk: BrowserSession | undefined;
  let org: BrowserSession | undefined;
  const scripted: ScriptedPlayer[] = [];
  const ids = () => ({ unique_id: t.unique_id, season_id: t.season_id });
  const readyIds = async () =>
    (
      await call<{ account_id: number }[]>(
        `/api/contest/ready_player_list?unique_id=${t.unique_id}&season_id=${t.season_id}`,
        organiser.token,
      )
    ).map((p) => p.account_id);

  beforeAll(async () => {
    [organiser.token, alice.token, bob.token] = await Promise.all(
      [organiser, alice, bob].map((p) => registerByApi(p.who)),
    );
    await grantCurrency(organiser.who.email);
    alice.accountId = (await accountOf(alice.token)).accountId;
    bob.accountId = (await accountOf(bob.token)).accountId;
    t = await createTournament(organiser.token, {
      name: { chs: '春季杯', en: 'Spring Cup', jp: '春季杯（日本）' },
      start: nowS() + 3600,
      end: nowS() + 7 * DAY,
      mode: 1,
    });
    await startSeasonNow(organiser.token, { uniqueId: t.unique_id, seasonId: t.season_id });
    // Players join at once; the tournament's emoji switch is on (stamps).
    await call('/api/contest/update_contest_season', organiser.token, {
      ...ids(),
      setting: { signup_type: 2 },
    });
    await call('/api/contest/update_contest_base', organiser.token, {
      unique_id: t.unique_id,
      setting: { game_rule_setting: { mode: 1, game_setting: { emoji_switch: 1 } } },
    });
  });

  screenshotFailures(() => phone);
  screenshotFailures(() => desk);
  screenshotFailures(() => org);
  afterAll(async () => {
    for (const link of scripted) link.close();
    for (const session of [phone, desk, org]) await session?.close();
  });

  it('a player logged in on the console at phone width is handed to the portal, logged in, the token gone from the address', async () => {
    phone = await openBrowser('portal-phone');
    const { page } = phone;
    await page.setViewportSize(PHONE_360);
    // Logging in to the console on purpose (a player would land in the portal by themselves).
    await page.goto('/login?next=%2F');
    await page.getByTestId('login-email').fill(alice.who.email);
    await page.getByTestId('login-password').fill(alice.who.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('mobile-handoff').click();
    await page.waitForURL((url) => url.pathname.startsWith('/play'));
    await page.getByTestId('play-my-contests-empty').waitFor();
    expect(new URL(page.url()).searchParams.get('token')).toBeNull();
    expect(await storedToken(page)).toMatch(/^[0-9a-f-]{36}$/);
    await expectNoOverflow(page);
    await expectNoRawKeys(page);
    await atRest(page);
    await phone.screenshot('chs-360-home-empty');
  });

  it('signs up by the tournament id; the lobby opens and My tournaments lists it', async () => {
    const { page } = phone!;
    await page.getByTestId('play-id-input').fill(String(t.contest_id));
    await page.getByTestId('play-id-open').click();
    await page.waitForURL((url) => url.pathname === `/play/${t.contest_id}`);
    await expectText(page.getByTestId('play-contest-name'), '春季杯');
    await page.getByTestId('play-signup-button').click();
    await expectSignupState(page, 'accepted');
    await page.getByTestId('play-ready-card').waitFor();
    await eventually(
      () => page.getByTestId('play-link-status').getAttribute('data-status'),
      (s) => s === 'in-lobby',
      'in the lobby',
    );
    await page.getByTestId('chat-empty').waitFor();
    await page.getByTestId('play-next-game-none').waitFor();
    await page.getByTestId('play-results-empty').waitFor();
    await page.getByTestId('play-ranking-empty').waitFor();
    expect(await page.getByTestId('play-ready-switch').getAttribute('data-ready')).toBe('false');
    await expectNoOverflow(page);
    await expectNoRawKeys(page);
    await atRest(page);
    await phone!.screenshot('chs-360-lobby');

    await page.getByTestId('play-nav-tournaments').click();
    const row = page.getByTestId('play-my-contest');
    await row.waitFor();
    expect(await row.getAttribute('data-contest-id')).toBe(String(t.contest_id));
    expect(await row.getByTestId('play-my-contest-signup').getAttribute('data-state')).toBe('2');
    expect(await textOf(row)).toContain('春季杯');
    await atRest(page);
    await phone!.screenshot('chs-360-my-tournaments');
    await row.click();
    await page.getByTestId('play-ready-card').waitFor();
  });

  it('is ready only while the page is open: the organiser’s ready list follows the toggle and the page', async () => {
    const { page } = phone!;
    const toggle = page.getByTestId('play-ready-switch');
    await eventually(() => toggle.isEnabled(), Boolean, 'ready toggle enabled');
    await toggle.click();
    // The toggle answers at once; the server confirms.
    expect(await toggle.getAttribute('data-ready')).toBe('true');
    await eventually(readyIds, (list) => list.includes(alice.accountId), 'Alice on the ready list');
    await toggle.click();
    await eventually(readyIds, (list) => !list.includes(alice.accountId), 'Alice off the ready list');
    await toggle.click();
    await eventually(readyIds, (list) => list.includes(alice.accountId), 'Alice ready again');

    // Leaving the page ends being ready.
    await page.getByTestId('play-nav-records').click();
    await page.getByTestId('play-records-empty').waitFor();
    await eventually(readyIds, (list) => !list.includes(alice.accountId), 'Alice no longer ready');
    await atRest(page);
    await phone!.screenshot('chs-360-records-empty');
    await page.goBack();
    await page.getByTestId('play-ready-card').waitFor();
    expect(await page.getByTestId('play-ready-switch').getAttribute('data-ready')).toBe('false');
  });

  it('chat: text and stamps reach the other player as typed; a blacklisted player is told why (2512)', async () => {
    desk = await openBrowser('portal-desk');
    const { page } = desk;
    await page.setViewportSize(DESKTOP);
    await openSignedIn(page, bob.token, `/play/${t.contest_id}`);
    await chooseLanguage(page, 'en');
    await expectText(page.getByTestId('play-contest-name'), 'Spring Cup');
    await page.getByTestId('play-signup-button').click();
    await expectSignupState(page, 'accepted');
    await page.getByTestId('chat-empty').waitFor();

    const phonePage = phone!.page;
    await say(phonePage, '大家好！');
    expect(await textOf(await chatLine(page, '大家好！'))).toContain(alice.who.nickname);
    // Text is text: markup shows as typed.
    await say(page, 'Hello <b>there</b> & good luck');
    const markup = await chatLine(phonePage, 'Hello <b>there</b> & good luck');
    expect(await markup.locator('b').count()).toBe(0);

    await phonePage.getByTestId('chat-stamps-open').click();
    await phonePage.locator('[data-testid="chat-stamp"][data-stamp="10"]').click();
    await page.locator('.play-chat-stamp[data-stamp="10"]').waitFor();
    expect(await textOf(page.locator('.play-chat-stamp[data-stamp="10"]'))).toBe('🎉');
    await phonePage.keyboard.press('Escape');

    // The organiser blacklists Bob for chat: he is told at once, and cannot write.
    await call('/api/contest/set_contest_season_chat_limit', organiser.token, {
      ...ids(),
      type: 2,
      add_list: [bob.accountId],
      remove_list: [],
    });
    const refused = page.getByTestId('chat-refused');
    await refused.waitFor();
    expect(await refused.getAttribute('data-reason')).toBe('blacklist');
    expect(await textOf(refused)).toContain('2512');
    expect(await textOf(refused)).toContain('turned off your messages');
    expect(await page.getByTestId('chat-input').isDisabled()).toBe(true);
    // Alice still writes.
    expect(await phonePage.getByTestId('chat-refused').count()).toBe(0);
    await expectNoRawKeys(page);
    await atRest(page);
    await desk.screenshot('en-desktop-chat-refused');
  });

  it('the organiser chats from the portal, marked as such, and deletes a message after confirming', async () => {
    org = await openBrowser('portal-org');
    const { page } = org;
    await page.setViewportSize(DESKTOP);
    await openSignedIn(page, organiser.token, `/play/${t.contest_id}`);
    await chooseLanguage(page, 'en');
    await page.getByTestId('chat-moderator').waitFor();
    // An organiser not on the roster chats but has no ready toggle.
    expect(await page.getByTestId('play-ready-card').count()).toBe(0);
    await say(page, 'Welcome to the Spring Cup');
    const marked = await chatLine(phone!.page, 'Welcome to the Spring Cup');
    expect(await marked.getAttribute('data-organiser')).toBe('true');
    await marked.getByTestId('chat-organiser').waitFor();

    const target = await chatLine(page, '大家好！');
    await target.getByTestId('chat-delete').click();
    const dialog = await confirmDialog(page);
    expect(await textOf(dialog)).toContain('大家好！');
    await atRest(page, { dialogs: false });
    await org.screenshot('en-desktop-delete-confirm');
    await dialog.getByTestId('chat-delete-confirm').click();
    for (const p of [page, phone!.page, desk!.page]) {
      await eventually(
        () => p.getByTestId('chat-message').filter({ hasText: '大家好！' }).count(),
        (n) => n === 0,
        'the deleted message gone',
      );
    }
    // Players have no delete button.
    expect(await phone!.page.getByTestId('chat-delete').count()).toBe(0);

    // The phone in Japanese.
    await chooseLanguage(phone!.page, 'jp');
    await expectText(phone!.page.getByTestId('play-contest-name'), '春季杯（日本）');
    await expectNoRawKeys(phone!.page);
    await expectNoOverflow(phone!.page);
    await atRest(phone!.page);
    await phone!.screenshot('jp-360-lobby-chat');
  });

  it('the next planned game shows with its start and seats; when it starts, the table opens', async () => {
    const { page } = phone!;
    const start = nowS() + 600;
    const plan = await call<{ uuid: string }>('/api/contest/create_game_plan', organiser.token, {
      ...ids(),
      account_list: [alice.accountId, 0, 0, 0],
      init_points: [25000, 25000, 25000, 25000],
      game_start_time: start,
      shuffle_seats: false,
      ai_level: 1,
      remark: '',
    });
    await expectText(page.getByTestId('play-next-game-start'), formatMinute(start));
    const seats = await textOf(page.getByTestId('play-next-game-seats'));
    expect(seats).toContain(alice.who.nickname);
    await expectNoRawKeys(page);
    await atRest(page);
    await phone!.screenshot('jp-360-next-game');
    await call('/api/contest/remove_contest_plan_game', organiser.token, { ...ids(), uuid: plan.uuid });

    // Ready, and a table planned for now: the page opens it.
    const toggle = page.getByTestId('play-ready-switch');
    await eventually(() => toggle.isEnabled(), Boolean, 'ready toggle enabled');
    await toggle.click();
    await eventually(readyIds, (list) => list.includes(alice.accountId), 'Alice ready');
    await call('/api/contest/create_game_plan', organiser.token, {
      ...ids(),
      account_list: [alice.accountId, 0, 0, 0],
      init_points: [25000, 25000, 25000, 25000],
      game_start_time: nowS(),
      shuffle_seats: false,
      ai_level: 1,
      remark: '',
    });
    await page.waitForURL((url) => url.pathname.startsWith('/play/game/'));
    const gameUuid = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    await call('/api/contest/terminate_contest_running_game', organiser.token, {
      unique_id: t.unique_id,
      uuid: gameUuid,
    });
  });

  it('a finished game is in My records with its replay, in the lobby’s recent results and in the ranking', async () => {
    const { page } = desk!;
    await page.getByTestId('play-nav-records').click();
    await page.getByTestId('play-records-empty').waitFor();
    // Bob's game, played by a scripted client of his account.
    const link = await ScriptedPlayer.connect(
      bob,
      { uniqueId: t.unique_id, seasonId: t.season_id },
      { delayMs: 0 },
    );
    scripted.push(link);
    await link.ready();
    await call('/api/contest/create_game_plan', organiser.token, {
      ...ids(),
      account_list: [0, bob.accountId, 0, 0],
      init_points: [25000, 25000, 25000, 25000],
      game_start_time: nowS(),
      shuffle_seats: false,
      ai_level: 1,
      remark: '',
    });
    const game = await link.game();
    expect(await link.ended(game.uuid)).toEqual({ terminated: false });

    await page.reload();
    const record = page.getByTestId('play-record');
    await record.waitFor();
    expect(await record.getAttribute('data-uuid')).toBe(game.uuid);
    expect(await record.getByTestId('play-record-replay').getAttribute('href')).toBe(
      `/play/replay/${game.uuid}`,
    );
    expect(await textOf(record)).toContain('Spring Cup');
    expect(await textOf(page.getByTestId('play-records-total'))).toBe('Games: 1');
    await expectNoRawKeys(page);
    await atRest(page);
    await desk!.screenshot('en-desktop-records');

    await page.goto(`/play/${t.contest_id}`);
    const result = page.getByTestId('play-result');
    await result.waitFor();
    expect(await result.getAttribute('data-uuid')).toBe(game.uuid);
    const row = page.locator(`[data-testid="play-ranking-row"][data-account-id="${bob.accountId}"]`);
    await row.waitFor();
    expect(await textOf(row)).toContain('You');
    await expectNoRawKeys(page);
    await atRest(page);
    await desk!.screenshot('en-desktop-lobby');
  });
});
