import type { MessageInstance } from 'antd/es/message/interface';

/** Identical toasts within this window are shown once. */
export const TOAST_DEDUPE_MS = 5000;

let messageApi: MessageInstance | null = null;
const lastShown = new Map<string, number>();

/** Called once by the shell with the themed message API of antd's <App>. */
export function bindMessageApi(api: MessageInstance | null): void {
  messageApi = api;
}

/** True when `text` was not shown within the dedupe window (and records it as shown now). */
export function shouldShow(text: string, now = Date.now()): boolean {
  const last = lastShown.get(text);
  if (last !== undefined && now - last < TOAST_DEDUPE_MS) return false;
  lastShown.set(text, now);
  return true;
}

export function toastError(text: string): void {
  if (!shouldShow(`error:${text}`)) return;
  void messageApi?.error(text);
}
