import { beforeAll, describe, expect, it } from 'vitest';
import { api, newIdentity, registerByApi } from './support/api';
import { type BrowserSession, closeAndScreenshotFailures, openBrowser } from './support/browser';
import { chooseLanguage, dialogWith, expectText } from './support/console';
import { grantCurrency } from './support/people';

// The console runs under the server's content security policy (own scripts only, inline styles, no framing)
// without a single violation, from the login page through a tournament's pages.

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

describe('the console under the security headers', () => {
  const organiser = newIdentity('csp');
  let session: BrowserSession;
  const consoleViolations: string[] = [];

  beforeAll(async () => {
    await registerByApi(organiser);
    await grantCurrency(organiser.email);
    session = await openBrowser('csp');
    // Every violation the page reports, before any of its own scripts run.
    await session.context.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        window.cspViolations?.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
      });
    });
    session.page.on('console', (message) => {
      if (/content security policy|refused to/i.test(message.text())) consoleViolations.push(message.text());
    });
  });

  closeAndScreenshotFailures(() => session);

  const violations = async () => [
    ...consoleViolations,
    ...((await session.page.evaluate(() => window.cspViolations)) ?? []),
  ];

  it('serves the console and its calls with the policy, frame denial, nosniff and no referrer', async () => {
    const { page } = session;
    const document = await page.goto('/login');
    const headers = document?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');

    const call = await fetch(new URL('/api/contest/server_time', page.url()));
    expect(call.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(call.headers.get('x-frame-options')).toBe('DENY');
  });

  it('logs in, opens the create dialog, switches language and opens a tournament without a violation', async () => {
    const { page } = session;
    await page.getByTestId('login-email').fill(organiser.email);
    await page.getByTestId('login-password').fill(organiser.password);
    await page.getByTestId('login-submit').click();
    // No tournament of their own yet: the player portal first (under the same policy), then the console.
    await page.waitForURL((url) => url.pathname === '/play');
    await page.getByTestId('play-to-console').click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectText(page.getByTestId('header-nickname'), organiser.nickname);

    await page.getByTestId('create-contest-card').click();
    const dialog = await dialogWith(page, 'create-submit');
    await dialog.getByTestId('create-name').fill('Policy Cup');
    await session.screenshot('create-dialog');
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });
    await chooseLanguage(page, 'en');

    const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    const now = Math.floor(Date.now() / 1000);
    const created = await api<{ contest_id: number }>('/api/contest/create_contest', {
      token,
      body: {
        name: [{ lang: 'default', content: 'Policy Cup' }],
        game_rule_setting: { mode: 2 },
        start_time: now + 86_400,
        end_time: now + 8 * 86_400,
      },
    });
    expect(created.status).toBe(200);
    await page.goto(`/contest/${created.data!.contest_id}`);
    await page.getByTestId('contest-info').waitFor();
    await page.getByTestId('info-season-list').waitFor();
    await session.screenshot('contest');

    expect(await violations()).toEqual([]);
    expect(session.pageErrors).toEqual([]);
  });

  it('a page that frames the console is refused by the browser', async () => {
    const { page } = session;
    const framed = page.waitForEvent('console', {
      predicate: (m) => /frame-ancestors|X-Frame-Options|refused to (display|frame)/i.test(m.text()),
      timeout: 15_000,
    });
    await page.goto('/login');
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.src = '/login';
      document.body.appendChild(frame);
    });
    expect((await framed).text()).toMatch(/frame-ancestors|X-Frame-Options|refused/i);
  });
});
