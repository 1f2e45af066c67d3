import {
  FetchSeasonPlayerCalcRankReq,
  FetchSeasonPlayerDataReq,
  FetchSeasonPlayerRankReq,
  FetchSeasonPublicRankReq,
} from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import * as ranking from './service';

/** The season's personal ranking, the calculated ranking and one player's statistics; always up to date. */
export function rankingRoutes(app: FastifyInstance): void {
  // The console posts; bots read it with a query: both are served.
  route(app, 'POST', 'fetch_season_player_rank', {
    auth: 'account',
    policy: 'viewSeason',
    body: FetchSeasonPlayerRankReq,
    handler: (ctx, body) => ranking.seasonRank(ctx, body),
  });
  route(app, 'GET', 'fetch_season_player_rank', {
    auth: 'account',
    policy: 'viewSeason',
    query: FetchSeasonPlayerRankReq,
    handler: (ctx, query) => ranking.seasonRank(ctx, query),
  });

  route(app, 'POST', 'fetch_season_player_calc_rank', {
    auth: 'account',
    policy: 'viewSeason',
    body: FetchSeasonPlayerCalcRankReq,
    handler: (ctx, body) => ranking.calcRank(ctx, body),
  });

  route(app, 'GET', 'fetch_season_player_data', {
    auth: 'account',
    policy: 'viewSeason',
    query: FetchSeasonPlayerDataReq,
    handler: (ctx, query) => ranking.playerData(ctx, query),
  });

  // The player portal: any logged-in account, when the organiser shows the ranking.
  route(app, 'GET', 'fetch_season_public_rank', {
    auth: 'account',
    query: FetchSeasonPublicRankReq,
    handler: (ctx, query) => ranking.publicRank(ctx, query),
  });
}
