import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { storeToken } from './token';

// What the login page keeps in this browser (spec §9's local storage keys): the login name and the last e-mail
// (offered next time, while "remember me" is on), "remember me" itself, and "auto login" (api/token.ts).

const LAST_EMAIL_KEY = 'last_email';
const LOGIN_NAME_KEY = 'login_name';
const REMEMBER_ME_KEY = 'remember_me';

/** Whether the login name is remembered and offered next time (on unless unticked). */
export function rememberMe(): boolean {
  return localStorage.getItem(REMEMBER_ME_KEY) !== '0';
}

export function setRememberMe(on: boolean): void {
  localStorage.setItem(REMEMBER_ME_KEY, on ? '1' : '0');
  if (!on) {
    localStorage.removeItem(LOGIN_NAME_KEY);
    localStorage.removeItem(LAST_EMAIL_KEY);
  }
}

/** The e-mail last signed in with by code in this browser ('' if none or not remembered). */
export function lastEmail(): string {
  return rememberMe() ? (localStorage.getItem(LAST_EMAIL_KEY) ?? '') : '';
}

/** The login name last signed in with ('' if none or not remembered): the login form starts with it. */
export function rememberedLoginName(): string {
  return rememberMe()
    ? (localStorage.getItem(LOGIN_NAME_KEY) ?? localStorage.getItem(LAST_EMAIL_KEY) ?? '')
    : '';
}

/**
 * Keeps a session just opened (login or registration): stores its token (kept across restarts with auto login),
 * remembers the login name — and, for a login by e-mailed code, the e-mail — while "remember me" is on, and drops
 * everything cached for the account signed in before.
 */
export function useStartSession(): (token: string, name: string, by?: 'password' | 'code') => void {
  const queryClient = useQueryClient();
  return useCallback(
    (token, name, by = 'password') => {
      storeToken(token);
      if (rememberMe()) {
        localStorage.setItem(LOGIN_NAME_KEY, name);
        if (by === 'code') localStorage.setItem(LAST_EMAIL_KEY, name);
      }
      queryClient.clear();
    },
    [queryClient],
  );
}
