import type { Locator, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newIdentity, registerByApi } from './support/api';
import { type BrowserSession, closeAndScreenshotFailures, openBrowser } from './support/browser';
import {
  chooseLanguage,
  confirmDialog,
  dialogWith,
  eventually,
  expectText,
  expectToast,
  settled,
  textOf,
} from './support/console';
import { formatMinute } from './support/dates';
import { grantCurrency, loginBrowser } from './support/people';

const DAY = 24 * 3600;

/** Whole minutes `days` ahead at `hh:mm` UTC (the browser's zone), as the picker shows them. */
function daysAhead(days: number, hh: number, mm: number): number {
  const d = new Date((Date.now() / 1000 + days * DAY) * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hh, mm) / 1000;
}

/** Leaves the range picker by clicking the dialog's title, and waits for its calendar to close. */
async function closePicker(dialog: Locator): Promise<void> {
  await dialog.locator('.ant-modal-title').click();
  await dialog
    .page()
    .locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')
    .waitFor({ state: 'hidden' });
}

/** Types a moment into one end of the range picker by keyboard, and leaves it by `leave`. */
async function typeDate(
  dialog: Locator,
  index: 0 | 1,
  unix: number,
  leave: 'enter' | 'click-away',
): Promise<void> {
  const input = dialog.locator('.ant-picker-range input').nth(index);
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(formatMinute(unix));
  if (leave === 'enter') await input.press('Enter');
  else await closePicker(dialog);
  await eventually(
    () => input.inputValue(),
    (v) => v === formatMinute(unix),
    `date input ${index} keeps ${formatMinute(unix)}`,
  );
}

/** What the range picker shows, start and end. */
async function shownRange(dialog: Locator): Promise<[string, string]> {
  const inputs = dialog.locator('.ant-picker-range input');
  return [await inputs.nth(0).inputValue(), await inputs.nth(1).inputValue()];
}

/** Picks day `unix` for the end from the picker's panel (going back months as needed) and presses OK. */
async function pickEndDay(page: Page, dialog: Locator, unix: number): Promise<void> {
  await dialog.locator('.ant-picker-range input').nth(1).click();
  const popup = await settled(page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)'));
  const day = new Date(unix * 1000).toISOString().slice(0, 10);
  const cell = popup.locator(`td.ant-picker-cell-in-view[title="${day}"]`).first();
  for (let back = 0; back < 3 && !(await cell.isVisible()); back++) {
    await popup.locator('.ant-picker-header-prev-btn').first().click();
  }
  await cell.click();
  const ok = popup.locator('.ant-picker-ok button');
  if (await ok.isVisible()) await ok.click();
  await closePicker(dialog);
}

/** The message under the range picker. */
const fieldError = (dialog: Locator) =>
  dialog.locator('.ant-form-item:has(.ant-picker-range) .ant-form-item-explain-error');

// The create dialog as a new organiser met it: typed dates are what is sent, a wrong range is shown as entered
// and explained, a focused field does not look refused, and Japanese buttons are not spaced out.
describe('the create-tournament dialog: what is shown is what is sent', () => {
  const organiser = newIdentity('dialog');
  let token = '';
  let session: BrowserSession;
  const createCalls: Request[] = [];

  beforeAll(async () => {
    token = await registerByApi(organiser);
    await grantCurrency(organiser.email, 120);
    session = await openBrowser('create-dialog');
    session.page.on('request', (req) => {
      if (req.url().endsWith('/api/contest/create_contest')) createCalls.push(req);
    });
  });

  closeAndScreenshotFailures(() => session);

  const openDialog = async (): Promise<Locator> => {
    const { page } = session;
    await page.getByTestId('create-contest-card').click();
    return dialogWith(page, 'create-submit');
  };

  it('in Japanese: a typed start after the end stays as typed, an end picked before the start is not swapped, both explained, and nothing is sent', async () => {
    const { page } = session;
    await loginBrowser(page, token, organiser.nickname);
    await chooseLanguage(page, 'jp');
    const dialog = await openDialog();
    // antd's two-character spacing is a Chinese convention: Japanese buttons read "作成", not "作 成".
    await expectText(page.getByTestId('create-submit'), '作成');

    await dialog.getByTestId('create-name').fill('Typed Cup');
    await page.getByTestId('create-pledge').check();
    const [, defaultEnd] = await shownRange(dialog);
    // The default end is eight days ahead: a start ten days ahead is after it.
    const lateStart = daysAhead(10, 9, 30);
    await typeDate(dialog, 0, lateStart, 'click-away');
    expect(await shownRange(dialog)).toEqual([formatMinute(lateStart), defaultEnd]);
    await expectText(
      fieldError(dialog),
      `終了日時（${defaultEnd}）が開始日時（${formatMinute(lateStart)}）より後ではありません。開始日時より後の終了日時を選んでください`,
    );

    // An end picked from the calendar before the start: kept as picked, not swapped with the start.
    const earlyEndDay = daysAhead(6, 0, 0);
    await pickEndDay(page, dialog, earlyEndDay);
    const [start, end] = await shownRange(dialog);
    expect(start).toBe(formatMinute(lateStart));
    expect(end.slice(0, 10)).toBe(formatMinute(earlyEndDay).slice(0, 10));
    await expectText(
      fieldError(dialog),
      `終了日時（${end}）が開始日時（${start}）より後ではありません。開始日時より後の終了日時を選んでください`,
    );

    // Refused: no confirmation, no call.
    await page.getByTestId('create-submit').click();
    await page.waitForTimeout(500);
    expect(await page.locator('.ant-modal-confirm').count()).toBe(0);
    expect(createCalls).toHaveLength(0);
    expect(await shownRange(dialog)).toEqual([start, end]);
    await session.screenshot('01-wrong-range-jp');
  });

  it('a focused field wears a blue ring, an invalid one red: the two look different', async () => {
    const { page } = session;
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('create-submit') });
    const name = dialog.getByTestId('create-name');
    await name.focus();
    const read = () =>
      page.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        const invalid = document.querySelector(
          '.ant-modal .ant-picker-range.ant-picker-status-error',
        ) as HTMLElement;
        return {
          focused: getComputedStyle(focused).borderColor,
          focusRing: getComputedStyle(focused).boxShadow,
          invalid: getComputedStyle(invalid).borderColor,
        };
      });
    // Once antd's border transition has run: blue for the field being typed in, red for the refused one.
    const colors = await eventually(read, (c) => c.focused === 'rgb(22, 119, 255)', 'focused border');
    expect(colors.focusRing).toContain('rgba(5, 145, 255, 0.1)');
    expect(colors.invalid).toBe('rgb(255, 77, 79)');
    await session.screenshot('02-focused-and-invalid-jp');
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('in Chinese: dates typed by keyboard, left by a click away or by Enter, are what the request carries', async () => {
    const { page } = session;
    await chooseLanguage(page, 'chs');
    const dialog = await openDialog();
    // Chinese keeps antd's spacing of two-character buttons.
    await expectText(page.getByTestId('create-submit'), '创 建');
    await dialog.getByTestId('create-name').fill('Typed Cup');
    await page.getByTestId('create-pledge').check();

    // First a wrong range, explained in Chinese.
    const lateStart = daysAhead(10, 9, 30);
    const [, defaultEnd] = await shownRange(dialog);
    await typeDate(dialog, 0, lateStart, 'enter');
    await expectText(
      fieldError(dialog),
      `结束时间（${defaultEnd}）不晚于开始时间（${formatMinute(lateStart)}），请选择晚于开始时间的结束时间`,
    );
    await closePicker(dialog);
    await session.screenshot('03-wrong-range-chs');

    // Then a right one, typed: the start left by a click away, the end by Enter.
    const startAt = daysAhead(3, 9, 30);
    const endAt = daysAhead(12, 18, 45);
    await typeDate(dialog, 0, startAt, 'click-away');
    await typeDate(dialog, 1, endAt, 'enter');
    await fieldError(dialog).waitFor({ state: 'detached' });
    expect(await shownRange(dialog)).toEqual([formatMinute(startAt), formatMinute(endAt)]);
    await closePicker(dialog);
    await session.screenshot('04-typed-range-chs');

    const sent = page.waitForRequest((req) => req.url().endsWith('/api/contest/create_contest'));
    await page.getByTestId('create-submit').click();
    await confirmDialog(page);
    await page.getByTestId('create-confirm').click();
    const body = JSON.parse((await sent).postData() ?? '{}');
    expect(body).toMatchObject({ start_time: startAt, end_time: endAt });
    await expectToast(page, 'success', '赛事已创建');
    const card = page.getByTestId('contest-card');
    await card.waitFor();
    expect(await textOf(card)).toContain('Typed Cup');
    expect(createCalls).toHaveLength(1);
  });

  it('offers only the modes the game server plays: standard, triple dora, bloodshed (East) and Sichuan (4 or 8 games), not wanxiang', async () => {
    const { page } = session;
    const dialog = await openDialog();
    await dialog.getByTestId('create-mode').click();
    const dropdown = await settled(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
    const offered = await dropdown
      .locator('[data-testid^="create-mode-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(offered.sort()).toEqual([
      'create-mode-chuanma',
      'create-mode-dora3',
      'create-mode-liqi',
      'create-mode-xuezhandaodi',
    ]);
    // Bloodshed (xuezhandaodi) is four-player East only.
    await dropdown.getByTestId('create-mode-xuezhandaodi').click();
    await dropdown.waitFor({ state: 'hidden' });
    expect(
      await dialog
        .locator('[data-testid^="create-round-type-"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid'))),
    ).toEqual(['create-round-type-1']);
    await dialog.getByTestId('create-mode').click();
    await dropdown.waitFor();
    // Sichuan counts games, not winds: 4 games (chosen) or 8.
    await dropdown.getByTestId('create-mode-chuanma').click();
    await dropdown.waitFor({ state: 'hidden' });
    const roundTypes = await dialog
      .locator('[data-testid^="create-round-type-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(roundTypes).toEqual(['create-round-type-1', 'create-round-type-2']);
    expect(await dialog.getByTestId('create-round-type-1').innerText()).toBe('4 局');
    expect(await dialog.getByTestId('create-round-type-2').innerText()).toBe('8 局');
    await session.screenshot('05-chuanma-mode-chs');
  });
});
