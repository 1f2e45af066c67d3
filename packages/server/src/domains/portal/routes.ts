import { FetchAccountKindReq, FetchPublicContestListReq, FetchSeasonLobbyReq } from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import * as portal from './service';

/**
 * The player portal's lobby, its public tournament list, and where an account lands after logging in. The portal's other calls live with the data they read: `fetch_my_contests`
 * (players), `fetch_season_public_rank` (ranking), `fetch_my_game_records` and `fetch_my_game_record_file`
 * (records), `delete_season_chat_message` (chat).
 */
export function portalRoutes(app: FastifyInstance): void {
  route(app, 'GET', 'fetch_season_lobby', {
    auth: 'account',
    query: FetchSeasonLobbyReq,
    handler: (ctx, query) => portal.seasonLobby(ctx, query),
  });

  route(app, 'GET', 'fetch_public_contest_list', {
    auth: 'account',
    query: FetchPublicContestListReq,
    handler: (ctx, query) => portal.publicContestList(ctx, query),
  });

  route(app, 'GET', 'fetch_account_kind', {
    auth: 'account',
    query: FetchAccountKindReq,
    handler: (ctx) => portal.accountKind(ctx),
  });
}
