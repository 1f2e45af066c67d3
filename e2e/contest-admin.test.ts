import { ErrorCode, encodeAccountId } from '@taikai/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, call, newIdentity, registerByApi } from './support/api';
import { type BrowserSession, closeAndScreenshotFailures, openBrowser } from './support/browser';
import {
  atRest,
  chooseLanguage,
  chooseOption,
  confirmDialog,
  dialogWith,
  eventually,
  expectNoRawKeys,
  expectText,
  expectToast,
  textOf,
} from './support/console';
import { setDateRange } from './support/dates';
import { accountOf, contestDetail, createTournament, grantCurrency, loginBrowser } from './support/people';

const DAY = 24 * 3600;

interface Entry {
  lang: string;
  content: string;
}
interface Detail {
  public_notice: Entry[];
  private_notice: Entry[];
  manager_notice: Entry[];
  observer_switch: number;
  admin_list: { account_id: number; nickname: string }[];
}

const textOfNotice = (list: Entry[]) => list.find((e) => e.lang === 'default')?.content ?? '';

// A creator runs a tournament with others: notices, an admin who edits them too, an observer who can only read,
// the history of all of it, and finally deleting the tournament by typing its id.
describe('tournament administration, in the browser', () => {
  const creator = newIdentity('cadmin');
  const admin = newIdentity('cadm2');
  const observer = newIdentity('cobs');
  const tokens = { creator: '', admin: '', observer: '' };
  const publicIds = { admin: 0, observer: 0 };
  let uniqueId = 0;
  let contestId = 0;
  let session: BrowserSession;
  let current: BrowserSession | undefined;

  const detailNow = () => contestDetail<Detail>(tokens.creator, uniqueId);

  beforeAll(async () => {
    [tokens.creator, tokens.admin, tokens.observer] = await Promise.all(
      [creator, admin, observer].map(registerByApi),
    );
    await grantCurrency(creator.email);
    const now = Math.floor(Date.now() / 60_000) * 60;
    const created = await createTournament(tokens.creator, {
      name: `Admin Cup ${creator.nickname.slice(-4)}`,
      start: now + 2 * DAY,
      end: now + 30 * DAY,
    });
    uniqueId = created.unique_id;
    contestId = created.contest_id;
    for (const who of ['admin', 'observer'] as const) {
      publicIds[who] = (await accountOf(tokens[who])).publicId;
    }
    session = await openBrowser('contest-admin');
    current = session;
  });

  // Each test hands `current` back to the creator's browser when it ends, so the last one closed is that one.
  closeAndScreenshotFailures(() => current);

  it('the creator writes the public and private notices and finds them after a reload', async () => {
    const { page } = session;
    await loginBrowser(page, tokens.creator, creator.nickname);
    await page.goto(`/contest/${contestId}/announcement`);
    await page.getByTestId('notice-tab').waitFor();

    const update = page.getByTestId('notice-update');
    expect(await update.isDisabled()).toBe(true);
    // Plain text: markup is kept as typed, never interpreted.
    const publicText = 'Welcome to the cup!\n<b>Finals</b> on Sunday.';
    const privateText = 'Check-in: 19:30 in the lobby.';
    await page.getByTestId('notice-public-default').fill(publicText);
    await page.getByTestId('notice-private-default').fill(privateText);
    expect(await update.isEnabled()).toBe(true);

    const sent: string[] = [];
    page.on('request', (req) => {
      if (/update_contest_(external|internal)_notice$/.test(req.url())) sent.push(req.url());
    });
    await update.click();
    await expectToast(page, 'success', '公告已保存');
    // Public first, then private.
    expect(sent.map((u) => u.split('/').pop())).toEqual([
      'update_contest_external_notice',
      'update_contest_internal_notice',
    ]);
    await eventually(
      () => update.isDisabled(),
      (d) => d,
      'update disabled once saved',
    );

    await page.reload();
    await page.getByTestId('notice-tab').waitFor();
    await eventually(
      () => page.getByTestId('notice-public-default').inputValue(),
      (v) => v === publicText,
      'public notice after reload',
    );
    expect(await page.getByTestId('notice-private-default').inputValue()).toBe(privateText);
    const stored = await detailNow();
    expect(textOfNotice(stored.public_notice)).toBe(publicText);
    expect(textOfNotice(stored.private_notice)).toBe(privateText);
    // No element was made from the notice's markup.
    expect(await page.locator('[data-testid="notice-tab"] b').count()).toBe(0);

    // Over the limit: the counter says so and update is off.
    await page.getByTestId('notice-public-default').fill('x'.repeat(501));
    await page.getByText('最多 500 个字').waitFor();
    expect(await update.isDisabled()).toBe(true);
    await page.getByTestId('notice-public-default').fill(publicText);
    await expectNoRawKeys(page);
    await atRest(session.page, { dialogs: false });
    await session.screenshot('01-notices-chs');
  });

  it('the creator adds an admin by public id, and the creator cannot be an admin', async () => {
    const { page } = session;
    await page.getByTestId('contest-tab-manager').click();
    await page.getByTestId('manager-tab').waitFor();
    await expectText(page.getByTestId('admins-count'), '共 0 人');

    await page.getByTestId('admins-add').click();
    const dialog = await dialogWith(page, 'admin-add-ids');
    await page.getByTestId('admin-add-ids').fill(`${publicIds.admin}\n99999999999`);
    await page.getByTestId('admin-add-lookup').click();
    await page.getByTestId('admin-add-found').waitFor();
    await page.getByTestId('admin-add-missing').waitFor();
    await atRest(session.page, { dialogs: false });
    await session.screenshot('02-add-admin-dialog-chs');
    await page.getByTestId('admin-add-confirm').click();
    await expectToast(page, 'success', '已添加 1 名管理员');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId(`admins-row-${publicIds.admin}`).waitFor();
    expect(await textOf(page.getByTestId(`admins-row-${publicIds.admin}`))).toContain(admin.nickname);
    const stored = await detailNow();
    expect(stored.admin_list.map((a) => encodeAccountId(a.account_id))).toEqual([publicIds.admin]);

    // The server never makes the creator an admin: the account is reported with 2546.
    const self = await accountOf(tokens.creator);
    const refused = await api<{ failed: { account_id: number; error: number }[] }>(
      '/api/contest/add_contest_admin',
      { token: tokens.creator, body: { unique_id: uniqueId, account_list: [self.accountId] } },
    );
    expect(refused.data?.failed).toEqual([
      { account_id: self.accountId, error: ErrorCode.CREATOR_CANNOT_BE_ADMIN },
    ]);
  });

  it('the admin, in a browser of their own and in English, edits the notices', async () => {
    const other = await openBrowser('contest-admin-admin');
    current = other;
    try {
      const { page } = other;
      await loginBrowser(page, tokens.admin, admin.nickname);
      await chooseLanguage(page, 'en');
      await page.getByTestId(`contest-card-${contestId}`).click();
      await page.getByTestId('contest-tab-announcement').click();
      await page.getByTestId('notice-tab').waitFor();
      await eventually(
        () => page.getByTestId('notice-public-default').inputValue(),
        (v) => v.startsWith('Welcome to the cup!'),
        'the creator notice shown to the admin',
      );
      await page.getByTestId('notice-public-default').fill('Welcome! Finals moved to Saturday.');
      await page.getByTestId('notice-update').click();
      await expectToast(page, 'success', 'Notices saved');
      await eventually(
        detailNow,
        (d) => textOfNotice(d.public_notice) === 'Welcome! Finals moved to Saturday.',
        'the admin notice stored',
      );
      await expectNoRawKeys(page);
      await atRest(other.page, { dialogs: false });
      await other.screenshot('03-notices-admin-en');

      // The admin sees the manager notice and the observers, not the admin roster.
      await page.getByTestId('contest-tab-manager').click();
      await page.getByTestId('manager-tab').waitFor();
      await page.getByTestId('admins-creator-only').waitFor();
      expect(await page.getByTestId('admins').count()).toBe(0);
      expect(await page.getByTestId('delete-contest').count()).toBe(0);
      await page.getByTestId('manager-notice-default').fill('Admins: check the lobby every hour.');
      await page.getByTestId('manager-notice-update').click();
      await expectToast(page, 'success', 'Notices saved');
      await expectNoRawKeys(page);
      await atRest(other.page, { dialogs: false });
      await other.screenshot('04-manager-admin-en');
    } finally {
      current = session;
      await other.close();
    }
  });

  it('the creator turns observers on and adds an observer', async () => {
    const { page } = session;
    await page.getByTestId('observers-off').waitFor();
    await page.getByTestId('contest-tab-info').click();
    await page.getByTestId('contest-info').waitFor();
    await page.getByTestId('info-observer-switch').click();
    const sent = page.waitForRequest((req) => req.url().endsWith('/update_contest_base'));
    await page.getByTestId('info-update').click();
    // Only what changed is sent.
    expect(JSON.parse((await sent).postData() ?? '{}').setting).toEqual({ observer_switch: 1 });
    await expectToast(page, 'success', '已保存');
    expect((await detailNow()).observer_switch).toBe(1);

    // The end moves on its own: only end_time is sent.
    const before = await contestDetail<{ start_time: number; finish_time: number }>(tokens.creator, uniqueId);
    const newEnd = before.finish_time + 5 * DAY;
    const rangeItem = page.locator('.ant-form-item').filter({ has: page.getByTestId('info-range') });
    await setDateRange(rangeItem, before.start_time, newEnd);
    const sentEnd = page.waitForRequest((req) => req.url().endsWith('/update_contest_base'));
    await page.getByTestId('info-update').click();
    expect(JSON.parse((await sentEnd).postData() ?? '{}').setting).toEqual({ end_time: newEnd });
    await expectToast(page, 'success', '已保存');
    await eventually(
      () => contestDetail<{ finish_time: number; start_time: number }>(tokens.creator, uniqueId),
      (d) => d.finish_time === newEnd && d.start_time === before.start_time,
      'end stored',
    );
    await expectNoRawKeys(page);
    await atRest(page, { dialogs: false });
    await session.screenshot('04b-info-chs');

    await page.getByTestId('contest-tab-manager').click();
    await page.getByTestId('observers').waitFor();
    await page.getByTestId('observers-add').click();
    await dialogWith(page, 'observer-add-ids');
    await page.getByTestId('observer-add-ids').fill(String(publicIds.observer));
    await page.getByTestId('observer-add-lookup').click();
    await page.getByTestId('observer-add-confirm').click();
    await expectToast(page, 'success', '已添加 1 名观战员');
    await page.getByTestId(`observers-row-${publicIds.observer}`).waitFor();
    await expectNoRawKeys(page);
    await atRest(session.page, { dialogs: false });
    await session.screenshot('05-manager-creator-chs');
  });

  it('the observer opens the tournament and reads everything, and the server refuses their changes', async () => {
    const other = await openBrowser('contest-admin-observer');
    current = other;
    try {
      const { page } = other;
      await loginBrowser(page, tokens.observer, observer.nickname);
      await chooseLanguage(page, 'en');
      // The observer's own list holds only tournaments they run: the public id in the address is looked up.
      await page.goto(`/contest/${contestId}`);
      await page.getByTestId('info-readonly').waitFor();
      await expectText(page.getByTestId('contest-id'), `ID ${contestId}`);
      expect(await page.getByTestId('info-update').count()).toBe(0);
      expect(await page.getByTestId('contest-tab-history').count()).toBe(0);
      await expectNoRawKeys(page);
      await atRest(page, { dialogs: false });
      await other.screenshot('05b-observer-info-en');

      await page.getByTestId('contest-tab-announcement').click();
      await page.getByTestId('notice-readonly').waitFor();
      const area = page.getByTestId('notice-public-default');
      await eventually(
        () => area.inputValue(),
        (v) => v === 'Welcome! Finals moved to Saturday.',
        'the notice shown to the observer',
      );
      expect(await area.isEditable()).toBe(false);
      expect(await page.getByTestId('notice-update').count()).toBe(0);
      await expectNoRawKeys(page);
      await atRest(other.page, { dialogs: false });
      await other.screenshot('06-observer-notices-en');

      const refused = await api('/api/contest/update_contest_external_notice', {
        token: tokens.observer,
        body: { unique_id: uniqueId, notice: [{ lang: 'default', content: 'hijacked' }] },
      });
      expect(refused.status).not.toBe(200);
      expect(refused.error?.code).toBe(ErrorCode.NO_PERMISSION);
      const base = await api('/api/contest/update_contest_base', {
        token: tokens.observer,
        body: { unique_id: uniqueId, setting: { observer_switch: 0 } },
      });
      expect(base.error?.code).toBe(ErrorCode.NO_PERMISSION);
      const stored = await detailNow();
      expect(textOfNotice(stored.public_notice)).toBe('Welcome! Finals moved to Saturday.');
      expect(stored.observer_switch).toBe(1);
    } finally {
      current = session;
      await other.close();
    }
  });

  it('the history shows those changes in the organiser language, filterable by kind', async () => {
    const { page } = session;
    await page.getByTestId('contest-tab-history').click();
    await page.getByTestId('history-table').waitFor();
    const actions = () =>
      page
        .getByTestId('history-row')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action') ?? ''));
    const seen = await eventually(actions, (list) => list.includes('contest_observer.set'), 'history rows');
    for (const action of [
      'contest.update_public_notice',
      'contest.update_private_notice',
      'contest_admin.add',
      'contest.update_base',
      'contest_observer.set',
    ]) {
      expect(seen).toContain(action);
    }
    const table = await textOf(page.getByTestId('history-table'));
    expect(table).toContain('修改公开公告');
    expect(table).toContain('添加管理员');
    expect(table).toContain(admin.nickname);
    expect(table).toContain(String(publicIds.admin));
    expect(table).toContain('Finals moved to Saturday');

    await chooseOption(page, page.getByTestId('history-kind'), 'history-kind-contest_admin');
    await eventually(
      actions,
      (list) => list.length > 0 && list.every((a) => a === 'contest_admin.add'),
      'filtered',
    );
    await chooseOption(page, page.getByTestId('history-kind'), 'history-kind-all');
    await eventually(actions, (list) => list.length >= 5, 'all kinds again');
    await expectNoRawKeys(page);
    await atRest(session.page, { dialogs: false });
    await session.screenshot('07-history-chs');

    await chooseLanguage(page, 'en');
    await eventually(
      () => textOf(page.getByTestId('history-table')),
      (text) => text.includes('Public notice changed') && text.includes('Admins added'),
      'history in English',
    );
    await expectNoRawKeys(page);
    await atRest(session.page, { dialogs: false });
    await session.screenshot('08-history-en');
    await chooseLanguage(page, 'chs');
  });

  it('removes observers in manager mode, each removal confirmed', async () => {
    const { page } = session;
    await page.getByTestId('contest-tab-manager').click();
    await page.getByTestId(`observers-row-${publicIds.observer}`).waitFor();
    await page.getByTestId('observers-manager-mode').click();
    await page.getByTestId('observers-delete-all').click();
    const dialog = await confirmDialog(page);
    expect(await dialog.innerText()).toContain(observer.nickname);
    await page.getByTestId('observers-remove-confirm').click();
    await expectToast(page, 'success', '已移除 1 人');
    await page.getByTestId(`observers-row-${publicIds.observer}`).waitFor({ state: 'detached' });
    const observersNow = await call<unknown[]>(
      `/api/contest/fetch_observer_list?unique_id=${uniqueId}`,
      tokens.creator,
    );
    expect(observersNow).toEqual([]);
  });

  it('with multi-language on, the notices are written per language, starting from the single text', async () => {
    const { page } = session;
    await page.getByTestId('contest-tab-info').click();
    await page.getByTestId('contest-info').waitFor();
    await page.getByTestId('info-multi-language').click();
    await page.getByTestId('info-name-en').waitFor();
    await page.getByTestId('info-update').click();
    await expectToast(page, 'success', '已保存');

    await page.getByTestId('contest-tab-announcement').click();
    const en = page.getByTestId('notice-public-en');
    // Every language starts with the text written before the switch, to be translated.
    await eventually(
      () => en.inputValue(),
      (v) => v === 'Welcome! Finals moved to Saturday.',
      'per-language notice prefilled',
    );
    expect(await page.getByTestId('notice-public-default').count()).toBe(0);
    expect(await page.getByTestId('notice-update').isDisabled()).toBe(true);
    await page.getByTestId('notice-public-jp').fill('ようこそ！決勝は土曜日に変更です。');
    await page.getByTestId('notice-public-kr').fill('환영합니다! 결승은 토요일로 변경되었습니다.');
    await page.getByTestId('notice-update').click();
    await expectToast(page, 'success', '公告已保存');
    const stored = await detailNow();
    const byLang = Object.fromEntries(stored.public_notice.map((e) => [e.lang, e.content]));
    expect(byLang).toMatchObject({
      chs: 'Welcome! Finals moved to Saturday.',
      en: 'Welcome! Finals moved to Saturday.',
      jp: 'ようこそ！決勝は土曜日に変更です。',
      kr: '환영합니다! 결승은 토요일로 변경되었습니다.',
    });

    await chooseLanguage(page, 'jp');
    await page.getByTestId('notice-card-public').getByText('公開お知らせ').waitFor();
    await expectNoRawKeys(page);
    await atRest(page, { dialogs: false });
    await session.screenshot('09a-notices-multi-jp');
    await page.getByTestId('contest-tab-manager').click();
    await page.getByTestId('manager-tab').waitFor();
    await expectNoRawKeys(page);
    await atRest(page, { dialogs: false });
    await session.screenshot('09b-manager-jp');
    await chooseLanguage(page, 'chs');
  });

  it('the creator deletes the tournament by typing its id, and it vanishes from My tournaments', async () => {
    const { page } = session;
    await page.getByTestId('delete-contest').click();
    await dialogWith(page, 'delete-contest-input');
    const confirm = page.getByTestId('delete-contest-confirm');
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId('delete-contest-input').fill(String(contestId).slice(0, -1));
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId('delete-contest-input').fill(String(contestId));
    expect(await confirm.isEnabled()).toBe(true);
    await expectNoRawKeys(page);
    await atRest(session.page, { dialogs: false });
    await session.screenshot('10-delete-dialog-chs');
    await confirm.click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectToast(page, 'success', `赛事 ${contestId} 已删除`);
    await page.getByTestId('contest-list').or(page.getByTestId('contest-list-empty')).first().waitFor();
    expect(await page.getByTestId(`contest-card-${contestId}`).count()).toBe(0);
    await atRest(session.page, { dialogs: false });
    await session.screenshot('11-deleted-home-chs');

    const gone = await api(`/api/contest/fetch_contest_detail?unique_id=${uniqueId}`, {
      token: tokens.creator,
    });
    expect(gone.error?.code).toBe(ErrorCode.CONTEST_DELETED);
  });
});
