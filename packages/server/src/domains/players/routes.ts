import {
  AddContestSeasonPlayerReq,
  CancelContestSeasonSignupReq,
  CheckContestSeasonPlayerReq,
  ContestSeasonPlayerLimitReq,
  ContestSeasonPlayerListReq,
  FetchContestPublicInfoReq,
  FetchContestSeasonSignupReq,
  FetchMyContestsReq,
  ImportContestSeasonPlayerReq,
  MarkContestSeasonPlayerReq,
  RemoveContestSeasonPlayerReq,
  SearchAccountsReq,
  SetContestSeasonPlayerLimitReq,
  SignupContestSeasonReq,
  UpdateContestSeasonPlayerNicknameReq,
} from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import * as blacklist from './blacklist';
import * as roster from './roster';
import * as signup from './signup';

const seasonIds = (req: { unique_id: number; season_id: number }) => ({
  uniqueId: req.unique_id,
  seasonId: req.season_id,
});

/** A season's players: the player's own sign-up, review, roster, blacklist, import; account search. */
export function playerRoutes(app: FastifyInstance): void {
  // The player's side: any logged-in account.
  route(app, 'GET', 'fetch_contest_public_info', {
    auth: 'account',
    query: FetchContestPublicInfoReq,
    handler: (ctx, query) => signup.publicInfo(ctx, query.contest_id),
  });

  route(app, 'POST', 'signup_contest_season', {
    auth: 'account',
    body: SignupContestSeasonReq,
    handler: (ctx, body) => signup.signup(ctx, seasonIds(body), body.contest_id),
  });

  route(app, 'POST', 'cancel_contest_season_signup', {
    auth: 'account',
    body: CancelContestSeasonSignupReq,
    handler: (ctx, body) => signup.cancelSignup(ctx, seasonIds(body), body.contest_id),
  });

  route(app, 'GET', 'fetch_contest_season_signup', {
    auth: 'account',
    query: FetchContestSeasonSignupReq,
    handler: (ctx, query) => signup.mySignup(ctx, seasonIds(query), query.contest_id),
  });

  route(app, 'GET', 'fetch_my_contests', {
    auth: 'account',
    query: FetchMyContestsReq,
    handler: (ctx) => signup.myContests(ctx),
  });

  // The organisers' side.
  route(app, 'GET', 'contest_season_player_list', {
    auth: 'account',
    policy: 'viewSeason',
    query: ContestSeasonPlayerListReq,
    handler: (ctx, query) => roster.playerList(ctx, query),
  });

  route(app, 'POST', 'check_contest_season_player', {
    auth: 'account',
    policy: 'reviewSignups',
    body: CheckContestSeasonPlayerReq,
    handler: (ctx, body) => roster.checkPlayers(ctx, body),
  });

  route(app, 'POST', 'add_contest_season_player', {
    auth: 'account',
    policy: 'manageRoster',
    body: AddContestSeasonPlayerReq,
    handler: (ctx, body) => roster.addPlayers(ctx, body),
  });

  route(app, 'POST', 'remove_contest_season_player', {
    auth: 'account',
    policy: 'manageRoster',
    body: RemoveContestSeasonPlayerReq,
    handler: (ctx, body) => roster.removePlayers(ctx, body),
  });

  route(app, 'POST', 'mark_contest_season_player', {
    auth: 'account',
    policy: 'manageRoster',
    body: MarkContestSeasonPlayerReq,
    handler: (ctx, body) => roster.markPlayer(ctx, body),
  });

  route(app, 'POST', 'update_contest_season_player_nickname', {
    auth: 'account',
    policy: 'manageRoster',
    body: UpdateContestSeasonPlayerNicknameReq,
    handler: (ctx, body) => roster.renamePlayer(ctx, body),
  });

  route(app, 'POST', 'import_contest_season_player', {
    auth: 'account',
    policy: 'manageRoster',
    body: ImportContestSeasonPlayerReq,
    handler: (ctx, body) => roster.importPlayers(ctx, body),
  });

  route(app, 'GET', 'contest_season_player_limit', {
    auth: 'account',
    policy: 'viewSeason',
    query: ContestSeasonPlayerLimitReq,
    handler: (ctx, query) => blacklist.playerLimit(ctx, seasonIds(query)),
  });

  route(app, 'POST', 'set_contest_season_player_limit', {
    auth: 'account',
    policy: 'manageBlacklist',
    body: SetContestSeasonPlayerLimitReq,
    handler: (ctx, body) => blacklist.setPlayerLimit(ctx, body),
  });

  // Account lookup for the roster dialogs: any logged-in account.
  route(app, 'POST', 'search_accounts', {
    auth: 'account',
    body: SearchAccountsReq,
    handler: (ctx, body) => roster.searchAccounts(ctx, body.account_list),
  });
}
