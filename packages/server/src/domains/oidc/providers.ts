import { ErrorCode } from '@taikai/protocol';
import * as client from 'openid-client';
import type { OidcConfig, OidcProviderConfig } from '../../config';
import type { Ctx } from '../../context';
import { ContestError } from '../../http/errors';

// The configured providers, each discovered once (its `/.well-known/openid-configuration` and keys) on first
// use and then kept; a discovery that fails is forgotten, so the next login tries again. The client library,
// openid-client, checks the provider's answers (issuer, id_token signature, audience, nonce, PKCE).

/** Seconds a discovery or token request to a provider may take. */
const PROVIDER_TIMEOUT_S = 10;

const discovered = new Map<string, Promise<client.Configuration>>();

/** The provider of an id, or 150 when this server does not offer it. */
export function providerOf(oidc: OidcConfig, id: string): OidcProviderConfig {
  const provider = oidc.providers.find((p) => p.id === id);
  if (!provider) throw new ContestError(ErrorCode.OIDC_PROVIDER_UNKNOWN);
  return provider;
}

/** The address the provider sends the browser back to; register it at the provider. */
export function redirectUriOf(oidc: OidcConfig, provider: OidcProviderConfig): string {
  return `${oidc.publicUrl}/api/oidc/callback/${provider.id}`;
}

/** The provider's client configuration (discovered, cached); 152 when it cannot be reached or read. */
export async function clientOf(
  ctx: Pick<Ctx, 'log'>,
  provider: OidcProviderConfig,
): Promise<client.Configuration> {
  const key = `${provider.issuer}\n${provider.clientId}`;
  let pending = discovered.get(key);
  if (!pending) {
    const issuer = new URL(provider.issuer);
    pending = client.discovery(
      issuer,
      provider.clientId,
      undefined,
      client.ClientSecretBasic(provider.clientSecret),
      {
        timeout: PROVIDER_TIMEOUT_S,
        // The configuration allows http only for a provider on this machine (tests, trials).
        ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
      },
    );
    discovered.set(key, pending);
    pending.catch(() => discovered.delete(key));
  }
  try {
    const config = await pending;
    config.timeout = PROVIDER_TIMEOUT_S;
    return config;
  } catch (err) {
    ctx.log.warn(
      { provider: provider.id, issuer: provider.issuer, err: errorText(err) },
      'oidc discovery failed',
    );
    throw new ContestError(ErrorCode.OIDC_PROVIDER_UNAVAILABLE);
  }
}

/** What a provider's or the library's error says, for the log (never a token or a code). */
export function errorText(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return `${err.name}${typeof code === 'string' ? ` ${code}` : ''}: ${err.message}`.slice(0, 300);
  }
  return String(err).slice(0, 300);
}
