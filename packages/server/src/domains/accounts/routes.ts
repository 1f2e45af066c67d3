import {
  CreateHandoffCodeReq,
  DevOutboxReq,
  ExchangeHandoffCodeReq,
  FetchAccountInfoReq,
  FetchAnnouncementReq,
  FetchRegisterSettingReq,
  LoginReq,
  LogoutReq,
  RegisterReq,
  SendCodeReq,
  ServerTimeReq,
} from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import * as handoff from './handoff';
import * as accounts from './service';

export function accountRoutes(app: FastifyInstance): void {
  const { limits, devOutbox } = app.deps.config;

  route(app, 'POST', 'send_code', {
    auth: 'public',
    path: 'send_code',
    body: SendCodeReq,
    rateLimit: { max: limits.sendCodePerIp, timeWindow: 60_000 },
    handler: (ctx, body) => accounts.sendCode(ctx, body),
  });

  route(app, 'POST', 'register', {
    auth: 'public',
    path: 'register',
    body: RegisterReq,
    rateLimit: { max: limits.loginPerIp, timeWindow: 60_000 },
    handler: (ctx, body) => accounts.register(ctx, body),
  });

  route(app, 'GET', 'fetch_register_setting', {
    auth: 'public',
    query: FetchRegisterSettingReq,
    handler: async (ctx) => accounts.registerSetting(ctx),
  });

  route(app, 'POST', 'login', {
    auth: 'public',
    path: 'login',
    body: LoginReq,
    rateLimit: { max: limits.loginPerIp, timeWindow: 60_000 },
    // One client family reads a top-level `access_token` when `data.token` is absent.
    envelope: (session: { token: string }) => ({ data: session, access_token: session.token }),
    handler: (ctx, body) => accounts.login(ctx, body),
  });

  route(app, 'POST', 'logout', {
    auth: 'public',
    path: 'logout',
    body: LogoutReq,
    handler: (ctx) => accounts.logout(ctx, ctx.token),
  });

  route(app, 'POST', 'create_handoff_code', {
    auth: 'account',
    path: 'create_handoff_code',
    body: CreateHandoffCodeReq,
    handler: (ctx) => handoff.createHandoffCode(ctx),
  });

  route(app, 'POST', 'exchange_handoff_code', {
    auth: 'public',
    path: 'exchange_handoff_code',
    body: ExchangeHandoffCodeReq,
    rateLimit: { max: limits.loginPerIp, timeWindow: 60_000 },
    handler: (ctx, body) => handoff.exchangeHandoffCode(ctx, body.code),
  });

  route(app, 'GET', 'fetch_account_info', {
    auth: 'account',
    query: FetchAccountInfoReq,
    handler: (ctx) => accounts.accountInfo(ctx),
  });

  route(app, 'GET', 'server_time', {
    auth: 'public',
    query: ServerTimeReq,
    handler: async (ctx) => ({ time: ctx.now }),
  });

  route(app, 'GET', 'fetch_announcement', {
    auth: 'public',
    query: FetchAnnouncementReq,
    handler: (ctx, query) => accounts.announcements(ctx, query.language),
  });

  if (devOutbox) {
    route(app, 'GET', 'dev_outbox', {
      auth: 'public',
      path: 'dev/outbox',
      query: DevOutboxReq,
      handler: async (ctx, query) => ctx.mailer.outbox(query.email),
    });
  }
}
