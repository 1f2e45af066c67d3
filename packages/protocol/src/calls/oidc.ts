import { z } from 'zod';
import { ShownText, WireText } from './common';

// Social login through OpenID Connect providers the operator configured (server README, "Social login"). The
// browser starts a login or a link with a call that answers the provider's address; the provider sends the
// browser back to the server's callback, which answers with a redirect to the console's landing page
// (`/login/social`) carrying a one-time hand-off code in the address's fragment (never sent to a server), which
// the page exchanges with `exchange_handoff_code`, or an error code.

/** A provider id as configured (`discord`, `google`). */
export const OidcProviderId = WireText.trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,31}$/);

export const OidcProviderWire = z.object({ id: ShownText, label: ShownText });

// GET /api/contest/fetch_oidc_providers — the providers the login page offers (none: no buttons).
export const FetchOidcProvidersReq = z.object({});
export const FetchOidcProvidersRes = z.array(OidcProviderWire);

/** Where the browser goes next: the provider's authorization address. */
export const OidcStartRes = z.object({ url: ShownText });

// POST /api/contest/start_oidc_login — a login (or a new account) through the provider.
export const StartOidcLoginReq = z.object({ provider: OidcProviderId });
export const StartOidcLoginRes = OidcStartRes;

// POST /api/contest/start_oidc_link — links an account of the provider to the caller's account.
export const StartOidcLinkReq = z.object({ provider: OidcProviderId });
export const StartOidcLinkRes = OidcStartRes;

export const OidcIdentityWire = z.object({
  provider: ShownText,
  /** The provider's label; the id when the provider is no longer configured. */
  label: ShownText,
  /** The e-mail the provider gave at linking ('' when none). */
  email: ShownText,
  link_time: z.number().int(),
});

// GET /api/contest/fetch_login_methods — how the caller's account can log in.
export const FetchLoginMethodsReq = z.object({});
export const FetchLoginMethodsRes = z.object({
  /** Whether the account has a password (an account created through a provider has none until it sets one). */
  has_password: z.boolean(),
  identities: z.array(OidcIdentityWire),
});

// POST /api/contest/unlink_oidc_identity — 154 when it is the account's last way to log in.
export const UnlinkOidcIdentityReq = z.object({ provider: OidcProviderId });
export const UnlinkOidcIdentityRes = z.object({});

// POST /api/contest/set_first_password — a password for an account that has none (155 when it has one).
export const SetFirstPasswordReq = z.object({
  /** The password's client-side digest (the console sends only that), or the password itself (6–64). */
  password: WireText.min(6).max(64),
});
export const SetFirstPasswordRes = z.object({});

/** The console's landing page of the provider's callback; its fragment carries `code=` or `error=` (and `link=1`). */
export const OIDC_LANDING_PATH = '/login/social';
