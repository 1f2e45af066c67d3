import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { storeToken } from './token';

const LAST_EMAIL_KEY = 'last_email';

/** The e-mail last signed in with in this browser ('' if none): the login form starts with it. */
export function lastEmail(): string {
  return localStorage.getItem(LAST_EMAIL_KEY) ?? '';
}

/**
 * Keeps a session just opened (login or registration): stores its token, remembers the e-mail for the
 * next login, and drops everything cached for the account signed in before.
 */
export function useStartSession(): (token: string, email: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (token, email) => {
      storeToken(token);
      localStorage.setItem(LAST_EMAIL_KEY, email);
      queryClient.clear();
    },
    [queryClient],
  );
}
