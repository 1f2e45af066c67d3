import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newIdentity, readVerificationCode, registerByApi } from './support/api';
import { type BrowserSession, closeAndScreenshotFailures, openBrowser } from './support/browser';
import {
  atRest,
  chooseLanguage,
  eventually,
  expectNoRawKeys,
  expectSignupState,
  expectText,
  expectToast,
  storedToken,
  textOf,
} from './support/console';
import { accountOf, createTournament, grantCurrency, type Tournament } from './support/people';

const DAY = 24 * 3600;
const nowS = () => Math.floor(Date.now() / 1000);

// Players first (issue 22): a new player registers on a server without a mail server (the page says the operator
// holds the code; the test reads it from the dev outbox), lands in the player portal, finds a listed tournament in
// the public list by searching, signs up there, is accepted by the organiser (by API), and then reads the
// tournament's private notice in the lobby, which nobody off the roster gets. Chinese first (the browser prefers
// zh-CN), then English. An organiser logging in lands in the console, which links to the portal.
describe('players first: register, land in the portal, find a listed tournament, sign up, the private notice', () => {
  const organiser = { who: newIdentity('pforg'), token: '' };
  const player = newIdentity('pfplay');
  // A name no other journey's tournament has, to find in the shared server's public list.
  const tag = player.nickname.slice(-6);
  const names = { chs: `灯笼杯 ${tag}`, en: `Lantern Cup ${tag}` };
  const privateNotice = { chs: `选手群：lantern-${tag}`, en: `Players' room: lantern-${tag}` };
  let t: Tournament;
  let session: BrowserSession | undefined;

  beforeAll(async () => {
    organiser.token = await registerByApi(organiser.who);
    await grantCurrency(organiser.who.email);
    // Its season runs from in a few seconds, sign-ups reviewed (windows lie inside the season).
    const now = nowS();
    t = await createTournament(organiser.token, { name: names, start: now + 3, end: now + 7 * DAY });
    const ids = { unique_id: t.unique_id, season_id: t.season_id };
    await eventually(
      async () =>
        (
          await call<{ state: number }[]>(
            `/api/contest/fetch_contest_season_list?unique_id=${t.unique_id}`,
            organiser.token,
          )
        )[0]?.state,
      (state) => state === 2,
      'season running',
    );
    await call('/api/contest/update_contest_season', organiser.token, {
      ...ids,
      setting: { signup_type: 3, signup_start_time: now + 3, signup_end_time: now + 7 * DAY },
    });
    await call('/api/contest/update_contest_internal_notice', organiser.token, {
      unique_id: t.unique_id,
      notice: Object.entries(privateNotice).map(([lang, content]) => ({ lang, content })),
    });
    session = await openBrowser('players-first');
  });

  closeAndScreenshotFailures(() => session);

  it('registers: the page speaks to players, says the operator holds the code, and lands in the portal', async () => {
    const { page } = session!;
    await page.goto('/');
    await page.waitForURL('**/login');
    await expectText(page.getByTestId('auth-title'), '登录 taikai');
    await page.getByTestId('login-areas').waitFor();
    await atRest(page);
    await session!.screenshot('01-login-chs');
    await page.getByTestId('login-to-register').click();
    await page.waitForURL('**/register');

    // No mail server here: never "sent to your e-mail"; the operator's contact is linked.
    await page.getByTestId('register-code-with-operator').waitFor();
    expect(await page.getByTestId('register-contact').getAttribute('href')).toBe(
      'mailto:organisers@e2e.taikai.test',
    );
    await page.getByTestId('register-email').fill(player.email);
    await page.getByTestId('register-send-code').click();
    await expectToast(page, 'info', '验证码由运营者保管');
    await page.getByTestId('register-code').fill(await readVerificationCode(player.email));
    await page.getByTestId('register-nickname').fill(player.nickname);
    await page.getByTestId('register-password').fill(player.password);
    await page.getByTestId('register-password-again').fill(player.password);
    await atRest(page);
    await session!.screenshot('02-register-chs');
    await page.getByTestId('register-submit').click();

    await page.waitForURL((url) => url.pathname === '/play');
    await page.getByTestId('play-my-contests-empty').waitFor();
    expect(await storedToken(page)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('finds the listed tournament by searching the public list and signs up from its page', async () => {
    const { page } = session!;
    await page.getByTestId('play-public-list').waitFor();
    await page.getByTestId('play-public-search').locator('input').fill(tag);
    await page.getByTestId('play-public-search').locator('input').press('Enter');
    const row = page.locator(`[data-testid="play-public-row"][data-contest-id="${t.contest_id}"]`);
    // The whole list first, then only what the search finds.
    await eventually(
      () => page.getByTestId('play-public-row').count(),
      (n) => n === 1,
      'one tournament found',
    );
    await row.waitFor();
    expect(await textOf(row)).toContain(names.chs);
    expect(await row.getByTestId('play-public-row-state').getAttribute('data-state')).toBe('2');
    // Only "running" tournaments: still there; "not started": gone.
    await page.getByTestId('play-public-state-1').click();
    await page.getByTestId('play-public-empty').waitFor();
    await page.getByTestId('play-public-state-2').click();
    await row.waitFor();
    await expectText(page.getByTestId('play-public-total'), '共 1 场比赛');
    await expectNoRawKeys(page);
    await atRest(page);
    await session!.screenshot('03-public-list-chs');

    await row.getByTestId('play-public-signup').click();
    await page.waitForURL((url) => url.pathname === `/play/${t.contest_id}`);
    await expectText(page.getByTestId('play-contest-name'), names.chs);
    await expectSignupState(page, 'open');
    await page.getByTestId('play-signup-button').click();
    await expectSignupState(page, 'pending');
    // Not on the roster yet: no private notice.
    await page.getByTestId('play-ranking').waitFor();
    expect(await page.getByTestId('play-private-notice').count()).toBe(0);
  });

  it('once the organiser accepts the sign-up, the lobby shows the private notice (chs, then en)', async () => {
    const { page } = session!;
    const { accountId } = await accountOf(await page.evaluate(() => localStorage.getItem('token') ?? ''));
    await call('/api/contest/check_contest_season_player', organiser.token, {
      unique_id: t.unique_id,
      season_id: t.season_id,
      checked_list: [{ account_id: accountId, pass: 1 }],
    });
    // Someone off the roster is not sent it.
    const stranger = await registerByApi(newIdentity('pfstr'));
    const theirs = await call<{ private_notice: unknown[] }>(
      `/api/contest/fetch_season_lobby?unique_id=${t.unique_id}&season_id=${t.season_id}`,
      stranger,
    );
    expect(theirs.private_notice).toEqual([]);

    await page.reload();
    await expectSignupState(page, 'accepted');
    await expectText(page.getByTestId('play-private-notice'), privateNotice.chs);
    await atRest(page);
    await session!.screenshot('04-private-notice-chs');

    await chooseLanguage(page, 'en');
    await expectText(page.getByTestId('play-private-notice'), privateNotice.en);
    await expectText(page.getByTestId('play-contest-name'), names.en);
    await expectNoRawKeys(page);
    await atRest(page);
    await session!.screenshot('05-private-notice-en');

    await page.getByTestId('play-nav-tournaments').click();
    await page.waitForURL((url) => url.pathname === '/play');
    const mine = page.locator(`[data-testid="play-my-contest"][data-contest-id="${t.contest_id}"]`);
    await mine.waitFor();
    await page.getByTestId('play-public-search').locator('input').fill(tag);
    await page.getByTestId('play-public-search').locator('input').press('Enter');
    const row = page.locator(`[data-testid="play-public-row"][data-contest-id="${t.contest_id}"]`);
    await eventually(
      () => page.getByTestId('play-public-row').count(),
      (n) => n === 1,
      'one tournament found',
    );
    await row.getByTestId('play-public-row-signup').waitFor();
    expect(await row.getByTestId('play-public-row-signup').getAttribute('data-state')).toBe('2');
    await row.getByTestId('play-public-open').waitFor();
    await expectNoRawKeys(page);
    await atRest(page);
    await session!.screenshot('06-portal-en');
  });

  it('an organiser logging in lands in the console, which links to the portal, and back', async () => {
    const { page } = session!;
    await page.evaluate(() => {
      localStorage.removeItem('token');
      sessionStorage.removeItem('token');
    });
    await page.goto('/login');
    await expectText(page.getByTestId('auth-title'), 'Log in to taikai');
    await page.getByTestId('login-email').fill(organiser.who.email);
    await page.getByTestId('login-password').fill(organiser.who.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId(`contest-card-${t.contest_id}`).waitFor();
    await atRest(page);
    await session!.screenshot('07-console-home-en');
    await page.getByTestId('home-to-portal').click();
    await page.waitForURL((url) => url.pathname === '/play');
    await page.getByTestId('play-to-console').click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});

// The first language follows the browser's preferred languages; a choice made in the language switch wins.
describe('the first language follows the browser', () => {
  let session: BrowserSession | undefined;
  afterAll(async () => session?.close());

  it('an English browser gets English on its first visit; a stored choice wins over it', async () => {
    session = await openBrowser('players-first-lang', { locale: 'en-US' });
    const { page } = session;
    await page.goto('/register');
    await expectText(page.getByTestId('auth-title'), 'Create your taikai account');
    await page.getByTestId('register-code-with-operator').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBeNull();
    await expectNoRawKeys(page);
    await atRest(page);
    await session.screenshot('08-register-en-browser');

    await chooseLanguage(page, 'jp');
    await page.reload();
    await expectText(page.getByTestId('auth-title'), 'taikai アカウントを作成');
  });
});
