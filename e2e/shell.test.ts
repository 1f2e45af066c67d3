import { beforeAll, describe, expect, it } from 'vitest';
import { call, newIdentity, registerByApi } from './support/api';
import { type BrowserSession, closeAndScreenshotFailures, openBrowser } from './support/browser';
import { dialogWith, expectText, expectToast, settled, storedToken } from './support/console';
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

  it('offers the phone-sized pages below 828 px, handing over the session by a one-time code', async () => {
    const { page } = session;
    expect(await page.getByTestId('mobile-handoff').count()).toBe(0);
    await page.setViewportSize({ width: 827, height: 900 });
    await page.getByTestId('mobile-handoff').waitFor();
    await session.screenshot('narrow');

    // Without a separate mobile site the hand-off lands on the players' pages. The address carries a one-time
    // code, never the token; a code of the account already signed in here changes nothing and asks nothing.
    const handedOff = page.waitForRequest((req) => req.url().includes('handoff='));
    await page.getByTestId('mobile-handoff').click();
    const landed = new URL((await handedOff).url());
    expect(landed.searchParams.get('token')).toBeNull();
    expect(landed.searchParams.get('handoff')).not.toContain(token);
    await page.waitForURL((url) => url.pathname === '/play/' || url.pathname === '/play');
    await page.getByTestId('play-index').waitFor();
    expect(new URL(page.url()).searchParams.get('handoff')).toBeNull();
    expect(await page.getByTestId('handoff-continue').count()).toBe(0);
    expect(await storedToken(page)).toBe(token);

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/');
    await expectText(page.getByTestId('header-nickname'), organiser.nickname);
    expect(await page.getByTestId('mobile-handoff').count()).toBe(0);
  });

  it("a link never swaps the session: another account's ?token= or hand-off code asks first", async () => {
    const { page } = session;
    const other = newIdentity('shellother');
    const otherToken = await registerByApi(other);

    // A session token in the address is dropped from it and used only if the visitor says so.
    await page.goto(`/?token=${encodeURIComponent(otherToken)}`);
    await dialogWith(page, 'handoff-keep');
    expect(new URL(page.url()).searchParams.get('token')).toBeNull();
    await page.getByTestId('handoff-keep').click();
    await expectText(page.getByTestId('header-nickname'), organiser.nickname);
    expect(await storedToken(page)).toBe(token);

    // Another account's hand-off code: asked "continue as …?"; keeping the current session keeps it.
    const codeOf = async () =>
      (await call<{ code: string }>('/api/create_handoff_code', otherToken, {})).code;
    const first = await codeOf();
    await page.goto(`/play?handoff=${first}`);
    const dialog = await settled(
      page.locator('.ant-modal').filter({ has: page.getByTestId('handoff-keep') }),
    );
    await expectText(dialog.locator('.ant-modal-title'), `以 ${other.nickname} 的身份继续？`);
    expect(await dialog.innerText()).toContain(organiser.nickname);
    await session.screenshot('handoff-ask-chs');
    await page.getByTestId('handoff-keep').click();
    await page.getByTestId('play-index').waitFor();
    expect(new URL(page.url()).searchParams.get('handoff')).toBeNull();
    expect(await storedToken(page)).toBe(token);

    // The code was used up by that visit: opened again, it is refused and nothing changes.
    await page.goto(`/play?handoff=${first}`);
    await expectToast(page, 'error', '此登录链接已过期或已被使用，请重新登录。');
    await page.getByTestId('play-index').waitFor();
    expect(await storedToken(page)).toBe(token);

    // Continuing takes the other account's new session (not its own token).
    await page.goto(`/play?handoff=${await codeOf()}`);
    await settled(page.locator('.ant-modal').filter({ has: page.getByTestId('handoff-continue') }));
    await page.getByTestId('handoff-continue').click();
    await page.getByTestId('play-index').waitFor();
    const taken = await storedToken(page);
    expect(taken).not.toBe(token);
    expect(taken).not.toBe(otherToken);
    await page.goto('/');
    await expectText(page.getByTestId('header-nickname'), other.nickname);

    // Back to the organiser for the tests that follow.
    await loginBrowser(page, token, organiser.nickname);
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
