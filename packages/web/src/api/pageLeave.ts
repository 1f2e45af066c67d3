/**
 * Whether this page is being left (reload, another address, closing the tab). Calls still in flight
 * when the page is left are cancelled by the browser and fail like a lost connection; such failures
 * say nothing about the session and must not end it.
 */
let leaving = false;
let settle: ReturnType<typeof setTimeout> | undefined;

/** A navigation that started but did not replace the page (a download, an answer without content) ends
 * the leaving state after this long. */
export const LEAVE_SETTLE_MS = 30_000;

export function isLeavingPage(): boolean {
  return leaving;
}

function markLeaving(): void {
  leaving = true;
  clearTimeout(settle);
  settle = setTimeout(() => {
    leaving = false;
  }, LEAVE_SETTLE_MS);
}

function markStaying(): void {
  leaving = false;
  clearTimeout(settle);
}

/** Follows the page's lifecycle events on `target` (the window). Returns a function that stops it. */
export function watchPageLeave(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void {
  target.addEventListener('beforeunload', markLeaving);
  target.addEventListener('pagehide', markLeaving);
  target.addEventListener('pageshow', markStaying);
  return () => {
    target.removeEventListener('beforeunload', markLeaving);
    target.removeEventListener('pagehide', markLeaving);
    target.removeEventListener('pageshow', markStaying);
  };
}
