import {
  FetchLoginMethodsReq,
  FetchOidcProvidersReq,
  SetFirstPasswordReq,
  StartOidcLinkReq,
  StartOidcLoginReq,
  UnlinkOidcIdentityReq,
} from '@taikai/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { route } from '../../http/route';
import { setFirstPassword } from '../accounts/social';
import * as oidc from './service';

/** The callback's query: what a provider sends back (anything else is ignored). */
const CallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(4096).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(4096).optional(),
  error_description: z.string().max(4096).optional(),
  session_state: z.string().max(4096).optional(),
});

/** A cookie's value from the request's Cookie header. */
function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function oidcRoutes(app: FastifyInstance): void {
  const { limits } = app.deps.config;
  const perMinute = { max: limits.loginPerIp, timeWindow: 60_000 };

  route(app, 'GET', 'fetch_oidc_providers', {
    auth: 'public',
    query: FetchOidcProvidersReq,
    handler: (ctx) => oidc.providers(ctx),
  });

  const started = async (reply: FastifyReply, pending: Promise<{ url: string; state: string }>) => {
    const { url, state } = await pending;
    reply.header('set-cookie', oidc.stateCookie(app.deps, state));
    reply.header('cache-control', 'no-store');
    return { url };
  };

  route(app, 'POST', 'start_oidc_login', {
    auth: 'public',
    body: StartOidcLoginReq,
    rateLimit: perMinute,
    handler: (ctx, body, reply) => started(reply, oidc.start(ctx, body.provider, null)),
  });

  route(app, 'POST', 'start_oidc_link', {
    auth: 'account',
    body: StartOidcLinkReq,
    rateLimit: perMinute,
    handler: (ctx, body, reply) => started(reply, oidc.start(ctx, body.provider, ctx.actor)),
  });

  route(app, 'GET', 'fetch_login_methods', {
    auth: 'account',
    query: FetchLoginMethodsReq,
    handler: (ctx) => oidc.loginMethods(ctx),
  });

  route(app, 'POST', 'unlink_oidc_identity', {
    auth: 'account',
    body: UnlinkOidcIdentityReq,
    handler: (ctx, body) => oidc.unlink(ctx, body.provider),
  });

  route(app, 'POST', 'set_first_password', {
    auth: 'account',
    body: SetFirstPasswordReq,
    rateLimit: perMinute,
    handler: (ctx, body) => setFirstPassword(ctx, body.password),
  });

  // The provider's callback is a browser's navigation, answered with a redirect, not a call of the API: it is
  // declared here rather than with route() (which answers JSON), under the one address registered at the
  // provider. Whatever it is sent, it redirects to the console's landing page (an error code there at worst).
  app.get(
    '/api/oidc/callback/:provider',
    { config: { rateLimit: { ...perMinute, groupId: 'oidc/callback' } } },
    async (request, reply) => {
      const deps = app.deps;
      const ctx = { ...deps, actor: null, ip: request.ip, now: deps.clock.now() };
      const parsed = CallbackQuery.safeParse(request.query ?? {});
      // A malformed callback (repeated or oversized parameters) carries no state: refused as such.
      const query: Record<string, string> = {};
      if (parsed.success) for (const [k, v] of Object.entries(parsed.data)) if (v !== undefined) query[k] = v;
      const provider = String((request.params as { provider?: unknown }).provider ?? '');
      const cookie = cookieOf(request.headers.cookie, oidc.STATE_COOKIE);
      const { location } = await oidc.callback(ctx, provider, query, cookie);
      // The state cookie is used once; the answer (and the code it carried) is kept by nothing on the way.
      reply.header('set-cookie', oidc.stateCookie(deps, null));
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      return reply.redirect(location, 303);
    },
  );
}
