import { CONSOLE_LANGS, type ConsoleLang, passwordDigest } from '@taikai/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, newIdentity, readVerificationCode } from './support/api';
import { type BrowserSession, closeAndScreenshotFailures, openBrowser } from './support/browser';
import { taikaiCli } from './support/cli';
import {
  chooseLanguage,
  chooseOption,
  chooseOptionByText,
  confirmDialog,
  eventually,
  expectText,
  expectToast,
  rawKeysIn,
  settled,
  storedToken,
  textOf,
  visibleText,
} from './support/console';
import { formatMinute, setDateRange } from './support/dates';

/** The Info tab's label in each console language, as an organiser reads it. */
const INFO_TAB_LABEL: Record<ConsoleLang, string> = {
  chs: '赛事信息',
  chs_t: '賽事資訊',
  jp: '大会情報',
  en: 'Info',
  kr: '대회 정보',
};

/** The title of "My tournaments" in each console language. */
const HOME_TITLE: Record<ConsoleLang, string> = {
  chs: '我的赛事',
  chs_t: '我的賽事',
  jp: 'マイ大会',
  en: 'My tournaments',
  kr: '내 대회',
};

/** A platform announcement the operator publishes for English readers only. */
const ANNOUNCEMENT = {
  title: 'Autumn season opens',
  content: 'Sign-ups for the autumn season open on Monday.',
};

const DAY = 24 * 3600;

// One organiser's first session, step by step in one browser: each step starts where the previous ended.
describe('an organiser’s first tournament, in the browser', () => {
  const organiser = newIdentity('organiser');
  const firstName = `Autumn Cup ${organiser.nickname.slice(-4)}`;
  const names: Record<ConsoleLang, string> = {
    chs: '秋季杯赛',
    chs_t: '秋季盃賽',
    jp: '秋季カップ',
    en: 'Autumn Cup',
    kr: '가을 컵',
  };
  // Whole minutes, two and nine days ahead, as the date picker shows them.
  const startAt = Math.floor((Date.now() / 1000 + 2 * DAY) / 60) * 60;
  const endAt = startAt + 7 * DAY + 3600;
  let session: BrowserSession;
  let contestId = '';

  beforeAll(async () => {
    session = await openBrowser('journey');
  });

  closeAndScreenshotFailures(() => session);

  it('registers with the code e-mailed to them and arrives, logged in, at an empty "My tournaments"', async () => {
    const { page } = session;
    await page.goto('/');
    await page.waitForURL('**/login');
    await page.getByTestId('login-to-register').click();
    await page.waitForURL('**/register');

    await page.getByTestId('register-email').fill(organiser.email);
    // The test server has no mail server: the page says that the operator holds the code, never that a mail
    // was sent (the operator's contact linked); the code is in the server's outbox.
    await page.getByTestId('register-code-with-operator').waitFor();
    await page.getByTestId('register-contact').waitFor();
    await page.getByTestId('register-send-code').click();
    await expectToast(page, 'info', '验证码由运营者保管');
    const code = await readVerificationCode(organiser.email);
    await page.getByTestId('register-code').fill(code);
    await page.getByTestId('register-nickname').fill(organiser.nickname);
    await page.getByTestId('register-password').fill(organiser.password);
    await page.getByTestId('register-password-again').fill(organiser.password);
    const sent = page.waitForRequest((req) => req.url().endsWith('/api/register'));
    await page.getByTestId('register-submit').click();
    // The password leaves the browser only as its client-side digest.
    const body = (await sent).postData() ?? '';
    expect(body).not.toContain(organiser.password);
    expect(JSON.parse(body).password).toBe(passwordDigest(organiser.password));

    // A new account organises nothing yet: it starts in the player portal, which links to the console.
    await page.waitForURL((url) => url.pathname === '/play');
    await expectToast(page, 'success', '注册成功');
    await page.getByTestId('play-to-console').click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectText(page.getByTestId('header-nickname'), organiser.nickname);
    await expectText(page.getByTestId('header-currency'), '0');
    await page.getByTestId('contest-list-empty').waitFor();
    expect(await storedToken(page)).toBeTruthy();
    await session.screenshot('01-registered');
  });

  it('logs out from the header and logs in again with e-mail and password', async () => {
    const { page } = session;
    await page.getByTestId('logout').click();
    await confirmDialog(page);
    await page.getByTestId('logout-confirm').click();
    await page.waitForURL('**/login');
    expect(await storedToken(page)).toBeNull();

    // The last e-mail is remembered on the login form.
    expect(await page.getByTestId('login-email').inputValue()).toBe(organiser.email);
    await page.getByTestId('login-password').fill(organiser.password);
    const sent = page.waitForRequest((req) => req.url().endsWith('/api/login'));
    await page.getByTestId('login-submit').click();
    const body = (await sent).postData() ?? '';
    expect(body).not.toContain(organiser.password);
    expect(JSON.parse(body)).toMatchObject({
      account: organiser.email,
      password: passwordDigest(organiser.password),
    });

    // Still no tournament of their own: the portal again, and from there the console.
    await page.waitForURL((url) => url.pathname === '/play');
    await page.getByTestId('play-to-console').click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectText(page.getByTestId('header-nickname'), organiser.nickname);
    await expectText(page.getByTestId('header-currency'), '0');
    expect(await storedToken(page)).toBeTruthy();
  });

  it('receives 120 currency from the operator, who also publishes an English announcement, and sees it in the header', async () => {
    const { page } = session;
    // With an announcement for English readers, shown later when the console is in English.
    const [granted] = await taikaiCli(
      ['account', 'grant', organiser.email, '120'],
      ['announce', '--lang', 'en', '--title', ANNOUNCEMENT.title, '--content', ANNOUNCEMENT.content],
    );
    expect(granted.stdout).toContain('120');
    await page.reload();
    await expectText(page.getByTestId('header-currency'), '120');
    await expectText(page.getByTestId('header-nickname'), organiser.nickname);
  });

  it('creates a tournament through the dialog, confirms the cost, and sees the card and the currency drop by 60', async () => {
    const { page } = session;
    await page.getByTestId('create-contest-card').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('create-submit') });
    await settled(dialog);

    // Mode decides the round types: triple dora has no three-player round types (the modes offered are in
    // create-dialog.test.ts).
    await chooseOption(page, page.getByTestId('create-mode'), 'create-mode-dora3');
    await expectText(dialog.locator('.ant-radio-button-wrapper-checked'), '四人南');
    expect(await dialog.getByTestId('create-round-type-11').count()).toBe(0);
    // Back to standard riichi: South 4p by default, three-player round types offered.
    await chooseOption(page, page.getByTestId('create-mode'), 'create-mode-liqi');
    await expectText(dialog.locator('.ant-radio-button-wrapper-checked'), '四人南');
    await dialog.getByTestId('create-round-type-11').click();
    await expectText(dialog.locator('.ant-radio-button-wrapper-checked'), '三人东');

    await dialog.getByTestId('create-name').fill(firstName);
    await setDateRange(dialog, startAt, endAt);
    await chooseOptionByText(page, page.getByTestId('create-thinking'), '10+20');
    await eventually(
      () => textOf(page.getByTestId('create-thinking')),
      (t) => t.includes('10+20 秒'),
      'thinking time chosen',
    );

    // Without the pledge the dialog refuses to go on.
    await page.getByTestId('create-submit').click();
    await expectText(dialog.locator('.ant-form-item-explain-error'), '请勾选承诺');
    await page.getByTestId('create-pledge').check();
    await page.getByTestId('create-submit').click();

    // The confirmation states the cost and the balance.
    const confirm = await confirmDialog(page);
    const confirmText = await textOf(confirm);
    expect(confirmText).toContain('60');
    expect(confirmText).toContain('120');
    await session.screenshot('02-create-confirm');
    await page.getByTestId('create-confirm').click();

    await expectToast(page, 'success', '赛事已创建');
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByTestId('contest-card');
    await card.waitFor();
    expect(await card.count()).toBe(1);
    await expectText(card.getByTestId('contest-card-name'), firstName);
    contestId = await textOf(card.getByTestId('contest-card-id'));
    expect(contestId).toMatch(/^\d+$/);
    const cardText = await textOf(card);
    expect(cardText).toContain('立直麻将');
    expect(cardText).toContain('三人东');
    await expectText(page.getByTestId('header-currency'), '60');
    expect(await page.getByTestId('contest-list-empty').count()).toBe(0);
    await session.screenshot('03-card-listed');

    // What the dialog sent is what the organiser chose (the rule itself is not on screen yet).
    const token = (await storedToken(page))!;
    const list = await api<{ contest_id: number; unique_id: number }[]>('/api/contest/fetch_contest_list', {
      token,
    });
    const listed = list.data?.find((c) => String(c.contest_id) === contestId);
    expect(listed).toBeDefined();
    const detail = await api<{
      start_time: number;
      finish_time: number;
      game_mode: { mode: number; detail_rule: Record<string, number | boolean> };
    }>(`/api/contest/fetch_contest_detail?unique_id=${listed!.unique_id}`, { token });
    expect(detail.data).toMatchObject({ start_time: startAt, finish_time: endAt, game_mode: { mode: 11 } });
    expect(detail.data?.game_mode.detail_rule).toMatchObject({ time_fixed: 10, time_add: 20 });
  });

  it('opens the tournament, edits its names per language on the Info tab, and finds them saved after a reload', async () => {
    const { page } = session;
    await page.getByTestId(`contest-card-${contestId}`).click();
    await page.waitForURL(`**/contest/${contestId}`);
    await expectText(page.getByTestId('contest-title'), firstName);
    await expectText(page.getByTestId('contest-id'), `ID ${contestId}`);
    // The tournament's times stand in the Info tab's range picker, as chosen on creation.
    const range = page.locator('.ant-form-item').filter({ has: page.getByTestId('info-range') });
    await eventually(
      () => range.locator('input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
      (values) => values.join(' ~ ') === `${formatMinute(startAt)} ~ ${formatMinute(endAt)}`,
      'the tournament times on the Info tab',
    );
    expect(await page.getByTestId('info-name').inputValue()).toBe(firstName);
    expect(await page.getByTestId('info-update').isDisabled()).toBe(true);

    await page.getByTestId('info-multi-language').click();
    for (const lang of CONSOLE_LANGS) await page.getByTestId(`info-name-${lang}`).fill(names[lang]);
    await page.getByTestId('info-update').click();
    await expectToast(page, 'success', '已保存');
    await expectText(page.getByTestId('contest-title'), names.chs);

    await page.reload();
    await expectText(page.getByTestId('contest-title'), names.chs);
    expect(await page.getByTestId('info-multi-language').getAttribute('aria-checked')).toBe('true');
    for (const lang of CONSOLE_LANGS) {
      expect(await page.getByTestId(`info-name-${lang}`).inputValue()).toBe(names[lang]);
    }
    expect(await page.getByTestId('info-update').isDisabled()).toBe(true);
    await session.screenshot('04-names-saved');
  });

  it('reads the console in all five languages, each fully translated', async () => {
    const { page } = session;
    const seen: Record<'contest' | 'home', Map<ConsoleLang, string>> = {
      contest: new Map(),
      home: new Map(),
    };
    const checkPage = async (where: 'contest' | 'home', lang: ConsoleLang) => {
      const text = await visibleText(page);
      expect(rawKeysIn(text), `untranslated keys on ${where} in ${lang}`).toEqual([]);
      for (const [other, otherText] of seen[where]) {
        expect(text, `${where} in ${lang} reads like ${other}`).not.toBe(otherText);
      }
      seen[where].set(lang, text);
      await session.screenshot(`05-${where}-${lang}`);
    };
    for (const lang of CONSOLE_LANGS) {
      if (lang !== 'chs') await chooseLanguage(page, lang);
      await expectText(page.getByTestId('contest-tab-info'), INFO_TAB_LABEL[lang]);
      await expectText(page.getByTestId('contest-title'), names[lang]);
      await checkPage('contest', lang);

      // "My tournaments" in the same language, the card named in it.
      await page.locator('.app-header a[href="/"]').click();
      await page.waitForURL((url) => url.pathname === '/');
      await expectText(page.locator('.page-title h3'), HOME_TITLE[lang]);
      await expectText(page.getByTestId('contest-card-name'), names[lang]);
      const panel = page.getByTestId('announcement-panel');
      if (lang === 'en') {
        await eventually(
          () => textOf(panel),
          (t) => t.includes(ANNOUNCEMENT.title) && t.includes(ANNOUNCEMENT.content),
          'English announcement shown',
        );
      } else {
        // A language with no announcement of its own shows the fallback language's (chs, then en), marked
        // as such; which one depends on what other journeys of the run announced.
        const answer = await api<{ title: string; language: string }[]>(
          `/api/contest/fetch_announcement?language=${lang}`,
        );
        const shown = answer.data ?? [];
        expect(shown.length).toBeGreaterThan(0);
        const fallback = shown.find((a) => a.language !== lang && a.language !== 'default')?.language;
        await eventually(
          () => textOf(panel),
          (t) => shown.every((a) => t.includes(a.title)),
          `${lang} panel shows the announcements the server answers`,
        );
        const note = page.getByTestId('announcement-shown-in');
        if (fallback) expect(await note.getAttribute('data-language')).toBe(fallback);
        else expect(await note.count()).toBe(0);
      }
      await checkPage('home', lang);
      await page.getByTestId(`contest-card-${contestId}`).click();
      await page.waitForURL(`**/contest/${contestId}`);
    }
    // The choice is remembered across a reload.
    await page.reload();
    await expectText(page.getByTestId('contest-tab-info'), INFO_TAB_LABEL.kr);
    await chooseLanguage(page, 'chs');
    await expectText(page.getByTestId('contest-tab-info'), INFO_TAB_LABEL.chs);
  });

  it('is sent to the login page when its token is revoked by another client', async () => {
    const { page } = session;
    const token = await storedToken(page);
    expect(token).toBeTruthy();

    const logout = await api('/api/logout', { token: token!, body: {} });
    expect(logout.status).toBe(200);
    const after = await api('/api/contest/fetch_account_info', { token: token! });
    expect(after.status).toBe(401);

    await page.getByTestId('info-refresh').click();
    await page.waitForURL('**/login');
    await page.getByTestId('login-email').waitFor();
    expect(await storedToken(page)).toBeNull();
    await session.screenshot('06-sent-to-login');
    expect(session.pageErrors).toEqual([]);
  });
});
