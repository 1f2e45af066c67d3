import { ErrorCode } from '@taikai/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as operator from '../../src/domains/accounts/operator';
import { type OidcPerson, oidcEnv, startOidcProvider, type TestOidcProvider } from '../support/oidc-provider';
import { startWorld, type World } from '../support/world';

// Social login against a real OpenID Connect provider on 127.0.0.1: the browser's part (following the provider's
// redirects, signing in on its page, carrying the cookies) is played here with fetch; the server is called
// through the app as every API test does.

const PUBLIC_URL = 'http://taikai.test';
const REDIRECT_URI = `${PUBLIC_URL}/api/oidc/callback/local`;

let op: TestOidcProvider;
let world: World;

beforeAll(async () => {
  op = await startOidcProvider({ redirectUris: [REDIRECT_URI] });
  world = await startWorld({
    ...oidcEnv(op, 'local', 'Local ID', PUBLIC_URL),
    // A second provider that cannot be reached (nothing listens on port 9 of this machine).
    TAIKAI_OIDC_PROVIDERS: 'local,gone',
    TAIKAI_OIDC_GONE_ISSUER: 'http://127.0.0.1:9',
    TAIKAI_OIDC_GONE_CLIENT_ID: 'x',
    TAIKAI_OIDC_GONE_CLIENT_SECRET: 'y',
  });
});
afterAll(async () => {
  await world?.close();
  await op?.close();
});

let people = 0;
/** A person of the provider with a fresh login name (their `sub`). */
function person(claims: OidcPerson = {}): string {
  people += 1;
  const login = `person-${people}-${Math.random().toString(36).slice(2, 8)}`;
  op.people.set(login, claims);
  return login;
}

/** The cookies a browser keeps for one site. */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** Starts a login (or a link, with a token): the provider's address and the state cookie the server set. */
async function start(
  call: 'start_oidc_login' | 'start_oidc_link',
  token?: string,
  provider = 'local',
  device?: string,
) {
  const res = await world.app.inject({
    method: 'POST',
    url: `/api/contest/${call}`,
    payload: { provider },
    headers: {
      ...(token ? { authorization: `Majsoul ${token}` } : {}),
      ...(device ? { 'x-taikai-device': device } : {}),
    },
  });
  const body = res.json();
  const setCookie = String(res.headers['set-cookie'] ?? '');
  const cookie = /taikai_oidc=([^;]*)/.exec(setCookie)?.[1];
  return { status: res.statusCode, body, setCookie, cookie };
}

/** Signs in at the provider as `login` and answers the address the provider sends the browser back to. */
async function passProvider(url: string, login: string): Promise<URL> {
  const jar = new Jar();
  let next = url;
  let form: { action: string } | null = null;
  for (let hop = 0; hop < 12; hop++) {
    if (next.startsWith(PUBLIC_URL)) return new URL(next);
    const res = await fetch(next, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString() : undefined,
    });
    jar.take(res);
    form = null;
    const location = res.headers.get('location');
    if (location) {
      next = new URL(location, next).href;
      await res.arrayBuffer();
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action || !html.includes('name="login"'))
      throw new Error(`provider page without a login form: ${html.slice(0, 300)}`);
    next = new URL(action.replaceAll('&amp;', '&'), next).href;
    form = { action: next };
  }
  throw new Error('the provider never sent the browser back');
}

/** The provider's callback on the server, as the browser makes it: the landing address's fragment. */
async function callback(back: URL, cookie: string | undefined) {
  const res = await world.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: cookie === undefined ? {} : { cookie: `taikai_oidc=${cookie}` },
  });
  expect(res.statusCode).toBe(303);
  const location = new URL(String(res.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/login/social`);
  // Nothing but the fragment (never sent to a server) carries the outcome.
  expect(location.search).toBe('');
  return {
    fragment: new URLSearchParams(location.hash.slice(1)),
    setCookie: String(res.headers['set-cookie']),
  };
}

/** A whole login as `login`: the session the landing page's hand-off code opens. */
async function socialLogin(login: string) {
  const started = await start('start_oidc_login');
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const back = await passProvider(started.body.data.url, login);
  const { fragment } = await callback(back, started.cookie);
  const code = fragment.get('code');
  expect(code, fragment.toString()).toBeTruthy();
  const exchanged = await world.post('/api/exchange_handoff_code', { code });
  expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
  return exchanged.body.data as { token: string; account_id: number; nickname: string };
}

async function count(
  table: 'accounts' | 'oidc_identities' | 'oidc_requests' | 'handoff_codes',
): Promise<number> {
  const res = (await world.database.db.execute(
    sql.raw(`select count(*)::int as n from ${table}`),
  )) as unknown as {
    rows: { n: number }[];
  };
  return Number(res.rows[0].n);
}

async function auditOf(accountId: number, action: string) {
  const res = (await world.database.db.execute(
    sql`select after from audit_log where action = ${action} and target_id = ${String(accountId)} order by id`,
  )) as unknown as { rows: { after: Record<string, unknown> }[] };
  return res.rows.map((r) => r.after);
}

describe('social login through an OpenID Connect provider', () => {
  it('lists the configured providers, id and label, for the login page', async () => {
    const res = await world.get('fetch_oidc_providers');
    expect(res.body.data).toEqual([
      { id: 'local', label: 'Local ID' },
      { id: 'gone', label: 'Gone' },
    ]);
  });

  it('starts with PKCE, state and nonce, the state kept in an httpOnly SameSite=Lax cookie of the callback', async () => {
    const started = await start('start_oidc_login');
    const url = new URL(started.body.data.url);
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('state')).toBe(started.cookie);
    expect(started.setCookie).toContain('HttpOnly');
    expect(started.setCookie).toContain('SameSite=Lax');
    expect(started.setCookie).toContain('Path=/api/oidc/callback');
  });

  it('a first login makes a new account without a password, named by the provider; the second opens the same one', async () => {
    const login = person({ name: 'Sakura Haruno', email: 'sakura@leaf.test', email_verified: true });
    const accountsBefore = await count('accounts');
    const first = await socialLogin(login);
    expect(first.nickname).toBe('Sakura Haruno');
    expect(await count('accounts')).toBe(accountsBefore + 1);
    const methods = await world.get('fetch_login_methods', {}, { token: first.token });
    expect(methods.body.data).toMatchObject({
      has_password: false,
      identities: [{ provider: 'local', label: 'Local ID', email: 'sakura@leaf.test' }],
    });
    expect(await auditOf(first.account_id, 'account.oidc_link')).toEqual([
      { provider: 'local', email: 'sakura@leaf.test', by: 'new_account' },
    ]);

    const second = await socialLogin(login);
    expect(second.account_id).toBe(first.account_id);
    expect(await count('accounts')).toBe(accountsBefore + 1);
    const info = await world.get('fetch_account_info', {}, { token: second.token });
    expect(info.body.data.nickname).toBe('Sakura Haruno');
  });

  it('a name already taken is made unique; a person without a name or e-mail still gets an account', async () => {
    const a = await socialLogin(person({ name: 'Kakashi' }));
    const b = await socialLogin(person({ name: 'kakashi' }));
    expect(a.nickname).toBe('Kakashi');
    expect(b.nickname).toBe('kakashi2');
    const c = await socialLogin(person({}));
    expect(c.nickname.length).toBeGreaterThan(0);
  });

  it('a verified e-mail opens the account registered with it; an unverified one does not', async () => {
    const owner = await world.organiser();
    const verified = await socialLogin(
      person({ name: 'Someone', email: owner.account.email, email_verified: true }),
    );
    expect(verified.account_id).toBe(owner.account.id);
    expect(await auditOf(owner.account.id, 'account.oidc_link')).toEqual([
      { provider: 'local', email: owner.account.email, by: 'verified_email' },
    ]);

    const other = await world.organiser();
    const unverified = await socialLogin(
      person({ name: 'Claimant', email: other.account.email, email_verified: false }),
    );
    expect(unverified.account_id).not.toBe(other.account.id);
    // The new account does not take the unverified address (its owner keeps it): it gets one that receives no mail.
    const [row] = (
      (await world.database.db.execute(
        sql`select email from accounts where id = ${unverified.account_id}`,
      )) as unknown as { rows: { email: string }[] }
    ).rows;
    expect(row.email).toMatch(/@social\.invalid$/);
  });

  it('a tampered, missing or replayed state is refused with 151 and writes nothing', async () => {
    const login = person({ name: 'Tamper' });
    const started = await start('start_oidc_login');
    const back = await passProvider(started.body.data.url, login);
    const before = { accounts: await count('accounts'), identities: await count('oidc_identities') };

    const tampered = new URL(back);
    tampered.searchParams.set('state', `${back.searchParams.get('state')}x`);
    expect((await callback(tampered, started.cookie)).fragment.get('error')).toBe(
      String(ErrorCode.OIDC_FAILED),
    );
    // The state of another browser (the cookie is missing, or another flow's) is refused too.
    expect((await callback(back, undefined)).fragment.get('error')).toBe('151');
    const otherBrowser = await start('start_oidc_login');
    expect((await callback(back, otherBrowser.cookie)).fragment.get('error')).toBe('151');
    expect(await count('accounts')).toBe(before.accounts);
    expect(await count('oidc_identities')).toBe(before.identities);

    // The genuine callback still works once, and clears the cookie; replayed, it is refused.
    const ok = await callback(back, started.cookie);
    expect(ok.fragment.get('code')).toBeTruthy();
    expect(ok.setCookie).toContain('Max-Age=0');
    const accountsAfter = await count('accounts');
    expect((await callback(back, started.cookie)).fragment.get('error')).toBe('151');
    expect(await count('accounts')).toBe(accountsAfter);
  });

  it('a code the provider did not issue, or a refusal at the provider, lands with 151 and writes nothing', async () => {
    const started = await start('start_oidc_login');
    const state = started.cookie ?? '';
    const before = await count('accounts');
    const forged = new URL(
      `${REDIRECT_URI}?code=forged-code&state=${state}&iss=${encodeURIComponent(op.issuer)}`,
    );
    expect((await callback(forged, state)).fragment.get('error')).toBe('151');
    const again = await start('start_oidc_login');
    const denied = new URL(`${REDIRECT_URI}?error=access_denied&state=${again.cookie}`);
    expect((await callback(denied, again.cookie)).fragment.get('error')).toBe('151');
    expect(await count('accounts')).toBe(before);
  });

  it('a banned account is refused with 503, and no hand-off code is issued', async () => {
    const login = person({ name: 'Banned One' });
    const first = await socialLogin(login);
    await operator.applyBan(world.opCtx(), 'account', String(first.account_id), true);
    const codes = await count('handoff_codes');
    const started = await start('start_oidc_login');
    const back = await passProvider(started.body.data.url, login);
    expect((await callback(back, started.cookie)).fragment.get('error')).toBe(String(ErrorCode.BANNED));
    expect(await count('handoff_codes')).toBe(codes);
  });

  it('a banned device cannot start a social login (503), and nothing is kept', async () => {
    const device = 'social-device-0001';
    await operator.applyBan(world.opCtx(), 'device', device, true);
    const requests = await count('oidc_requests');
    const refused = await start('start_oidc_login', undefined, 'local', device);
    expect(refused.body.error.code).toBe(ErrorCode.BANNED);
    expect(refused.cookie).toBeUndefined();
    expect(await count('oidc_requests')).toBe(requests);
    expect((await start('start_oidc_login', undefined, 'local', 'social-device-0002')).status).toBe(200);
  });

  it('an account made through the provider can add a password later, then log in with it', async () => {
    const login = person({ name: 'Later Pass', email: 'later.pass@leaf.test', email_verified: true });
    const session = await socialLogin(login);
    const set = await world.post(
      'set_first_password',
      { password: 'a-new-password' },
      { token: session.token },
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const methods = await world.get('fetch_login_methods', {}, { token: session.token });
    expect(methods.body.data.has_password).toBe(true);
    const byPassword = await world.post('/api/login', {
      account: 'later.pass@leaf.test',
      password: 'a-new-password',
      type: 0,
    });
    expect(byPassword.status).toBe(200);
    expect(byPassword.body.data.account_id).toBe(session.account_id);
    // Once it has one, the password is not this call's to change.
    const again = await world.post(
      'set_first_password',
      { password: 'another-one' },
      { token: session.token },
    );
    expect(again.body.error.code).toBe(ErrorCode.PASSWORD_ALREADY_SET);
  });

  it('links from the account page, refuses a provider account linked elsewhere, and keeps the last way to log in', async () => {
    const organiser = await world.organiser();
    const login = person({ name: 'Linker' });
    const started = await start('start_oidc_link', organiser.token);
    const back = await passProvider(started.body.data.url, login);
    const linked = await callback(back, started.cookie);
    expect(linked.fragment.get('linked')).toBe('local');
    const methods = await world.get('fetch_login_methods', {}, { token: organiser.token });
    expect(methods.body.data).toMatchObject({ has_password: true, identities: [{ provider: 'local' }] });
    // The same provider account now opens the organiser's account.
    expect((await socialLogin(login)).account_id).toBe(organiser.account.id);

    // Another account cannot take it.
    const second = await world.organiser();
    const taken = await start('start_oidc_link', second.token);
    const backTaken = await passProvider(taken.body.data.url, login);
    const refused = await callback(backTaken, taken.cookie);
    expect(refused.fragment.get('error')).toBe(String(ErrorCode.OIDC_IDENTITY_TAKEN));
    expect(refused.fragment.get('link')).toBe('1');

    // The organiser has a password: unlinking is fine.
    expect(
      (await world.post('unlink_oidc_identity', { provider: 'local' }, { token: organiser.token })).status,
    ).toBe(200);
    const after = await world.get('fetch_login_methods', {}, { token: organiser.token });
    expect(after.body.data.identities).toEqual([]);

    // An account whose only way in is the provider keeps it.
    const only = await socialLogin(person({ name: 'Only Way' }));
    const last = await world.post('unlink_oidc_identity', { provider: 'local' }, { token: only.token });
    expect(last.body.error.code).toBe(ErrorCode.OIDC_LAST_LOGIN);
    const still = await world.get('fetch_login_methods', {}, { token: only.token });
    expect(still.body.data.identities).toHaveLength(1);
  });

  it('an unknown provider answers 150, an unreachable one 152, and nothing is kept', async () => {
    const requests = await count('oidc_requests');
    expect((await start('start_oidc_login', undefined, 'nowhere')).body.error.code).toBe(
      ErrorCode.OIDC_PROVIDER_UNKNOWN,
    );
    const gone = await start('start_oidc_login', undefined, 'gone');
    expect(gone.body.error.code).toBe(ErrorCode.OIDC_PROVIDER_UNAVAILABLE);
    expect(gone.cookie).toBeUndefined();
    expect(await count('oidc_requests')).toBe(requests);
  });
});
