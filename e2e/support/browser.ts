import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, inject } from 'vitest';
import { BROWSER_TIME_ZONE } from './dates';
import { artifactsDir } from './paths';

const CHROMIUM_PATH = process.env.TAIKAI_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors thrown in the page so far. */
  pageErrors: string[];
  /** Answers with HTTP status 400 or more the page received, as `status method url`. */
  failedResponses: string[];
  /** Saves a full-page screenshot as <artifacts>/<prefix>-<name>.png (support/paths.ts) and returns its path. */
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Headless Debian Chromium with a fresh profile (empty local storage), a desktop viewport wider than the
 * console's 1248 px minimum, and the server's base URL as the base for page.goto. The browser prefers
 * `options.locale` (default zh-CN, so that a first visit opens in the fallback language, Simplified Chinese: the
 * console starts in the browser's preferred language).
 */
export async function openBrowser(
  prefix: string,
  options: { locale?: string } = {},
): Promise<BrowserSession> {
  const profile = mkdtempSync(join(tmpdir(), 'taikai-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL: inject('baseUrl'),
    viewport: { width: 1366, height: 900 },
    timezoneId: BROWSER_TIME_ZONE,
    locale: options.locale ?? 'zh-CN',
  });
  // A step waits for what the page shows; these bounds only stop a step that hangs, far above any wait on a
  // loaded machine.
  context.setDefaultTimeout(120_000);
  context.setDefaultNavigationTimeout(180_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(String(err)));
  const failedResponses: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 400) failedResponses.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  mkdirSync(artifactsDir, { recursive: true });
  return {
    context,
    page,
    pageErrors,
    failedResponses,
    async screenshot(name) {
      const path = join(artifactsDir, `${prefix}-${name}.png`);
      // From the top, so the sticky header sits where the organiser sees it.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** After each failed test of the calling file, saves a screenshot of the session's page. */
export function screenshotFailures(current: () => BrowserSession | undefined): void {
  afterEach(async ({ task }) => {
    const session = current();
    if (task.result?.state !== 'fail' || !session) return;
    const slug = task.name.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 60);
    const path = await session.screenshot(`failed-${slug}`).catch(() => '(no screenshot)');
    console.log(
      [
        `[e2e] failed: ${task.name}`,
        `  screenshot: ${path}`,
        `  page url: ${session.page.url()}`,
        `  page errors: ${session.pageErrors.join(' | ') || 'none'}`,
        `  failed answers: ${session.failedResponses.slice(-10).join(' | ') || 'none'}`,
      ].join('\n'),
    );
  });
}

/** The calling file's browser: closed after all its tests, its page saved as a screenshot for each failed test. */
export function closeAndScreenshotFailures(current: () => BrowserSession | undefined): void {
  afterAll(async () => {
    await current()?.close();
  });
  screenshotFailures(current);
}
