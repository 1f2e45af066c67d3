import {
  FetchLoginMethodsRes,
  FetchOidcProvidersRes,
  passwordDigest,
  SetFirstPasswordRes,
  StartOidcLinkRes,
  StartOidcLoginRes,
  UnlinkOidcIdentityRes,
} from '@taikai/protocol';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type CallOptions, request } from '../../api/client';

// Social login's calls (server README, "Social login"), kept with the login page and the account page that use
// them (out of the console's first load).

export type OidcProvider = z.infer<typeof FetchOidcProvidersRes>[number];
export type LoginMethods = z.infer<typeof FetchLoginMethodsRes>;

const contest = (name: string) => `/api/contest/${name}`;

export const fetchOidcProviders = (options?: CallOptions) =>
  request('GET', contest('fetch_oidc_providers'), FetchOidcProvidersRes, {}, options);

/** The providers the operator configured (none: the login page shows no buttons). */
export function useOidcProviders() {
  return useQuery({
    queryKey: ['oidc-providers'],
    queryFn: () => fetchOidcProviders({ silent: true }),
    staleTime: 10 * 60_000,
  });
}

export const startOidcLogin = (provider: string) =>
  request('POST', contest('start_oidc_login'), StartOidcLoginRes, { provider });

export const startOidcLink = (provider: string) =>
  request('POST', contest('start_oidc_link'), StartOidcLinkRes, { provider });

export const loginMethodsKey = ['login-methods'] as const;

export function useLoginMethods() {
  return useQuery({
    queryKey: loginMethodsKey,
    queryFn: () => request('GET', contest('fetch_login_methods'), FetchLoginMethodsRes),
  });
}

export const unlinkOidcIdentity = (provider: string) =>
  request('POST', contest('unlink_oidc_identity'), UnlinkOidcIdentityRes, { provider });

/** Sets the account's first password; only its client-side digest leaves the browser, as at login. */
export const setFirstPassword = (password: string) =>
  request('POST', contest('set_first_password'), SetFirstPasswordRes, { password: passwordDigest(password) });

// The provider's round trip leaves this tab and comes back to /login/social. What the tab asked for is kept in
// its session storage meanwhile: the page that lands exchanges a hand-off code only when this tab started a
// social login (a link someone sent with their own code does not sign the visitor in as them).

const PENDING_KEY = 'oidc_pending';

export type Pending = { kind: 'login'; next: string | null } | { kind: 'link' };

export function rememberPending(pending: Pending): void {
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
}

/** What this tab started (used up: a landing reads it once), or null. */
export function takePending(): Pending | null {
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Pending;
    return parsed.kind === 'login' || parsed.kind === 'link' ? parsed : null;
  } catch {
    return null;
  }
}

/** Starts a login or a link: remembers it in this tab and goes to the provider. */
export async function goToProvider(provider: string, pending: Pending): Promise<void> {
  const { url } = pending.kind === 'login' ? await startOidcLogin(provider) : await startOidcLink(provider);
  rememberPending(pending);
  window.location.assign(url);
}
