import { encodeAccountId } from '@taikai/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, newIdentity, registerByApi } from './support/api';
import { type BrowserSession, closeAndScreenshotFailures, openBrowser } from './support/browser';
import {
  chooseLanguage,
  confirmDialog,
  dialogWith,
  eventually,
  expectNoRawKeys,
  expectText,
  expectToast,
  settled,
  textOf,
  visibleText,
} from './support/console';
import { accountOf, loginBrowser } from './support/people';

// An organiser gives a league bot its own key, the bot logs in with it, and the organiser revokes it.
describe('API keys, in the browser', () => {
  const organiser = newIdentity('keys');
  let token = '';
  let accountId = 0;
  let key = '';
  let session: BrowserSession;

  beforeAll(async () => {
    token = await registerByApi(organiser);
    ({ accountId } = await accountOf(token));
    session = await openBrowser('api-keys');
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginBrowser(session.page, token, organiser.nickname);
  });

  closeAndScreenshotFailures(() => session);

  it('the account menu shows the public account id and leads to an empty API-keys page', async () => {
    const { page } = session;
    await page.getByTestId('header-nickname').click();
    await settled(page.locator('.ant-dropdown').filter({ has: page.getByTestId('menu-api-keys') }));
    expect(await textOf(page.getByTestId('header-account-id'))).toContain(String(encodeAccountId(accountId)));
    await page.getByTestId('menu-api-keys').click();
    await page.waitForURL('**/account/api-keys');
    // The bot recipe names the internal id as uid; people see the public id.
    await expectText(page.getByTestId('api-keys-uid'), String(accountId));
    await expectText(page.getByTestId('api-keys-public-id'), String(encodeAccountId(accountId)));
    await page.getByTestId('api-key-table').getByText('暂无 API 密钥').waitFor();
    expect(await page.getByTestId('api-key-create').isDisabled()).toBe(true);
    await session.screenshot('01-empty-chs');
  });

  it('creates a key and shows it once, with a copy button', async () => {
    const { page } = session;
    await page.getByTestId('api-key-label').fill('League bot');
    await page.getByTestId('api-key-create').click();
    const dialog = await dialogWith(page, 'api-key-secret');
    key = await textOf(page.getByTestId('api-key-secret'));
    expect(key).toMatch(/^tk_[A-Za-z0-9_-]{43}$/);
    await dialog.locator('.ant-typography-copy').click();
    await eventually(
      () => page.evaluate(() => navigator.clipboard.readText()),
      (text) => text === key,
      'the key on the clipboard',
    );
    await dialog.locator('.ant-typography-copy .anticon-check').waitFor();
    await session.screenshot('02-created-chs');
    await page.getByTestId('api-key-created-done').click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('api-key-table').locator('tbody tr').filter({ hasText: 'League bot' });
    await row.waitFor();
    expect(await row.innerText()).toContain(`${key.slice(0, 7)}…`);
    expect(await row.innerText()).toContain('从未使用');
    // Once closed, the key is nowhere on the page.
    expect(await visibleText(page)).not.toContain(key);
  });

  it('a bot logs in with the key ({type: 7, uid, code}); the list shows when it was last used', async () => {
    const { page } = session;
    const login = await api<{ token: string; account_id: number }>('/api/contest_gate/api/login', {
      body: { type: 7, uid: String(accountId), code: key },
    });
    expect(login.status).toBe(200);
    expect(login.data?.account_id).toBe(accountId);
    const bot = login.data!.token;
    expect((await api('/api/contest/fetch_account_info', { token: bot })).status).toBe(200);

    await chooseLanguage(page, 'en');
    await page.reload();
    const row = page.getByTestId('api-key-table').locator('tbody tr').filter({ hasText: 'League bot' });
    await eventually(
      () => row.innerText(),
      (t) => !t.includes('Never'),
      'last used time shown',
    );
    await expectNoRawKeys(page);
    await session.screenshot('03-used-en');

    await row.getByTestId('api-key-revoke').click();
    await confirmDialog(page);
    await session.screenshot('04-revoke-confirm-en');
    await page.getByTestId('api-key-revoke-confirm').click();
    await expectToast(page, 'success', 'Key revoked');
    await page.getByTestId('api-key-table').getByText('No API keys yet').waitFor();

    // The bot's session ends with its key, and the key opens nothing any more.
    expect((await api('/api/contest/fetch_account_info', { token: bot })).status).toBe(401);
    const again = await api('/api/login', { body: { type: 7, uid: accountId, code: key } });
    expect(again.error?.code).toBe(1003);
    // The organiser's own session is untouched.
    expect((await api('/api/contest/fetch_account_info', { token })).status).toBe(200);
  });
});
