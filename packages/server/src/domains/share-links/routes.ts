import {
  CreateShareLinkReq,
  FetchOverlayStandingsReq,
  FetchOverlayTableReq,
  FetchSeasonLiveReq,
  FetchShareLinkListReq,
  RevokeShareLinkReq,
} from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import * as links from './service';

/** Overlays and the live page are polled; a client address gets this many reads a minute of each. */
const POLL_RATE = { max: 120, timeWindow: 60_000 };

export function shareLinkRoutes(app: FastifyInstance): void {
  route(app, 'POST', 'create_share_link', {
    auth: 'account',
    policy: 'shareOverlays',
    body: CreateShareLinkReq,
    handler: (ctx, body) => links.create(ctx, body),
  });

  route(app, 'GET', 'fetch_share_link_list', {
    auth: 'account',
    policy: 'shareOverlays',
    query: FetchShareLinkListReq,
    handler: (ctx, query) => links.list(ctx, query.unique_id),
  });

  route(app, 'POST', 'revoke_share_link', {
    auth: 'account',
    policy: 'shareOverlays',
    body: RevokeShareLinkReq,
    handler: (ctx, body) => links.revoke(ctx, body.unique_id, body.id),
  });

  // The overlays take only their link's token: no login, and the token opens nothing else.
  route(app, 'GET', 'fetch_overlay_table', {
    auth: 'public',
    query: FetchOverlayTableReq,
    rateLimit: POLL_RATE,
    handler: (ctx, query) => links.overlayTable(ctx, query.token),
  });

  route(app, 'GET', 'fetch_overlay_standings', {
    auth: 'public',
    query: FetchOverlayStandingsReq,
    rateLimit: POLL_RATE,
    handler: (ctx, query) => links.overlayStandings(ctx, query.token),
  });

  route(app, 'GET', 'fetch_season_live', {
    auth: 'public',
    query: FetchSeasonLiveReq,
    rateLimit: POLL_RATE,
    handler: (ctx, query) => links.seasonLive(ctx, query),
  });
}
