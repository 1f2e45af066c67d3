import {
  FetchContestGameRecordFileReq,
  FetchContestGameRecordsReq,
  FetchContestSeasonPlayerGameRecordReq,
  FetchMarkedContestGameReq,
  FetchMyGameRecordFileReq,
  FetchMyGameRecordsReq,
  SetContestGameRecordTagReq,
  UpdateContestGameRecordReq,
} from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import * as records from './service';

/** Game records of a season: lists, a player's games, yakuman marks, the verifiable game file; remove and tag. */
export function recordRoutes(app: FastifyInstance): void {
  // WIRE.md reads the record list with a query; the spec lists it with the POST calls too: both are served.
  route(app, 'GET', 'fetch_contest_game_records', {
    auth: 'account',
    policy: 'viewSeason',
    query: FetchContestGameRecordsReq,
    handler: (ctx, query) => records.recordList(ctx, query),
  });
  route(app, 'POST', 'fetch_contest_game_records', {
    auth: 'account',
    policy: 'viewSeason',
    body: FetchContestGameRecordsReq,
    handler: (ctx, body) => records.recordList(ctx, body),
  });

  route(app, 'GET', 'fetch_marked_contest_game', {
    auth: 'account',
    policy: 'viewSeason',
    query: FetchMarkedContestGameReq,
    handler: (ctx, query) => records.markedGames(ctx, query),
  });
  route(app, 'POST', 'fetch_marked_contest_game', {
    auth: 'account',
    policy: 'viewSeason',
    body: FetchMarkedContestGameReq,
    handler: (ctx, body) => records.markedGames(ctx, body),
  });

  route(app, 'GET', 'fetch_contest_season_player_game_record', {
    auth: 'account',
    policy: 'viewSeason',
    query: FetchContestSeasonPlayerGameRecordReq,
    handler: (ctx, query) => records.playerRecords(ctx, query),
  });

  route(app, 'GET', 'fetch_contest_game_record_file', {
    auth: 'account',
    policy: 'viewSeason',
    query: FetchContestGameRecordFileReq,
    handler: (ctx, query) => records.recordFile(ctx, query),
  });

  route(app, 'POST', 'update_contest_game_record', {
    auth: 'account',
    policy: 'manageGames',
    body: UpdateContestGameRecordReq,
    handler: (ctx, body) => records.updateRecord(ctx, body),
  });

  route(app, 'POST', 'set_contest_game_record_tag', {
    auth: 'account',
    policy: 'manageGames',
    body: SetContestGameRecordTagReq,
    handler: (ctx, body) => records.setRecordTag(ctx, body),
  });

  // The player's side: any logged-in account, about their own games.
  route(app, 'GET', 'fetch_my_game_records', {
    auth: 'account',
    query: FetchMyGameRecordsReq,
    handler: (ctx, query) => records.myRecords(ctx, query),
  });

  route(app, 'GET', 'fetch_my_game_record_file', {
    auth: 'account',
    query: FetchMyGameRecordFileReq,
    handler: (ctx, query) => records.myRecordFile(ctx, query),
  });
}
