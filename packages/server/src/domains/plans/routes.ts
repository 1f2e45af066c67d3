import {
  CreateGamePlanReq,
  FetchContestGamePlanListReq,
  ReadyPlayerListReq,
  RemoveContestPlanGameReq,
} from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import * as plans from './service';

const seasonIds = (input: { unique_id: number; season_id: number }) => ({
  uniqueId: input.unique_id,
  seasonId: input.season_id,
});

/** Planned games: the ready players, planning a table, the waiting plans, stopping one. */
export function planRoutes(app: FastifyInstance): void {
  route(app, 'GET', 'ready_player_list', {
    auth: 'account',
    policy: 'viewSeason',
    query: ReadyPlayerListReq,
    handler: (ctx, query) => plans.readyPlayers(ctx, seasonIds(query)),
  });

  route(app, 'POST', 'create_game_plan', {
    auth: 'account',
    policy: 'manageGames',
    body: CreateGamePlanReq,
    handler: (ctx, body) => plans.createPlan(ctx, body),
  });

  route(app, 'GET', 'fetch_contest_game_plan_list', {
    auth: 'account',
    policy: 'viewSeason',
    query: FetchContestGamePlanListReq,
    handler: (ctx, query) => plans.planList(ctx, seasonIds(query)),
  });

  route(app, 'POST', 'remove_contest_plan_game', {
    auth: 'account',
    policy: 'manageGames',
    body: RemoveContestPlanGameReq,
    handler: (ctx, body) => plans.removePlan(ctx, body),
  });
}
