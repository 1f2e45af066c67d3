import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { artifactsDir } from './paths';

export const CHROMIUM_PATH = process.env.TAIKAI_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
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
  /** Saves a full-page screenshot as e2e/screenshots/<prefix>-<name>.png and returns its path. */
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Headless Debian Chromium with a fresh profile (empty local storage), a desktop viewport wider than the
 * console's 1248 px minimum, and the server's base URL as the base for page.goto.
 */
export async function openBrowser(prefix: string): Promise<BrowserSession> {
  const profile = mkdtempSync(join(tmpdir(), 'taikai-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL: inject('baseUrl'),
    viewport: { width: 1366, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(String(err)));
  mkdirSync(artifactsDir, { recursive: true });
  return {
    context,
    page,
    pageErrors,
    async screenshot(name) {
      const path = join(artifactsDir, `${prefix}-${name}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
