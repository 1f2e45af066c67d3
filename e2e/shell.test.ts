import { beforeAll, describe, expect, it } from 'vitest';
import { newIdentity, registerByApi } from './support/api';
import { type BrowserSession, closeAndScreenshotFailures, openBrowser } from './support/browser';
import { expectText, expectToast, storedToken } from './support/console';
import { loginBrowser } from './support/people';

describe('the console shell', () => {
  const organiser = newIdentity('shell');
  let token = '';
  let session: BrowserSession;

  beforeAll(async () => {
    token = await registerByApi(organiser);
    session = await openBrowser('shell');
    await loginBrowser(session.page, token, organiser.nickname);
  });

  closeAndScreenshotFailures(() => session);

  it('returns to My tournaments with the not-found message when a tournament cannot be loaded', async () => {
    const { page } = session;
    await page.goto('/contest/999999');
    await expectToast(page, 'error', '赛事不存在');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('contest-list-empty').waitFor();
    expect(await storedToken(page)).toBe(token);
  });

  it('offers the phone-sized pages below 828 px, handing over the session token', async () => {
    const { page } = session;
    expect(await page.getByTestId('mobile-handoff').count()).toBe(0);
    await page.setViewportSize({ width: 827, height: 900 });
    await page.getByTestId('mobile-handoff').waitFor();
    await session.screenshot('narrow');

    // Without a separate mobile site the hand-off lands on the players' pages, which adopt the token.
    await page.getByTestId('mobile-handoff').click();
    await page.waitForURL((url) => url.pathname === '/play/' || url.pathname === '/play');
    await page.getByTestId('play-index').waitFor();
    expect(new URL(page.url()).searchParams.get('token')).toBeNull();
    expect(await storedToken(page)).toBe(token);

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/');
    await expectText(page.getByTestId('header-nickname'), organiser.nickname);
    expect(await page.getByTestId('mobile-handoff').count()).toBe(0);
  });

  it('shows the disconnected message and forgets the token when the server cannot be reached', async () => {
    const { page } = session;
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.reload();
    await expectToast(page, 'error', '与服务器的连接已断开');
    expect(await storedToken(page)).toBeNull();
    await session.screenshot('disconnected');
    await page.unroute('**/api/**');
  });
});
