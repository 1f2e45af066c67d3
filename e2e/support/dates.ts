import type { Locator } from 'playwright-core';
import { eventually } from './console';

/** The browser runs in this zone, so the test can write the times the console shows. */
export const BROWSER_TIME_ZONE = 'UTC';

const pad = (n: number) => String(n).padStart(2, '0');

/** Unix seconds as the console shows them: `YYYY-MM-DD HH:mm` in the browser's zone (UTC). */
export function formatMinute(unix: number): string {
  const d = new Date(unix * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Types a start and an end into the range picker inside `scope`, confirming each with Enter. */
export async function setDateRange(scope: Locator, start: number, end: number): Promise<void> {
  const inputs = scope.locator('.ant-picker-range input');
  for (const [i, value] of [formatMinute(start), formatMinute(end)].entries()) {
    const input = inputs.nth(i);
    await input.click();
    await input.press('ControlOrMeta+a');
    await input.pressSequentially(value);
    await input.press('Enter');
    await eventually(
      () => input.inputValue(),
      (v) => v === value,
      `date input ${i}`,
    );
  }
}
