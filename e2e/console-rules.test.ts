import { beforeAll, describe, expect, it } from 'vitest';
import { api, newIdentity, registerByApi } from './support/api';
import { type BrowserSession, closeAndScreenshotFailures, openBrowser } from './support/browser';
import { taikaiCli } from './support/cli';
import { chooseLanguage, eventually, expectText, textOf } from './support/console';
import { createTournament, loginBrowser } from './support/people';

const DAY = 24 * 3600;

// What a new organiser tripped over outside the create dialog: season pages the menu hides, the announcement
// panel of a language with none of its own, and the footer's contact.
describe('season menu rules by address, announcement fallback, operator contact', () => {
  const organiser = newIdentity('rules');
  const tag = organiser.nickname.slice(-4);
  let token = '';
  let contestId = 0;
  let session: BrowserSession;

  beforeAll(async () => {
    token = await registerByApi(organiser);
    await taikaiCli(
      ['account', 'grant', organiser.email, '60'],
      ['announce', '--lang', 'chs', '--title', `赛季公告 ${tag}`, '--content', '秋季赛下周一开放报名。'],
    );
    const now = Math.floor(Date.now() / 1000);
    const created = await createTournament(token, {
      name: `Rules Cup ${tag}`,
      start: now + 2 * DAY,
      end: now + 30 * DAY,
    });
    contestId = created.contest_id;
    session = await openBrowser('console-rules');
  });

  closeAndScreenshotFailures(() => session);

  it('a season sub-page the menu hides, opened by address, goes to the season info page with no stray tab', async () => {
    const { page } = session;
    await loginBrowser(page, token, organiser.nickname);
    const contestPage = `/contest/${contestId}`;
    const seasonInfo = `${contestPage}/season/1`;
    await page.goto(contestPage);
    await page.getByTestId('contest-title').waitFor();

    // Season 1 is personal with sign-up closed: no team manager, no sign-up review, no game plan yet.
    for (const hidden of ['team_manager', 'join', 'reservation-manage']) {
      await page.goto(`${seasonInfo}/${hidden}`);
      await page.waitForURL((url) => url.pathname === seasonInfo);
      await page.getByTestId('season-tab-info').waitFor();
      const tabs = await page
        .locator('[data-testid^="season-tab-"]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
      expect(tabs).not.toContain(`season-tab-${hidden}`);
      expect(await page.getByTestId('season-page').locator('.ant-tabs-tab-active').innerText()).toBe(
        await textOf(page.getByTestId('season-tab-info')),
      );
    }
    expect(
      await page
        .locator('[data-testid^="season-tab-"]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid'))),
    ).toEqual([
      'season-tab-info',
      'season-tab-advanced',
      'season-tab-chat-setting',
      'season-tab-user',
      'season-tab-match-reservation',
      'season-tab-match-manage',
      'season-tab-record',
      'season-tab-player_statistics',
    ]);
    await page.getByTestId('season-info-refresh').waitFor();
    await session.screenshot('01-hidden-subpage-to-info-chs');

    // The hidden address was replaced: back leads to the page before it, not to the hidden page again.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === seasonInfo || url.pathname === contestPage);
    expect(new URL(page.url()).pathname).not.toMatch(/team_manager|join|reservation-manage/);

    // A sub-page the menu shows opens by address (chat settings: this deployment offers chat).
    await page.goto(`${seasonInfo}/chat-setting`);
    await page.getByTestId('season-tab-chat-setting').waitFor();
    expect(new URL(page.url()).pathname).toBe(`${seasonInfo}/chat-setting`);

    // The same in Japanese.
    await chooseLanguage(page, 'jp');
    await page.goto(`${seasonInfo}/team_manager`);
    await page.waitForURL((url) => url.pathname === seasonInfo);
    await expectText(page.getByTestId('season-page').locator('.ant-tabs-tab-active'), 'シーズン情報');
    expect(await page.getByTestId('season-tab-team_manager').count()).toBe(0);
    await page.getByTestId('season-info-refresh').waitFor();
    await session.screenshot('01b-hidden-subpage-to-info-jp');
  });

  it('the footer links the operator’s contact (TAIKAI_CONTACT), not a placeholder', async () => {
    const { page } = session;
    const site = await api<{ contact: string }>('/api/contest/fetch_site_config');
    const contact = site.data?.contact ?? '';
    expect(contact).toBe(process.env.TAIKAI_CONTACT || 'organisers@e2e.taikai.test');
    const href = contact.includes(':') ? contact : `mailto:${contact}`;
    expect(await page.getByTestId('footer-contact').getAttribute('href')).toBe(href);
    expect(await page.locator('a[href*="support@taikai.local"]').count()).toBe(0);
  });

  it('the Japanese and Korean panels show the Chinese announcement, marked as Chinese, while none exists in their language', async () => {
    const { page } = session;
    await page.goto('/');
    for (const [lang, note] of [
      ['jp', 'この言語のお知らせはまだないため、简体中文で表示しています'],
      ['kr', '이 언어의 공지가 아직 없어 简体中文(으)로 표시합니다'],
    ] as const) {
      await chooseLanguage(page, lang);
      const panel = page.getByTestId('announcement-panel');
      await eventually(
        () => textOf(panel),
        (t) => t.includes(`赛季公告 ${tag}`) && t.includes('秋季赛下周一开放报名。'),
        `Chinese announcement in the ${lang} panel`,
      );
      await expectText(page.getByTestId('announcement-shown-in'), note);
      expect(await page.getByTestId('announcement-shown-in').getAttribute('data-language')).toBe('chs');
      await session.screenshot(`02-announcement-fallback-${lang}`);
    }
    // The Chinese panel reads its own announcements, with no note.
    await chooseLanguage(page, 'chs');
    await eventually(
      () => textOf(page.getByTestId('announcement-panel')),
      (t) => t.includes(`赛季公告 ${tag}`),
      'Chinese announcement in the chs panel',
    );
    expect(await page.getByTestId('announcement-shown-in').count()).toBe(0);
  });
});
