import {
  ErrorCode,
  type FetchLoginMethodsRes,
  type FetchOidcProvidersRes,
  OIDC_LANDING_PATH,
  type OidcStartRes,
} from '@taikai/protocol';
import * as client from 'openid-client';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { OidcProviderConfig } from '../../config';
import type { AuthedCtx, Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { ContestError } from '../../http/errors';
import { sha256 } from '../accounts/secrets';
import * as accounts from '../accounts/social';
import { clientOf, errorText, providerOf, redirectUriOf } from './providers';
import * as q from './queries';

// Social login (server README, "Social login"): the authorization code flow with PKCE, state and nonce.
//
// start:    the browser calls `start_oidc_login` (or `start_oidc_link` with its session); the server keeps the PKCE
//           verifier and the nonce under the hash of a random state for OIDC_REQUEST_TTL_S, sets the state in an
//           httpOnly SameSite=Lax cookie scoped to the callback, and answers the provider's address.
// callback: the provider sends the browser to /api/oidc/callback/<provider>?code&state. The state must equal
//           the cookie's (the flow was started in this browser: no one can hand a victim their own callback) and
//           name a live request of that provider, which is used up. openid-client exchanges the code (with the
//           verifier) and checks the id_token (signature, issuer, audience, expiry, nonce).
// account:  the provider account (issuer's `sub`) linked already → its account; a link → the caller's account;
//           else an account with the provider's e-mail when the provider says it is verified; else a new account.
//           Bans apply as at password login. The browser then lands on the console's /login/social with a one-time
//           hand-off code in the address's fragment, which the page exchanges for a session.
// Any failure lands there with `error=<code>`, nothing written.

/** Seconds between the start of a login and its callback. */
export const OIDC_REQUEST_TTL_S = 600;
/** The cookie that ties a callback to the browser that started the login. */
export const STATE_COOKIE = 'taikai_oidc';

/** `fetch_oidc_providers`: what the login page offers. */
export async function providers(ctx: Ctx): Promise<z.infer<typeof FetchOidcProvidersRes>> {
  return ctx.config.oidc.providers.map((p) => ({ id: p.id, label: p.label }));
}

/** The cookie header that carries a state to the callback (and no further), or clears it with `null`. */
export function stateCookie(ctx: Pick<Ctx, 'config'>, state: string | null): string {
  const publicUrl = new URL(ctx.config.oidc.publicUrl || 'http://localhost');
  const path = `${publicUrl.pathname.replace(/\/+$/, '')}/api/oidc/callback`;
  const secure = publicUrl.protocol === 'https:' ? '; Secure' : '';
  return state === null
    ? `${STATE_COOKIE}=; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=0${secure}`
    : `${STATE_COOKIE}=${state}; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=${OIDC_REQUEST_TTL_S}${secure}`;
}

/**
 * `start_oidc_login` / `start_oidc_link`: a login (or, with `linkTo`, a link to that account) under way; answers
 * the provider's address and the state for the cookie. 150 unknown provider, 152 provider unreachable, 503 banned
 * address or device (a link: or account).
 */
export async function start(
  ctx: Ctx,
  providerId: string,
  linkTo: AuthedCtx['actor'] | null,
): Promise<z.infer<typeof OidcStartRes> & { state: string }> {
  const provider = providerOf(ctx.config.oidc, providerId);
  const linked = linkTo ? await accounts.accountById(ctx.db, linkTo.id) : undefined;
  if (linkTo && !linked) throw new ContestError(ErrorCode.ACCOUNT_NOT_FOUND);
  await accounts.refuseBanned(ctx.db, ctx, linked);
  const config = await clientOf(ctx, provider);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUriOf(ctx.config.oidc, provider),
    scope: provider.scopes,
    response_type: 'code',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  await q.insertRequest(ctx.db, {
    stateHash: sha256(state),
    provider: provider.id,
    codeVerifier: verifier,
    nonce,
    linkAccountId: linked?.id ?? null,
    createTime: ctx.now,
    expireTime: ctx.now + OIDC_REQUEST_TTL_S,
  });
  return { url: url.href, state };
}

/** The person the provider vouches for: id_token claims, completed from userinfo where they lack a name or e-mail. */
type Person = { subject: string; email: string | null; emailVerified: boolean; name: string };

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

async function personOf(
  ctx: Ctx,
  config: client.Configuration,
  tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
): Promise<Person> {
  const claims = tokens.claims();
  if (!claims?.sub) throw new ContestError(ErrorCode.OIDC_FAILED);
  let info: Record<string, unknown> = claims;
  const nameOf = (c: Record<string, unknown>) =>
    text(c.name) || text(c.preferred_username) || text(c.nickname) || text(c.global_name) || text(c.username);
  if ((!text(info.email) || !nameOf(info)) && config.serverMetadata().userinfo_endpoint) {
    try {
      info = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
      for (const [k, v] of Object.entries(info)) if (v === undefined) delete info[k];
    } catch (err) {
      // The id_token suffices; a userinfo that fails only leaves the name or e-mail out.
      ctx.log.warn({ err: errorText(err) }, 'oidc userinfo failed');
    }
  }
  const email = text(info.email).toLowerCase();
  const verified = info.email_verified === true || info.email_verified === 'true' || info.verified === true;
  return {
    subject: claims.sub,
    email: email || null,
    emailVerified: email !== '' && verified,
    name: nameOf(info) || (email ? email.split('@')[0] : ''),
  };
}

/** Where the browser lands after the callback: the console's landing page with the outcome in the fragment. */
export type Landing = { location: string };

function landing(ctx: Ctx, fragment: Record<string, string>): Landing {
  return { location: `${ctx.config.oidc.publicUrl}${OIDC_LANDING_PATH}#${new URLSearchParams(fragment)}` };
}

/**
 * The provider's callback: checks it, resolves the account and answers where the browser goes — the landing page
 * with a hand-off code, `linked=` (a link), or `error=` (anything refused: nothing written then).
 */
export async function callback(
  ctx: Ctx,
  providerId: string,
  query: Record<string, string>,
  cookieState: string | undefined,
): Promise<Landing> {
  let linking = false;
  try {
    const provider = providerOf(ctx.config.oidc, providerId);
    const state = query.state ?? '';
    // The state must be this browser's (the cookie) and a live request of this provider; it is used up either way.
    if (!state || state.length > 200 || state !== cookieState) throw new ContestError(ErrorCode.OIDC_FAILED);
    const request = await q.takeRequest(ctx.db, sha256(state), provider.id, ctx.now);
    if (!request) throw new ContestError(ErrorCode.OIDC_FAILED);
    linking = request.linkAccountId !== null;
    if (query.error !== undefined) {
      ctx.log.info(
        { provider: provider.id, error: String(query.error).slice(0, 100) },
        'oidc login refused by provider',
      );
      throw new ContestError(ErrorCode.OIDC_FAILED);
    }
    const person = await verifiedPerson(ctx, provider, query, request);
    const outcome = await ctx.db.transaction((tx) =>
      settle(tx, ctx, provider, person, request.linkAccountId),
    );
    return landing(ctx, outcome);
  } catch (err) {
    const code = err instanceof ContestError ? err.code : ErrorCode.OIDC_FAILED;
    if (!(err instanceof ContestError)) ctx.log.warn({ err: errorText(err) }, 'oidc callback failed');
    return landing(ctx, { error: String(code), ...(linking ? { link: '1' } : {}) });
  }
}

/** The code exchanged and the id_token checked by openid-client; 151 when anything does not hold. */
async function verifiedPerson(
  ctx: Ctx,
  provider: OidcProviderConfig,
  query: Record<string, string>,
  request: q.RequestRow,
): Promise<Person> {
  const config = await clientOf(ctx, provider);
  const current = new URL(redirectUriOf(ctx.config.oidc, provider));
  for (const [k, v] of Object.entries(query)) current.searchParams.set(k, v);
  try {
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: request.codeVerifier,
      expectedState: query.state,
      expectedNonce: request.nonce,
      idTokenExpected: true,
    });
    return await personOf(ctx, config, tokens);
  } catch (err) {
    if (err instanceof ContestError) throw err;
    ctx.log.warn({ provider: provider.id, err: errorText(err) }, 'oidc code exchange failed');
    throw new ContestError(ErrorCode.OIDC_FAILED);
  }
}

/** Links or finds or creates the account, inside one transaction; answers the landing's fragment. */
async function settle(
  tx: Executor,
  ctx: Ctx,
  provider: OidcProviderConfig,
  person: Person,
  linkAccountId: number | null,
): Promise<Record<string, string>> {
  const known = await q.identityOf(tx, provider.id, person.subject);
  if (linkAccountId !== null) {
    const account = await accounts.accountById(tx, linkAccountId);
    if (!account) throw new ContestError(ErrorCode.ACCOUNT_NOT_FOUND);
    await accounts.refuseBanned(tx, ctx, account);
    if (known && known.accountId !== account.id) throw new ContestError(ErrorCode.OIDC_IDENTITY_TAKEN);
    if (!known) await link(tx, ctx, provider, person, account, 'account_page');
    return { linked: provider.id };
  }
  let account = known ? await accounts.accountById(tx, known.accountId) : undefined;
  if (!account) {
    // Only an e-mail the provider verified may open an existing account: else anyone could claim one by naming it.
    const byEmail =
      person.email && person.emailVerified ? await accounts.accountByEmail(tx, person.email) : undefined;
    if (byEmail) {
      await link(tx, ctx, provider, person, byEmail, 'verified_email');
      account = byEmail;
    } else {
      // A new account takes the e-mail only when verified (an unverified one would lock its owner out).
      const email = person.email && person.emailVerified ? person.email : null;
      account = await accounts.createSocialAccount(tx, ctx, {
        name: person.name,
        email,
        provider: provider.id,
        subject: person.subject,
      });
      await link(tx, ctx, provider, person, account, 'new_account');
    }
  }
  // Bans apply as at password login (the address, the account, its e-mail); a refusal writes nothing.
  await accounts.refuseBanned(tx, ctx, account);
  await accounts.recordLogin(tx, ctx, account.id);
  const code = await accounts.issueHandoffCode(tx, ctx, account.id);
  await audit(
    tx,
    { ...ctx, actor: accounts.actorOf(account) },
    {
      action: 'account.oidc_login',
      targetType: 'account',
      targetId: account.id,
      before: null,
      after: { provider: provider.id },
    },
  );
  return { code };
}

async function link(
  tx: Executor,
  ctx: Ctx,
  provider: OidcProviderConfig,
  person: Person,
  account: accounts.SocialAccount,
  by: 'account_page' | 'verified_email' | 'new_account',
): Promise<void> {
  const email = person.email ?? '';
  const linked = await q.insertIdentity(tx, {
    provider: provider.id,
    subject: person.subject,
    accountId: account.id,
    email,
    linkTime: ctx.now,
  });
  // The account has another account of this provider (or this one was linked meanwhile).
  if (!linked) throw new ContestError(ErrorCode.OIDC_IDENTITY_TAKEN);
  await audit(
    tx,
    { ...ctx, actor: accounts.actorOf(account) },
    {
      action: 'account.oidc_link',
      targetType: 'account',
      targetId: account.id,
      before: null,
      after: { provider: provider.id, email, by },
    },
  );
}

/** `fetch_login_methods`: the caller's password (whether it has one) and linked providers. */
export async function loginMethods(ctx: AuthedCtx): Promise<z.infer<typeof FetchLoginMethodsRes>> {
  const account = await accounts.accountById(ctx.db, ctx.actor.id);
  if (!account) throw new ContestError(ErrorCode.ACCOUNT_NOT_FOUND);
  const rows = await q.identitiesOf(ctx.db, account.id);
  return {
    has_password: account.hasPassword,
    identities: rows.map((r) => ({
      provider: r.provider,
      label: ctx.config.oidc.providers.find((p) => p.id === r.provider)?.label ?? r.provider,
      email: r.email,
      link_time: r.linkTime,
    })),
  };
}

/**
 * `unlink_oidc_identity`: removes the caller's link of a provider; 154 when the account would be left with no way
 * to log in (no password and no other provider), 150 when it has no link of that provider.
 */
export async function unlink(ctx: AuthedCtx, providerId: string): Promise<Record<string, never>> {
  await ctx.db.transaction(async (tx) => {
    const account = await accounts.lockedAccount(tx, ctx.actor.id);
    if (!account) throw new ContestError(ErrorCode.ACCOUNT_NOT_FOUND);
    const rows = await q.identitiesOf(tx, account.id);
    if (!rows.some((r) => r.provider === providerId)) throw new ContestError(ErrorCode.OIDC_PROVIDER_UNKNOWN);
    if (!account.hasPassword && rows.length <= 1) throw new ContestError(ErrorCode.OIDC_LAST_LOGIN);
    const removed = await q.deleteIdentity(tx, account.id, providerId);
    await audit(tx, ctx, {
      action: 'account.oidc_unlink',
      targetType: 'account',
      targetId: account.id,
      before: { provider: providerId, email: removed?.email ?? '' },
      after: null,
    });
  });
  return {};
}
