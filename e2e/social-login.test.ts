import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  oidcEnv,
  startOidcProvider,
  type TestOidcProvider,
} from '../packages/server/test/support/oidc-provider';
import { type BrowserSession, openBrowser, screenshotFailures } from './support/browser';
import {
  atRest,
  chooseLanguage,
  confirmDialog,
  expectText,
  expectToast,
  storedToken,
} from './support/console';
import { artifactsDir } from './support/paths';
import { findFreePort } from './support/ports';
import { ServerProcess } from './support/server-process';

// Social login in the browser: a server of its own offers a local OpenID Connect provider (started here on
// 127.0.0.1), since the run's shared server has no provider configured. A new player clicks "Log in with Local ID"
// on the login page, signs in on the provider's page, and lands logged in; the account page lists the link and
// sets a first password, with which the player then logs in; a second visit with the provider opens the same
// account.

const PERSON = { login: 'mei', name: 'Mei Kobayashi', email: 'mei@social.e2e.test' };
const PASSWORD = 'mei-first-password';

describe('social login through a local OpenID Connect provider', () => {
  const work = mkdtempSync(join(tmpdir(), 'taikai-e2e-social-'));
  let op: TestOidcProvider | undefined;
  let server: ServerProcess | undefined;
  let session: BrowserSession | undefined;
  let site = '';

  beforeAll(async () => {
    const port = await findFreePort([Number(new URL(inject('baseUrl')).port)]);
    site = `http://127.0.0.1:${port}`;
    op = await startOidcProvider({ redirectUris: [`${site}/api/oidc/callback/local`] });
    op.people.set(PERSON.login, { name: PERSON.name, email: PERSON.email, email_verified: true });
    server = new ServerProcess({
      port,
      dataDir: join(work, 'data'),
      webDist: inject('webDist'),
      logFile: join(artifactsDir, 'social-login-server.log'),
      env: oidcEnv(op, 'local', 'Local ID', site),
    });
    const opened = openBrowser('social-login', { locale: 'en-US' }).then((s) => {
      session = s;
    });
    await Promise.all([server.start(), opened]);
  });
  afterAll(async () => {
    await session?.close();
    await server?.close();
    await op?.close();
    rmSync(work, { recursive: true, force: true });
  });
  screenshotFailures(() => session);

  /** What the server says of a session's account. */
  async function accountOf(token: string): Promise<{ account_id: number; nickname: string }> {
    const res = await fetch(`${site}/api/contest/fetch_account_info`, {
      headers: { authorization: `Majsoul ${token}` },
    });
    return ((await res.json()) as { data: { account_id: number; nickname: string } }).data;
  }

  let accountId = 0;

  it('a new player logs in with the provider from the login page and lands logged in', async () => {
    const { page } = session!;
    await page.goto(`${site}/login`);
    const button = page.getByTestId('social-login-local');
    await expectText(button, 'Log in with Local ID');
    await atRest(page);
    await session!.screenshot('login-en');

    await button.click();
    // The provider's own sign-in page (any login name and password).
    await page.waitForURL((url) => url.origin === op!.issuer);
    await page.locator('input[name="login"]').fill(PERSON.login);
    await page.locator('input[name="password"]').fill('at-the-provider');
    await page.locator('button[type="submit"]').click();

    // Back on taikai, logged in, off the login pages, with nothing of the sign-in left in the address.
    await page.waitForURL((url) => url.origin === site && !url.pathname.startsWith('/login'));
    expect(new URL(page.url()).hash).toBe('');
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    const account = await accountOf(token!);
    expect(account.nickname).toBe(PERSON.name);
    accountId = account.account_id;
    // A new account plays (it organises nothing yet): it lands in the player portal.
    expect(new URL(page.url()).pathname).toBe('/play');
    await page.getByText('My tournaments').first().waitFor();
    await atRest(page, { toasts: false });
    await session!.screenshot('landed-en');
  });

  it('the account page lists the link, keeps the only way in, and sets a first password', async () => {
    const { page } = session!;
    await page.goto(`${site}/account/logins`);
    const row = page.locator('.ant-table-row').filter({ hasText: 'Local ID' });
    await row.waitFor();
    expect(await row.innerText()).toContain(PERSON.email);
    // The provider is the account's only way in: unlinking is not offered.
    expect(await page.getByTestId('social-unlink-local').isDisabled()).toBe(true);
    await atRest(page);
    await session!.screenshot('logins-no-password-en');

    await page.getByTestId('social-new-password').fill(PASSWORD);
    await page.getByTestId('social-confirm-password').fill(PASSWORD);
    await page.getByTestId('social-set-password').click();
    await expectToast(page, 'success', 'Password set');
    await page.getByTestId('social-has-password').waitFor();
    expect(await page.getByTestId('social-unlink-local').isDisabled()).toBe(false);

    await chooseLanguage(page, 'chs');
    await expectText(page.locator('.page-title'), '登录方式');
    await atRest(page);
    await session!.screenshot('logins-chs');

    // Unlinking asks first; cancelled, the link stays.
    await page.getByTestId('social-unlink-local').click();
    const dialog = await confirmDialog(page);
    expect(await dialog.innerText()).toContain('取消关联 Local ID？');
    await dialog
      .getByRole('button', { name: '取 消' })
      .or(dialog.getByRole('button', { name: '取消' }))
      .first()
      .click();
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor();
  });

  it('the password logs in too, and the provider again opens the same account', async () => {
    const { page } = session!;
    const byPassword = await fetch(`${site}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: PERSON.email, password: PASSWORD, type: 0 }),
    });
    expect(byPassword.status).toBe(200);
    expect(((await byPassword.json()) as { data: { account_id: number } }).data.account_id).toBe(accountId);

    // Logged out in this browser; the provider still knows the person, so it sends them straight back.
    await page.evaluate(() => {
      localStorage.removeItem('token');
      sessionStorage.removeItem('token');
    });
    await page.goto(`${site}/login`);
    await page.getByTestId('social-login-local').click();
    await page.waitForURL((url) => url.origin === site && !url.pathname.startsWith('/login'));
    const token = await storedToken(page);
    expect((await accountOf(token!)).account_id).toBe(accountId);
  });

  it('a failed sign-in, or a code this tab did not ask for, lands on a clear message and signs no one in', async () => {
    const { page } = session!;
    await page.evaluate(() => {
      localStorage.removeItem('token');
      sessionStorage.removeItem('token');
    });
    await page.goto(`${site}/login/social#error=151`);
    const landing = page.getByTestId('social-landing');
    await expectText(landing.locator('.ant-result-title'), '登录失败');
    await expectText(landing.locator('.ant-result-subtitle'), '通过第三方账号登录失败，请重试');
    // The outcome is taken out of the address.
    expect(new URL(page.url()).hash).toBe('');
    await atRest(page);
    await session!.screenshot('landing-error-chs');

    await chooseLanguage(page, 'en');
    // From another page: a change of the fragment alone would not load the page again.
    await page.goto(`${site}/login`);
    await page.goto(`${site}/login/social#code=a-code-someone-sent`);
    await expectText(
      page.getByTestId('social-landing').locator('.ant-result-title'),
      'This sign-in was not started here',
    );
    expect(await storedToken(page)).toBeNull();
    await atRest(page);
    await session!.screenshot('landing-foreign-en');
    await page.getByTestId('social-landing-back').click();
    await page.waitForURL((url) => url.pathname === '/login');
  });
});
