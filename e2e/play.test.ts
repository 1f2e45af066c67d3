import { beforeAll, describe, expect, it } from 'vitest';
import { call, newIdentity, registerByApi } from './support/api';
import { type BrowserSession, closeAndScreenshotFailures, openBrowser } from './support/browser';
import {
  atRest,
  chooseLanguage,
  confirmDialog,
  eventually,
  expectNoRawKeys,
  expectSignupState,
  expectText,
  PHONE,
  textOf,
} from './support/console';
import {
  accountOf,
  chatLimitOf,
  contestDetail,
  createTournament,
  grantCurrency,
  openSignedIn,
} from './support/people';
import { chooseChatWhitelist, lookUpChatPlayers } from './support/seasons';

const DAY = 24 * 3600;

// A tournament whose season is running with checked sign-up; a player signs up from the phone, an organiser
// reviews by API and lists chat limits in the console.
describe('the player’s sign-up page and the season chat setting', () => {
  const organiser = newIdentity('playorg');
  const player = newIdentity('player');
  const second = newIdentity('second');
  const tokens = { organiser: '', player: '', second: '' };
  const accounts = { player: { accountId: 0, publicId: 0 }, second: { accountId: 0, publicId: 0 } };
  let uniqueId = 0;
  let contestId = 0;
  let seasonId = 0;
  let session: BrowserSession | undefined;

  beforeAll(async () => {
    [tokens.organiser, tokens.player, tokens.second] = await Promise.all(
      [organiser, player, second].map((who) => registerByApi(who)),
    );
    await grantCurrency(organiser.email);
    for (const who of ['player', 'second'] as const) {
      accounts[who] = await accountOf(tokens[who]);
    }

    // Starts in a few seconds, so that the season is running (sign-up windows lie inside the season).
    const now = Math.floor(Date.now() / 1000);
    const created = await createTournament(tokens.organiser, {
      name: { chs: '春季杯', en: 'Spring Cup', kr: '봄 컵' },
      start: now + 3,
      end: now + 7 * DAY,
    });
    ({ unique_id: uniqueId, contest_id: contestId, season_id: seasonId } = created);
    await eventually(
      () => contestDetail<{ season_list: { state: number }[] }>(tokens.organiser, uniqueId),
      (detail) => detail.season_list[0]?.state === 2,
      'season running',
    );
    await call('/api/contest/update_contest_season', tokens.organiser, {
      unique_id: uniqueId,
      season_id: seasonId,
      setting: { signup_type: 3, signup_start_time: now + 3, signup_end_time: now + 7 * DAY },
    });
  });

  closeAndScreenshotFailures(() => session);

  it('sends a player who is not logged in to the login page and back to the tournament', async () => {
    session = await openBrowser('play');
    const { page } = session;
    await page.setViewportSize(PHONE);
    await page.goto(`/play/${contestId}`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByTestId('login-email').waitFor();
    await session.screenshot('chs-login');
    await page.getByTestId('login-email').fill(player.email);
    await page.getByTestId('login-password').fill(player.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === `/play/${contestId}`);
    await expectText(page.getByTestId('play-contest-name'), '春季杯');
    await expectSignupState(page, 'open');
    await expectNoRawKeys(page);
    await atRest(page);
    await session.screenshot('chs-open');
  });

  it('shows the tournament in the player’s language and fits a 390 px phone', async () => {
    const { page } = session!;
    await chooseLanguage(page, 'en');
    await expectText(page.getByTestId('play-contest-name'), 'Spring Cup');
    await expectText(page.getByTestId('play-signup-type'), 'Reviewed by the organisers');
    expect(await textOf(page.getByTestId('play-season-state'))).toBe('Running');
    expect(await textOf(page.getByTestId('play-players'))).toBe('0 / 3000');
    // Nothing wider than the phone: no sideways scrolling.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // A player is not an organiser: no console link.
    expect(await page.getByTestId('play-console-link').count()).toBe(0);
    await expectNoRawKeys(page);
    await atRest(session!.page);
    await session!.screenshot('en-open');
  });

  it('signs up, sees "awaiting review", withdraws after confirming, and signs up again', async () => {
    const { page } = session!;
    await page.getByTestId('play-signup-button').click();
    await expectSignupState(page, 'pending');
    expect(await textOf(page.getByTestId('play-state'))).toContain('Awaiting review');
    await atRest(session!.page);
    await session!.screenshot('en-pending');

    await page.getByTestId('play-withdraw').click();
    const dialog = await confirmDialog(page);
    expect(await textOf(dialog)).toContain('Withdraw your sign-up?');
    await dialog.getByTestId('play-withdraw-confirm').click();
    await expectSignupState(page, 'open');

    await page.getByTestId('play-signup-button').click();
    await expectSignupState(page, 'pending');
  });

  it('shows the roster place once the organiser passes the sign-up, on returning to the page', async () => {
    const { page } = session!;
    await call('/api/contest/check_contest_season_player', tokens.organiser, {
      unique_id: uniqueId,
      season_id: seasonId,
      checked_list: [{ account_id: accounts.player.accountId, pass: 1 }],
    });
    // The player leaves the tab and comes back: the page reads the sign-up again. Each return is a hidden then
    // visible tab (a read already under way when the player returns is not repeated, so return until it shows).
    await eventually(
      async () => {
        await page.evaluate(() => {
          for (const state of ['hidden', 'visible']) {
            Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
            window.dispatchEvent(new Event('visibilitychange'));
          }
        });
        return page.getByTestId('play-state').getAttribute('data-state');
      },
      (state) => state === 'accepted',
      'sign-up state accepted after returning to the tab',
    );
    expect(await textOf(page.getByTestId('play-state'))).toContain('You are on the roster');
    expect(await page.getByTestId('play-signup-button').count()).toBe(0);
    await atRest(session!.page);
    await session!.screenshot('en-accepted');

    await chooseLanguage(page, 'kr');
    await expectText(page.getByTestId('play-contest-name'), '봄 컵');
    expect(await textOf(page.getByTestId('play-state'))).toContain('참가자 명단에 등록되어 있습니다');
    await expectNoRawKeys(page);
    await atRest(session!.page);
    await session!.screenshot('kr-accepted');
  });

  it('an unknown tournament shows not found; /play asks for a tournament id', async () => {
    const { page } = session!;
    await page.goto('/play/987654321');
    await page.getByTestId('play-not-found').waitFor();
    await expectNoRawKeys(page);
    await atRest(session!.page);
    await session!.screenshot('kr-not-found');

    await page.goto('/play');
    await page.getByTestId('play-index').waitFor();
    await page.getByTestId('play-id-input').fill('abc');
    await page.getByTestId('play-id-open').click();
    await page.getByTestId('play-id-invalid').waitFor();
    await page.getByTestId('play-id-input').fill(String(contestId));
    await page.getByTestId('play-id-open').click();
    await page.waitForURL((url) => url.pathname === `/play/${contestId}`);
    await expectSignupState(page, 'accepted');
    await chooseLanguage(page, 'en');
    await page.goto('/play');
    await page.getByTestId('play-index').waitFor();
    await atRest(session!.page);
    await session!.screenshot('en-index');
  });

  it('the organiser sees the console link on the play page', async () => {
    await session?.close();
    session = await openBrowser('play-organiser');
    const { page } = session;
    await page.setViewportSize(PHONE);
    await openSignedIn(page, tokens.organiser, `/play/${contestId}`);
    await page.getByTestId('play-console-link').waitFor();
    await page.getByTestId('play-console-link').click();
    await page.waitForURL((url) => url.pathname === `/contest/${contestId}`);
  });

  it('the organiser whitelists two players for chat, sees them in the grid, and deletes one in manager mode', async () => {
    const { page } = session!;
    await page.setViewportSize({ width: 1366, height: 900 });
    await chooseLanguage(page, 'en');
    await page.goto(`/contest/${contestId}/season/${seasonId}/chat-setting`);
    await page.getByTestId('chat-no-limit').waitFor();
    await page.getByTestId('season-tab-chat-setting').waitFor();

    await chooseChatWhitelist(page, 'Whitelist');

    const ids = [accounts.player.publicId, accounts.second.publicId];
    await lookUpChatPlayers(page, `${ids[0]}\n${ids[1]}\n`);
    expect(await page.getByTestId('chat-add-entry').count()).toBe(2);
    await page.getByTestId('chat-add-confirm').click();
    await eventually(
      () => page.getByTestId('chat-card').count(),
      (n) => n === 2,
      'two players in the chat grid',
    );
    const gridText = await textOf(page.getByTestId('chat-grid'));
    expect(gridText).toContain(player.nickname);
    expect(gridText).toContain(String(ids[1]));
    await expectNoRawKeys(page);
    await atRest(session!.page);
    await session!.screenshot('chat-whitelist');

    await page.getByTestId('chat-manager-mode').click();
    await page.locator(`[data-testid="chat-card"][data-account-id="${ids[1]}"]`).click();
    await page.getByTestId('chat-delete-selected').click();
    const removeDialog = await confirmDialog(page);
    await atRest(session!.page, { dialogs: false });
    await session!.screenshot('chat-delete-confirm');
    await removeDialog.getByTestId('chat-remove-confirm').click();
    await eventually(
      () => page.getByTestId('chat-card').count(),
      (n) => n === 1,
      'one player left in the chat grid',
    );
    expect(await textOf(page.getByTestId('chat-grid'))).toContain(player.nickname);
    const listed = await chatLimitOf(tokens.organiser, uniqueId, seasonId);
    expect(listed).toMatchObject({ type: 1, list: [{ account_id: accounts.player.accountId }] });
    await atRest(session!.page);
    await session!.screenshot('chat-after-delete');
  });
});
