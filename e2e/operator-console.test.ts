import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, newIdentity, registerByApi } from './support/api';
import { type BrowserSession, closeAndScreenshotFailures, openBrowser } from './support/browser';
import { taikaiCli } from './support/cli';
import {
  chooseLanguage,
  chooseOptionByText,
  dialogWith,
  eventually,
  expectNoRawKeys,
  expectToast,
  settled,
  textOf,
} from './support/console';
import { accountOf, openSignedIn } from './support/people';

// The operator console while the server runs (on the embedded database, the server holds the data folder): an
// operator account made by the command line grants currency to a player and bans an account from the web; the
// banned account's login is refused (503) and its session ended; the acts are in the page's history. Screenshots
// in en and chs.

/** The confirmation popover of the act just clicked, confirmed. */
async function confirm(page: Page): Promise<void> {
  const pop = await settled(
    page
      .locator('.ant-popover:not(.ant-popover-hidden)')
      .filter({ has: page.getByTestId('operator-confirm') }),
  );
  await pop.getByTestId('operator-confirm').click();
  await pop.waitFor({ state: 'hidden' });
}

/** Searches the Accounts tab and answers the row of the account. */
async function findAccount(page: Page, query: string, accountId: number) {
  const search = page.getByTestId('operator-search');
  await search.locator('input').fill(query);
  await search.locator('input').press('Enter');
  const row = page.getByTestId(`operator-account-${accountId}`);
  await row.waitFor();
  return row;
}

describe('operator console, in the browser', () => {
  const op = newIdentity('oper');
  const player = newIdentity('granted');
  const victim = newIdentity('banned');
  let opToken = '';
  let victimToken = '';
  let playerId = 0;
  let victimId = 0;
  let session: BrowserSession;

  beforeAll(async () => {
    // An operator account, made by the command line while the server runs (through its operator socket).
    await taikaiCli([
      'account',
      'create',
      '--email',
      op.email,
      '--nickname',
      op.nickname,
      '--password',
      op.password,
      '--operator',
    ]);
    const login = await api<{ token: string }>('/api/login', {
      body: { account: op.email, password: op.password, type: 0 },
    });
    opToken = login.data!.token;
    const playerToken = await registerByApi(player);
    victimToken = await registerByApi(victim);
    playerId = (await accountOf(playerToken)).accountId;
    victimId = (await accountOf(victimToken)).accountId;
    session = await openBrowser('operator-console', { locale: 'en-US' });
  });
  closeAndScreenshotFailures(() => session);

  it('the header menu offers the operator console to an operator', async () => {
    const { page } = session;
    await openSignedIn(page, opToken);
    await chooseLanguage(page, 'en');
    await page.getByTestId('header-nickname').click();
    await page.getByTestId('menu-operator').click();
    await page.waitForURL('**/operator');
    await page.getByTestId('operator-page').waitFor();
    expect(await textOf(page.getByTestId('operator-tab-accounts'))).toBe('Accounts');
  });

  it('grants currency to a player, confirmed, and the player holds it', async () => {
    const { page } = session;
    const row = await findAccount(page, player.nickname, playerId);
    expect(await textOf(row.getByTestId('operator-account-currency'))).toBe('0');
    await row.getByTestId('operator-currency').click();
    const dialog = await dialogWith(page, 'operator-currency-grant');
    await dialog.locator('input').fill('120');
    await page.getByTestId('operator-currency-grant').click();
    await confirm(page);
    await expectToast(page, 'success', `Currency of ${player.nickname} is now 120`);
    await eventually(
      () => textOf(row.getByTestId('operator-account-currency')),
      (t) => t === '120',
      'the row shows the new balance',
    );
    const info = await api<{ currency: { count: number }[] }>('/api/contest/fetch_account_info', {
      token: (
        await api<{ token: string }>('/api/login', {
          body: { account: player.email, password: player.password, type: 0 },
        })
      ).data!.token,
    });
    expect(info.data!.currency[0].count).toBe(120);
    await session.screenshot('01-granted-en');
  });

  it("sets a player's zone, confirmed", async () => {
    const { page } = session;
    const row = page.getByTestId(`operator-account-${playerId}`);
    await row.getByTestId('operator-level-zone').click();
    const dialog = await dialogWith(page, 'operator-zone-set');
    await chooseOptionByText(page, dialog.getByTestId('operator-zone-select'), 'Japan');
    await dialog.getByTestId('operator-zone-set').click();
    await confirm(page);
    await expectToast(page, 'success', `Zone of ${player.nickname} saved`);
    await eventually(
      () => textOf(dialog.getByTestId('operator-zone')),
      (t) => t === 'Japan',
      'the zone shown',
    );
    await session.screenshot('01b-zone-en');
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('bans an account, confirmed: its session ends and its login is refused with 503', async () => {
    const { page } = session;
    const row = await findAccount(page, victim.email, victimId);
    await row.getByTestId('operator-ban').click();
    await confirm(page);
    await expectToast(page, 'success', `Ban on ${victim.nickname} saved`);
    await row.getByTestId('operator-account-bans').waitFor();
    expect(await textOf(row.getByTestId('operator-account-bans'))).toContain('Account');
    const refused = await api('/api/login', {
      body: { account: victim.email, password: victim.password, type: 0 },
    });
    expect(refused.error?.code).toBe(503);
    expect((await api('/api/contest/fetch_account_info', { token: victimToken })).status).toBe(401);
    await session.screenshot('02-banned-en');
  });

  it('the Bans tab lists the ban; the History tab lists the acts, newest first', async () => {
    const { page } = session;
    await page.getByTestId('operator-tab-bans').click();
    const ban = page.getByTestId('operator-ban-account').filter({ hasText: String(victimId) });
    await ban.waitFor();
    expect(await ban.innerText()).toContain(victim.nickname);
    await page.getByTestId('operator-tab-history').click();
    const actions = page.getByTestId('operator-history-action');
    await eventually(
      () => actions.allInnerTexts(),
      (texts) => texts.slice(0, 3).join(' / ') === 'Ban / Zone set / Currency granted',
      'the three acts, newest first',
    );
    expect(await page.getByTestId('operator-history-row').first().innerText()).toContain(op.nickname);
    expect(await page.locator('body').innerText()).not.toMatch(/operatorConsole\./);
    await session.screenshot('03-history-en');
  });

  it('reads in Simplified Chinese', async () => {
    const { page } = session;
    await chooseLanguage(page, 'chs');
    await eventually(
      () => textOf(page.getByTestId('operator-tab-history')),
      (t) => t === '操作记录',
      'the tabs in Chinese',
    );
    await eventually(
      () => page.getByTestId('operator-history-action').first().innerText(),
      (t) => t === '封禁',
      'the acts in Chinese',
    );
    await expectNoRawKeys(page);
    expect(await page.locator('body').innerText()).not.toMatch(/operatorConsole\./);
    await session.screenshot('04-history-chs');
    await page.getByTestId('operator-tab-accounts').click();
    await findAccount(page, victim.nickname, victimId);
    await session.screenshot('05-accounts-chs');
  });

  it('an account that is not an operator is refused the page and its calls (2506)', async () => {
    const other = await openBrowser('operator-console-refused', { locale: 'en-US' });
    try {
      const token = (
        await api<{ token: string }>('/api/login', {
          body: { account: player.email, password: player.password, type: 0 },
        })
      ).data!.token;
      await openSignedIn(other.page, token, '/operator');
      await other.page.getByTestId('operator-refused').waitFor();
      await other.page.getByTestId('header-nickname').click();
      expect(await other.page.getByTestId('menu-operator').count()).toBe(0);
      const refused = await api('/api/contest/operator_search_accounts?query=x', { token });
      expect(refused.error?.code).toBe(2506);
    } finally {
      await other.close();
    }
  });
});
