import { beforeAll, describe, expect, it } from 'vitest';
import { newIdentity, registerByApi } from './support/api';
import { type BrowserSession, closeAndScreenshotFailures, openBrowser } from './support/browser';
import { chooseLanguage, errorToasts, expectToast, storedToken } from './support/console';

describe('logging in with wrong credentials', () => {
  const organiser = newIdentity('login');
  let session: BrowserSession;

  beforeAll(async () => {
    await registerByApi(organiser);
    session = await openBrowser('login');
  });

  closeAndScreenshotFailures(() => session);

  it('shows the wrong-password message once, in the console language, and stays on the login page', async () => {
    const { page } = session;
    await page.goto('/login');
    await page.getByTestId('login-email').fill(organiser.email);
    await page.getByTestId('login-password').fill(`${organiser.password}-wrong`);
    await page.getByTestId('login-submit').click();

    // Simplified Chinese is the console's default language.
    await expectToast(page, 'error', '密码错误');
    // The same refusal again within 5 seconds is not shown a second time.
    const answered = page.waitForResponse((res) => res.url().endsWith('/api/login'));
    await page.getByTestId('login-submit').click();
    expect((await answered).status()).toBe(400);
    await page.getByTestId('login-submit').locator('.ant-btn-loading-icon').waitFor({ state: 'detached' });
    // An absent toast can only be seen over a while: give a second one time to appear.
    await page.waitForTimeout(500);
    expect((await errorToasts(page)).filter((t) => t.includes('密码错误'))).toHaveLength(1);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storedToken(page)).toBeNull();
    await session.screenshot('wrong-password-chs');

    await chooseLanguage(page, 'en');
    await page.getByTestId('login-submit').click();
    await expectToast(page, 'error', 'Incorrect password.');
    expect(await errorToasts(page)).not.toContain('1003');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storedToken(page)).toBeNull();
    await session.screenshot('wrong-password-en');
  });

  it('names an unknown account, then lets the right password in', async () => {
    const { page } = session;
    await page.getByTestId('login-email').fill(`nobody.${organiser.email}`);
    await page.getByTestId('login-submit').click();
    await expectToast(page, 'error', 'Account not found.');
    expect(await storedToken(page)).toBeNull();

    await page.getByTestId('login-email').fill(organiser.email);
    await page.getByTestId('login-password').fill(organiser.password);
    await page.getByTestId('login-submit').click();
    // An account that organises no tournament lands in the player portal.
    await page.waitForURL((url) => url.pathname === '/play');
    await page.getByTestId('play-index').waitFor();
    expect(await storedToken(page)).toBeTruthy();
  });

  it('offers the login name remembered, keeps the session per "auto login", and forgets per "remember me" (spec §9 keys)', async () => {
    const { page } = session;
    const stored = () =>
      page.evaluate(() => ({
        loginName: localStorage.getItem('login_name'),
        rememberMe: localStorage.getItem('remember_me'),
        autoLogin: localStorage.getItem('auto_login'),
        kept: localStorage.getItem('token'),
        thisSession: sessionStorage.getItem('token'),
      }));
    // The login above, with both boxes ticked (the default): the name is remembered, the session kept.
    expect(await stored()).toMatchObject({ loginName: organiser.email, rememberMe: '1', autoLogin: '1' });
    expect((await stored()).kept).toBeTruthy();

    // The next visit to the login page offers the name, both boxes still ticked.
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto('/login');
    expect(await page.getByTestId('login-email').inputValue()).toBe(organiser.email);
    expect(await page.getByTestId('login-remember').isChecked()).toBe(true);
    expect(await page.getByTestId('login-auto').isChecked()).toBe(true);
    await session.screenshot('remembered-login-en');

    // Both unticked: the session lasts only this browser session, and the name is forgotten.
    await page.getByTestId('login-remember').uncheck();
    await page.getByTestId('login-auto').uncheck();
    await page.getByTestId('login-password').fill(organiser.password);
    await page.getByTestId('login-submit').click();
    // An account that organises no tournament lands in the player portal.
    await page.waitForURL((url) => url.pathname === '/play');
    await page.getByTestId('play-index').waitFor();
    const after = await stored();
    expect(after).toMatchObject({ loginName: null, rememberMe: '0', autoLogin: '0', kept: null });
    expect(after.thisSession).toBeTruthy();

    await page.evaluate(() => sessionStorage.removeItem('token'));
    await page.goto('/login');
    expect(await page.getByTestId('login-email').inputValue()).toBe('');
    expect(await page.getByTestId('login-remember').isChecked()).toBe(false);
    expect(await page.getByTestId('login-auto').isChecked()).toBe(false);
  });
});
