import {
  ContestSeasonChatLimitReq,
  CreateContestSeasonReq,
  EndContestSeasonReq,
  FetchContestSeasonListReq,
  FetchSiteConfigReq,
  SetContestSeasonChatLimitReq,
  UpdateContestSeasonReq,
} from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import * as seasons from './service';

const seasonIds = (input: { unique_id: number; season_id: number }) => ({
  uniqueId: input.unique_id,
  seasonId: input.season_id,
});

/** Season calls: list, create, update, end; chat limits; the deployment's site config. */
export function seasonRoutes(app: FastifyInstance): void {
  route(app, 'GET', 'fetch_contest_season_list', {
    auth: 'account',
    policy: 'view',
    query: FetchContestSeasonListReq,
    handler: (ctx, query) => seasons.listSeasons(ctx, query.unique_id),
  });

  route(app, 'POST', 'create_contest_season', {
    auth: 'account',
    policy: 'manageSeasons',
    body: CreateContestSeasonReq,
    handler: (ctx, body) => seasons.createSeason(ctx, body),
  });

  route(app, 'POST', 'update_contest_season', {
    auth: 'account',
    policy: 'manageSeasons',
    body: UpdateContestSeasonReq,
    handler: (ctx, body) => seasons.updateSeason(ctx, body),
  });

  route(app, 'POST', 'end_contest_season', {
    auth: 'account',
    policy: 'manageSeasons',
    body: EndContestSeasonReq,
    handler: (ctx, body) => seasons.endSeason(ctx, seasonIds(body)),
  });

  route(app, 'GET', 'contest_season_chat_limit', {
    auth: 'account',
    policy: 'viewSeason',
    query: ContestSeasonChatLimitReq,
    handler: (ctx, query) => seasons.chatLimit(ctx, seasonIds(query)),
  });

  route(app, 'POST', 'set_contest_season_chat_limit', {
    auth: 'account',
    policy: 'manageChatLimits',
    body: SetContestSeasonChatLimitReq,
    handler: (ctx, body) => seasons.setChatLimit(ctx, body),
  });

  route(app, 'GET', 'fetch_site_config', {
    auth: 'public',
    query: FetchSiteConfigReq,
    handler: async (ctx) => seasons.siteConfig(ctx),
  });
}
