import { beforeAll, describe, expect, it } from 'vitest';
import { api, newIdentity, registerByApi } from './support/api';
import { type BrowserSession, closeAndScreenshotFailures, openBrowser } from './support/browser';
import { confirmDialog, expectText, expectToast, settled, storedToken, textOf } from './support/console';
import { loginBrowser } from './support/people';

describe('creating a tournament without enough currency', () => {
  const organiser = newIdentity('poor');
  let token = '';
  let session: BrowserSession;

  beforeAll(async () => {
    token = await registerByApi(organiser);
    session = await openBrowser('refused');
  });

  closeAndScreenshotFailures(() => session);

  it('takes a token handed over in the address and shows the account', async () => {
    const { page } = session;
    await loginBrowser(page, token, organiser.nickname);
    await expectText(page.getByTestId('header-currency'), '0');
    expect(await storedToken(page)).toBe(token);
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    await page.getByTestId('contest-list-empty').waitFor();
  });

  it('shows the not-enough-currency message and creates nothing', async () => {
    const { page } = session;
    await page.getByTestId('create-contest-card').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('create-submit') });
    await settled(dialog);
    await dialog.getByTestId('create-name').fill('Empty Wallet Open');
    await page.getByTestId('create-pledge').check();
    await page.getByTestId('create-submit').click();

    const confirmText = await textOf(await confirmDialog(page));
    expect(confirmText).toContain('60');
    await page.getByTestId('create-confirm').click();

    await expectToast(page, 'error', '高级货币不足');
    await session.screenshot('not-enough-currency');
    // The dialog stays open with the organiser's input; closing it leaves the list empty.
    expect(await dialog.getByTestId('create-name').inputValue()).toBe('Empty Wallet Open');
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('contest-list-empty').waitFor();
    expect(await page.getByTestId('contest-card').count()).toBe(0);
    await expectText(page.getByTestId('header-currency'), '0');

    // Nothing was written: no tournament and no currency movement.
    const list = await api<unknown[]>('/api/contest/fetch_contest_list', { token });
    expect(list.status).toBe(200);
    expect(list.data).toEqual([]);
    const account = await api<{ currency: { count: number }[] }>('/api/contest/fetch_account_info', {
      token,
    });
    expect(account.data?.currency.reduce((sum, c) => sum + c.count, 0)).toBe(0);
  });
});
