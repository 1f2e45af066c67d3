import { ErrorCode } from '@taikai/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, newIdentity, registerByApi } from './support/api';
import { type BrowserSession, closeAndScreenshotFailures, openBrowser } from './support/browser';
import {
  atRest,
  chooseLanguage,
  dialogWith,
  eventually,
  expectNoRawKeys,
  expectText,
  expectToast,
} from './support/console';
import {
  accountOf,
  contestDetail,
  createTournament,
  grantCurrency,
  loginBrowser,
  seasonPlayers,
  seasonsOf,
} from './support/people';

const DAY = 24 * 3600;

interface Detail {
  admin_list: { account_id: number; nickname: string; role: number }[];
  rule: { init_point: number };
}

// Delegated roles in the console: the creator appoints a player manager (role 3) and a chat manager (role 2) from
// the manager tab and changes a role in place; the player manager passes a sign-up on the review page but is not
// offered the rule editor's update; an observer finds no enabled editing control on the info tab.
describe('delegated manager roles, in the browser', () => {
  const creator = newIdentity('roles');
  const people = {
    playerManager: newIdentity('rolepm'),
    helper: newIdentity('rolecm'),
    observer: newIdentity('roleob'),
    player: newIdentity('roleplr'),
  };
  const tokens = { creator: '', playerManager: '', helper: '', observer: '', player: '' };
  const ids = { playerManager: 0, helper: 0, observer: 0, player: 0 };
  const publicIds = { playerManager: 0, helper: 0, observer: 0, player: 0 };
  let uniqueId = 0;
  let contestId = 0;
  let seasonId = 0;
  let session: BrowserSession;
  let current: BrowserSession | undefined;

  const detailNow = () => contestDetail<Detail>(tokens.creator, uniqueId);
  const rolesNow = async () =>
    Object.fromEntries((await detailNow()).admin_list.map((a) => [a.account_id, a.role]));

  beforeAll(async () => {
    tokens.creator = await registerByApi(creator);
    for (const who of Object.keys(people) as (keyof typeof people)[]) {
      tokens[who] = await registerByApi(people[who]);
      const account = await accountOf(tokens[who]);
      ids[who] = account.accountId;
      publicIds[who] = account.publicId;
    }
    await grantCurrency(creator.email);
    const now = Math.floor(Date.now() / 1000);
    ({
      unique_id: uniqueId,
      contest_id: contestId,
      season_id: seasonId,
    } = await createTournament(tokens.creator, {
      name: `Roles Cup ${creator.nickname.slice(-4)}`,
      start: now + 5,
      end: now + 30 * DAY,
    }));
    const season = (await seasonsOf(tokens.creator, uniqueId)).find((s) => s.season_id === seasonId)!;
    // Sign-up by review over the whole season; observers on, with one observer.
    const setup = [
      await api('/api/contest/update_contest_season', {
        token: tokens.creator,
        body: {
          unique_id: uniqueId,
          season_id: seasonId,
          setting: { signup_type: 3, signup_start_time: season.start_time, signup_end_time: season.end_time },
        },
      }),
      await api('/api/contest/update_contest_base', {
        token: tokens.creator,
        body: { unique_id: uniqueId, setting: { observer_switch: 1 } },
      }),
      await api('/api/contest/set_observer_list', {
        token: tokens.creator,
        body: { unique_id: uniqueId, add_list: [ids.observer], remove_list: [] },
      }),
    ];
    expect(setup.map((answer) => answer.error)).toEqual([undefined, undefined, undefined]);
    // Sign-ups open with the season, a few seconds after it was created.
    await eventually(
      () =>
        api('/api/contest/signup_contest_season', {
          token: tokens.player,
          body: { unique_id: uniqueId, season_id: seasonId },
        }),
      (answer) => answer.status === 200 && !answer.error,
      'the player signs up',
    );
    session = await openBrowser('manager-roles');
    current = session;
  });

  // Each test hands `current` back to the creator's browser when it ends, so the last one closed is that one.
  closeAndScreenshotFailures(() => current);

  /** Appoints an account from the manager tab's dialog with the role whose label is `roleLabel`. */
  async function appoint(publicId: number, roleLabel: string) {
    const { page } = session;
    await page.getByTestId('admins-add').click();
    await dialogWith(page, 'admin-add-ids');
    await page.getByTestId('admin-add-role').getByText(roleLabel, { exact: true }).click();
    await page.getByTestId('admin-add-ids').fill(String(publicId));
    await page.getByTestId('admin-add-lookup').click();
    await page.getByTestId('admin-add-found').waitFor();
    await page.getByTestId('admin-add-confirm').click();
    await page.getByTestId(`admins-row-${publicId}`).waitFor();
  }

  it('the creator appoints a player manager and a chat manager, and changes a role in place (chs)', async () => {
    const { page } = session;
    await loginBrowser(page, tokens.creator, creator.nickname);
    await page.goto(`/contest/${contestId}/manager`);
    await page.getByTestId('admins').waitFor();

    await appoint(publicIds.playerManager, '选手管理员');
    await expectToast(page, 'success', '已添加 1 名管理员');
    await appoint(publicIds.helper, '聊天管理员');
    expect(await rolesNow()).toEqual({ [ids.playerManager]: 3, [ids.helper]: 2 });
    await expectText(page.getByTestId(`admins-role-${publicIds.helper}`), '聊天管理员');

    // The chat manager becomes an admin from the row's role picker.
    await page.getByTestId(`admins-role-${publicIds.helper}`).click();
    await page.locator('.ant-select-dropdown:visible').getByText('管理员', { exact: true }).click();
    await expectToast(page, 'success', `${people.helper.nickname} 现在是：管理员`);
    await eventually(rolesNow, (roles) => roles[ids.helper] === 1, 'the helper is an admin');
    await expectText(page.getByTestId(`admins-role-${publicIds.playerManager}`), '选手管理员');
    await expectNoRawKeys(page);
    await atRest(page);
    await session.screenshot('01-manager-roles-chs');
  });

  it('the player manager passes a sign-up but is not offered the rule editor update (en)', async () => {
    const other = await openBrowser('manager-roles-pm');
    current = other;
    try {
      const { page } = other;
      await loginBrowser(page, tokens.playerManager, people.playerManager.nickname);
      await chooseLanguage(page, 'en');
      // The tournament's page tells them what their role is for; tabs of other roles are not offered.
      await page.goto(`/contest/${contestId}`);
      await expectText(
        page.getByTestId('info-readonly'),
        'You are a player manager of this tournament: you review sign-ups and manage the roster, the teams and the blacklist; everything else you can only look at.',
      );
      expect(await page.getByTestId('info-update').count()).toBe(0);
      for (const tab of ['history', 'broadcast', 'webhooks']) {
        expect(await page.getByTestId(`contest-tab-${tab}`).count()).toBe(0);
      }

      await page.goto(`/contest/${contestId}/season/${seasonId}/join`);
      const row = page
        .getByTestId('join-table')
        .locator('tbody tr')
        .filter({ hasText: String(publicIds.player) });
      await row.waitFor();
      await expectNoRawKeys(page);
      await other.screenshot('02-join-player-manager-en');
      await page.getByTestId(`join-pass-${publicIds.player}`).click();
      await expectToast(page, 'success', 'Passed: 1');
      await row.waitFor({ state: 'detached' });
      const roster = await seasonPlayers<{ account_id: number }>(tokens.creator, uniqueId, seasonId, {
        state: 2,
        limit: 100,
      });
      expect(roster.list.map((p) => p.account_id)).toEqual([ids.player]);

      // The rule editor: read-only for this role, its update disabled with the reason.
      await page.goto(`/contest/${contestId}/season/${seasonId}/advanced`);
      const reason = 'Your role in this tournament (Player manager) does not allow this.';
      await expectText(page.getByTestId('rule-readonly'), reason);
      const update = page.getByTestId('rule-update');
      expect(await update.isDisabled()).toBe(true);
      await update.hover({ force: true });
      await page.locator('.ant-tooltip').filter({ hasText: reason }).waitFor();
      expect(await page.getByTestId('rule-preset-load').isDisabled()).toBe(true);
      await expectNoRawKeys(page);
      await other.screenshot('03-rules-player-manager-en');
      // And the server refuses it all the same (2506); the rule is as it was.
      const refused = await api('/api/contest/update_contest_base', {
        token: tokens.playerManager,
        body: {
          unique_id: uniqueId,
          setting: { game_rule_setting: { mode: 2, detail_rule: { init_point: 30000 } } },
        },
      });
      expect(refused.error?.code).toBe(ErrorCode.NO_PERMISSION);
      expect((await detailNow()).rule.init_point).toBe(25000);

      // In Chinese the same page gives the same reason in Chinese.
      await chooseLanguage(page, 'chs');
      await expectText(page.getByTestId('rule-readonly'), '你在本赛事的身份（选手管理员）不能进行此操作。');
      await expectNoRawKeys(page);
      await other.screenshot('04-rules-player-manager-chs');
    } finally {
      current = session;
      await other.close();
    }
  });

  it('an observer finds no enabled editing control on the info tab (jp)', async () => {
    const other = await openBrowser('manager-roles-observer');
    current = other;
    try {
      const { page } = other;
      await loginBrowser(page, tokens.observer, people.observer.nickname);
      await chooseLanguage(page, 'jp');
      await page.goto(`/contest/${contestId}`);
      await page.getByTestId('info-readonly').waitFor();
      await page.getByTestId('info-season-list').waitFor();
      // Every control still enabled on the tab only reads: refresh and copying the sign-up link.
      const enabled = await page
        .getByTestId('contest-info')
        .locator('button:enabled, input:enabled, textarea:enabled, [role="switch"]:not([disabled])')
        .evaluateAll((nodes) =>
          nodes.map((n) => n.getAttribute('data-testid') ?? `${n.tagName}:${n.textContent?.trim() ?? ''}`),
        );
      expect(enabled.sort()).toEqual(['info-copy-signup-link', 'info-refresh']);
      expect(await page.getByTestId('info-update').count()).toBe(0);
      await expectNoRawKeys(page);
      await atRest(page, { dialogs: false });
      await other.screenshot('05-info-observer-jp');
    } finally {
      current = session;
      await other.close();
    }
  });
});
