/// <reference path="./oidc-provider-types.d.ts" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

// A real OpenID Connect provider on 127.0.0.1 (a random port) for the social-login tests: `oidc-provider` with its
// development sign-in pages (any login name and password sign in as that name; the name is the person's `sub`),
// consent granted at once, and the people's claims (e-mail, e-mail verified, name) from `people`. As with Discord,
// the id_token carries only the subject: the e-mail and the name come from the userinfo endpoint.

export type OidcPerson = { email?: string; email_verified?: boolean; name?: string };

export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The claims of each login name; a name not here signs in with its subject alone. */
  people: Map<string, OidcPerson>;
  close(): Promise<void>;
};

export async function startOidcProvider(options: {
  redirectUris: string[];
  clientId?: string;
}): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = options.clientId ?? 'taikai-test';
  const clientSecret = 'taikai-test-secret-0123456789abcdef';
  const people = new Map<string, OidcPerson>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    // Lifetimes set (the library's defaults each print a notice).
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    cookies: { keys: ['taikai-test-cookie-key'] },
    async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      return { accountId: sub, claims: async () => ({ sub, ...(people.get(sub) ?? {}) }) };
    },
    // Consent is given at once: the tests and the journey pass only the sign-in page.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const oidc = ctx.oidc;
      const clientIdOf = oidc.client?.clientId ?? clientId;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientIdOf);
      if (grantId) {
        const found = await oidc.provider.Grant.find(grantId);
        if (found) return found;
      }
      if (!oidc.session?.accountId) return undefined;
      const grant = new oidc.provider.Grant({ clientId: clientIdOf, accountId: oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    people,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The configuration of a server offering the provider as `id` (`TAIKAI_OIDC_…`), for the world or a server. */
export function oidcEnv(
  op: TestOidcProvider,
  id: string,
  label: string,
  publicUrl: string,
): Record<string, string> {
  const prefix = `TAIKAI_OIDC_${id.toUpperCase().replaceAll('-', '_')}_`;
  return {
    TAIKAI_PUBLIC_URL: publicUrl,
    TAIKAI_OIDC_PROVIDERS: id,
    [`${prefix}ISSUER`]: op.issuer,
    [`${prefix}CLIENT_ID`]: op.clientId,
    [`${prefix}CLIENT_SECRET`]: op.clientSecret,
    [`${prefix}LABEL`]: label,
  };
}
