import {
  ContestFailedGameListReq,
  ContestRunningGameListReq,
  PauseContestRunningGameReq,
  TerminateContestRunningGameReq,
  UpdateContestGameRemarkReq,
} from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context';
import { ok } from '../../http/envelope';
import { PREFIXES, route } from '../../http/route';
import * as running from './service';

/** A game-side refusal reads from an HTTP 200 body, both inside `data` and at the top level (WIRE.md). */
const gameSide = (answer: Record<string, never> | running.GameSideRefusal) =>
  'error' in answer ? { data: { error: answer.error }, error: answer.error } : ok(answer);

/** Running games: the list, pause and resume, terminate, the tag; failed tables; the public realtime progress. */
export function runningRoutes(app: FastifyInstance): void {
  route(app, 'GET', 'contest_running_game_list', {
    auth: 'account',
    policy: 'viewSeason',
    query: ContestRunningGameListReq,
    handler: (ctx, query) =>
      running.runningList(ctx, { uniqueId: query.unique_id, seasonId: query.season_id }),
  });

  route(app, 'GET', 'contest_failed_game_list', {
    auth: 'account',
    policy: 'viewSeason',
    query: ContestFailedGameListReq,
    handler: (ctx, query) =>
      running.failedList(ctx, { uniqueId: query.unique_id, seasonId: query.season_id }),
  });

  route(app, 'POST', 'pause_contest_running_game', {
    auth: 'account',
    policy: 'manageGames',
    body: PauseContestRunningGameReq,
    envelope: gameSide,
    handler: (ctx, body) => running.pauseGame(ctx, body),
  });

  route(app, 'POST', 'terminate_contest_running_game', {
    auth: 'account',
    policy: 'manageGames',
    body: TerminateContestRunningGameReq,
    handler: (ctx, body) => running.terminateGame(ctx, body),
  });

  route(app, 'POST', 'update_contest_game_remark', {
    auth: 'account',
    policy: 'manageGames',
    body: UpdateContestGameRemarkReq,
    handler: (ctx, body) => running.updateRemark(ctx, body),
  });

  // No auth and no `data` wrapper, with the uuid in the path: a plain route under both prefixes, outside the
  // call registry (the authorization matrix and the bad-input walk cover `{data}` calls; test/games covers it).
  // A wildcard rather than a `:uuid` parameter, so that an overlong uuid answers {} like any malformed one
  // (Fastify refuses parameters over 100 characters with 414).
  for (const prefix of PREFIXES) {
    app.get<{ Params: { '*': string } }>(`${prefix}/game/realtime/*`, async (request, reply) => {
      const match = /^([^/]*)\/progress\/latest$/.exec(request.params['*']);
      if (!match) return reply.callNotFound();
      const deps = app.deps;
      const ctx: Ctx = { ...deps, actor: null, ip: request.ip, now: deps.clock.now() };
      return running.realtimeProgress(ctx, match[1]);
    });
  }
}
