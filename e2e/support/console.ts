import type { ConsoleLang } from '@taikai/protocol';
import type { Locator, Page } from 'playwright-core';
import chs from '../../packages/web/src/i18n/locales/chs';
import { HANG_GUARD_MS } from './hang-guard';

/** Top-level namespaces of the console's messages: a visible `home.title` means a key was not translated. */
const MESSAGE_NAMESPACES = Object.keys(chs);
const RAW_KEY = new RegExp(`\\b(?:${MESSAGE_NAMESPACES.join('|')})\\.[A-Za-z_][\\w.]*`, 'g');

/** Message keys visible on the page as such (untranslated), and placeholders left unfilled. */
export function rawKeysIn(text: string): string[] {
  return [...(text.match(RAW_KEY) ?? []), ...(text.match(/\{\{\s*\w+\s*\}\}/g) ?? [])];
}

/** Waits until `read` returns what `check` accepts, failing with the last value once the wait has hung. */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  what: string,
): Promise<T> {
  const deadline = Date.now() + HANG_GUARD_MS;
  let last: T | undefined;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      last = await read();
      if (check(last)) return last;
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    `${what}: not reached within ${HANG_GUARD_MS} ms; last value ${JSON.stringify(last)}${lastError ? `, last error ${lastError}` : ''}`,
  );
}

/** The trimmed visible text of an element, once it is visible. */
export async function textOf(locator: Locator): Promise<string> {
  await locator.waitFor({ state: 'visible' });
  return ((await locator.innerText()) ?? '').trim();
}

/** Waits for the element's text to equal `expected`. */
export async function expectText(locator: Locator, expected: string): Promise<void> {
  await eventually(
    () => textOf(locator),
    (t) => t === expected,
    `text of ${locator}`,
  );
}

/** Waits for a toast (antd message) of the given kind whose text contains `text`; returns its text. */
export async function expectToast(
  page: Page,
  kind: 'success' | 'error' | 'info',
  text: string,
): Promise<string> {
  const toast = page.locator(`.ant-message-notice .ant-message-${kind}`).filter({ hasText: text }).first();
  await toast.waitFor({ state: 'visible' });
  return textOf(toast);
}

/** Texts of the error toasts currently shown. */
export async function errorToasts(page: Page): Promise<string[]> {
  return (await page.locator('.ant-message-notice .ant-message-error').allInnerTexts()).map((t) => t.trim());
}

/** antd's enter/appear/leave motion classes: while one is present the popup is still moving or scaling. */
const MOTION_PHASE = /-(?:enter|appear|leave)(?:-|\s|$)/;

/**
 * Waits until a popup (modal, popover, dropdown) is visible and has finished its opening animation, so a
 * click lands where the organiser would click, not on a still-scaling box.
 */
export async function settled(popup: Locator): Promise<Locator> {
  await popup.waitFor({ state: 'visible' });
  await eventually(
    () => popup.getAttribute('class'),
    (c) => c !== null && !MOTION_PHASE.test(c),
    `${popup} opened`,
  );
  return popup;
}

/** Opens an antd Select, clicks the option `option` finds in its dropdown, and waits for the dropdown to close. */
async function pickFromSelect(
  page: Page,
  select: Locator,
  option: (dropdown: Locator) => Locator,
): Promise<void> {
  await select.click();
  const dropdown = await settled(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
  await option(dropdown).click();
  await dropdown.waitFor({ state: 'hidden' });
}

/** Picks an entry of an antd Select by the test id of its option label. */
export function chooseOption(page: Page, select: Locator, optionTestId: string): Promise<void> {
  return pickFromSelect(page, select, (dropdown) => dropdown.getByTestId(optionTestId));
}

/** Picks an entry of an antd Select by the visible text of its option. */
export function chooseOptionByText(page: Page, select: Locator, text: string): Promise<void> {
  return pickFromSelect(page, select, (dropdown) =>
    dropdown.locator('.ant-select-item-option').filter({ hasText: text }),
  );
}

/** Switches the console language with the header's (or login page's) menu and waits until it is stored. */
export async function chooseLanguage(page: Page, lang: ConsoleLang): Promise<void> {
  const option = page.getByTestId(`language-option-${lang}`);
  await page.getByTestId('language-switch').click();
  await settled(page.locator('.ant-popover').filter({ has: option }));
  await option.click();
  await option.waitFor({ state: 'hidden' });
  await eventually(
    () => page.evaluate(() => localStorage.getItem('lang')),
    (v) => v === lang,
    `stored language ${lang}`,
  );
}

/**
 * The dialog holding the element `testId` once it has finished opening: a click inside a dialog still
 * zooming in can miss what it aims at (the button moves between mouse down and up), so every step inside
 * a dialog starts here.
 */
export function dialogWith(page: Page, testId: string): Promise<Locator> {
  return settled(page.locator('.ant-modal').filter({ has: page.getByTestId(testId) }));
}

/** The confirmation dialog (antd modal.confirm) once it has opened. */
export function confirmDialog(page: Page): Promise<Locator> {
  return settled(page.locator('.ant-modal-confirm'));
}

/** The console's stored token in this browser (kept across restarts, or for this browser session), or null. */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
}

/** Visible text of the page's main content and header. */
export function visibleText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}

/** No message key or placeholder left untranslated on the page. */
export async function expectNoRawKeys(page: Page): Promise<void> {
  const raw = rawKeysIn(await visibleText(page));
  if (raw.length > 0) throw new Error(`untranslated on ${page.url()}: ${raw.join(', ')}`);
}

/**
 * Waits until no dialog is open or closing and no toast is shown (unless `toasts: false`: a toast may stay,
 * saving its three seconds), so a screenshot shows the page at rest.
 */
export async function atRest(page: Page, { dialogs = true, toasts = true } = {}): Promise<void> {
  const busy = [
    ...(toasts ? ['.ant-message-notice'] : []),
    ...(dialogs ? ['.ant-modal-wrap:not([style*="display: none"])'] : []),
  ].join(', ');
  if (busy)
    await eventually(
      () => page.evaluate((selector) => document.querySelectorAll(selector).length, busy),
      (n) => n === 0,
      'page at rest',
    );
  await motionDone(page);
}

/**
 * Waits until no finite CSS animation or transition is running (a button turning enabled, a table's loading
 * blur fading, a checkbox filling), so a screenshot shows the final look. Endless ones (spinners) are ignored.
 */
export async function motionDone(page: Page): Promise<void> {
  await eventually(
    () =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
            .length,
      ),
    (n) => n === 0,
    'animations finished',
  );
}

/** Waits until the player's page (`/play/{id}`) shows the sign-up state `state` (`data-state` of its box). */
export async function expectSignupState(page: Page, state: string): Promise<void> {
  await eventually(
    () => page.getByTestId('play-state').getAttribute('data-state'),
    (s) => s === state,
    `sign-up state ${state}`,
  );
}

/** A player's phone: an iPhone-sized viewport for the players' pages. */
export const PHONE = { width: 390, height: 844 };
