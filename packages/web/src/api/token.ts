import { HANDOFF_PARAM } from '@taikai/protocol/handoff';

export const TOKEN_STORAGE_KEY = 'token';
/** '0' when the user chose not to stay logged in: the session is then kept only until the browser closes. */
export const AUTO_LOGIN_KEY = 'auto_login';

/** Whether a new session is kept across browser restarts (the login page's "auto login"; on unless unticked). */
export function autoLogin(): boolean {
  return localStorage.getItem(AUTO_LOGIN_KEY) !== '0';
}

export function setAutoLogin(on: boolean): void {
  localStorage.setItem(AUTO_LOGIN_KEY, on ? '1' : '0');
}

/** The browser's per-session storage, where there is one. */
const sessionStore = (): Storage | undefined => globalThis.sessionStorage;

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_STORAGE_KEY) ?? sessionStore()?.getItem(TOKEN_STORAGE_KEY) ?? null;
}

/** Keeps a session's token: across restarts with auto login, else for this browser session only. */
export function storeToken(token: string): void {
  clearToken();
  const session = sessionStore();
  (autoLogin() || !session ? localStorage : session).setItem(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  sessionStore()?.removeItem(TOKEN_STORAGE_KEY);
}

/** A session the address offers: a one-time mobile hand-off code, or a session token as older links carried. */
export type AddressHandoff = { code: string } | { token: string };

/**
 * What the address hands over (`?handoff=` or `?token=`), taken out of it so it neither stays in the history nor
 * gets bookmarked. Nothing is stored here: the caller asks the visitor whether to continue as that account first
 * (a link must not sign the visitor in as someone else without asking).
 */
export function takeHandoffFromAddress(): AddressHandoff | null {
  const url = new URL(window.location.href);
  const code = url.searchParams.get(HANDOFF_PARAM);
  const token = url.searchParams.get('token');
  if (code === null && token === null) return null;
  url.searchParams.delete(HANDOFF_PARAM);
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (code) return { code };
  return token ? { token } : null;
}
