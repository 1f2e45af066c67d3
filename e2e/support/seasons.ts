import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { confirmDialog, dialogWith, eventually, expectText, expectToast, textOf } from './console';

/**
 * On the info page of a finished season: waits until "end season" can be clicked, opens its confirmation and
 * checks that it asks `question`, runs `beforeConfirm` (a screenshot of the dialog, say), confirms, and waits for
 * the toast `done`, the state `ended` and the read-only notice. Returns the end button.
 */
export async function endSeasonOnInfoPage(
  page: Page,
  words: { question: string; done: string; ended: string },
  beforeConfirm?: () => Promise<void>,
): Promise<Locator> {
  const end = page.getByTestId('season-info-end');
  await eventually(
    () => end.isEnabled(),
    (enabled) => enabled,
    'end season enabled',
  );
  await end.click();
  const dialog = await confirmDialog(page);
  expect(await textOf(dialog)).toContain(words.question);
  await beforeConfirm?.();
  await page.getByTestId('season-info-end-confirm').click();
  await expectToast(page, 'success', words.done);
  await dialog.waitFor({ state: 'hidden' });
  await expectText(page.getByTestId('season-info-state'), words.ended);
  await page.getByTestId('season-info-readonly').waitFor();
  return end;
}

/**
 * On a season's chat setting with no limit: switches to the whitelist, confirming the dialog (which must say
 * `question`), and waits for the empty whitelist.
 */
export async function chooseChatWhitelist(page: Page, question: string): Promise<void> {
  await page.getByTestId('chat-mode-1').click();
  const modeDialog = await confirmDialog(page);
  expect(await textOf(modeDialog)).toContain(question);
  await modeDialog.getByTestId('chat-mode-confirm').click();
  await page.getByTestId('chat-empty').waitFor();
}

/** Opens the whitelist's add dialog, types `ids` (public ids, one a line) and waits for the looked-up plan. */
export async function lookUpChatPlayers(page: Page, ids: string): Promise<Locator> {
  await page.getByTestId('chat-add').click();
  const addDialog = await dialogWith(page, 'chat-add-ids');
  await addDialog.getByTestId('chat-add-ids').fill(ids);
  await addDialog.getByTestId('chat-add-lookup').click();
  await page.getByTestId('chat-add-plan').waitFor();
  return addDialog;
}
