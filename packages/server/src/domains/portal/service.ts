import {
  ErrorCode,
  type FetchAccountKindRes,
  type FetchPublicContestListReq,
  type FetchPublicContestListRes,
  type FetchSeasonLobbyReq,
  type FetchSeasonLobbyRes,
} from '@taikai/protocol';
import type { z } from 'zod';
import type { AuthedCtx } from '../../context';
import { ContestError } from '../../http/errors';
import { isOrganiser } from '../chat/service';
import { spectatedContest } from '../contests/access';
import { nextGameOf } from '../plans/service';
import { reachableContest } from '../players/reach';
import { mySignup } from '../players/signup';
import { presentGame } from '../ranking/presenter';
import { recentGamesAmong } from '../ranking/queries';
import { presentRunningGame } from '../running/presenter';
import { runningGamesOf } from '../running/queries';
import { seasonState } from '../seasons/presenter';
import { seasonOf } from '../seasons/queries';
import { presentListedContest } from './presenter';
import * as q from './queries';

// The player portal's lobby of a season: what one player sees of it, gathered from the domains that own it.

/** Recent results shown in a lobby. */
const RECENT_RESULTS = 5;

/**
 * `fetch_season_lobby`: the caller's view of a season's lobby — their sign-up, whether they organise the
 * tournament, their next waiting game, the running game they sit at, their latest counted games, and whether
 * the ranking is shown (the tournament's `open_show`), chat offered (the site switch) and stamps on (the
 * tournament's emoji switch). Any logged-in account; refusals 2501 (no tournament, or a hidden one reached
 * without its `contest_id` by an account it did not invite: `reachableContest`), 2536 (no such season).
 */
export async function seasonLobby(
  ctx: AuthedCtx,
  req: z.infer<typeof FetchSeasonLobbyReq>,
): Promise<z.infer<typeof FetchSeasonLobbyRes>> {
  const ids = { uniqueId: req.unique_id, seasonId: req.season_id };
  const contest = await reachableContest(ctx.db, ids.uniqueId, ctx.actor.id, req.contest_id);
  const season = await seasonOf(ctx.db, ids.uniqueId, ids.seasonId);
  if (!season) throw new ContestError(ErrorCode.NO_ACTIVE_SEASON);
  const me = ctx.actor.id;
  const recent = (await recentGamesAmong(ctx.db, ids, [me], RECENT_RESULTS)).get(me) ?? [];
  const signup = await mySignup(ctx, ids, req.contest_id);
  return {
    unique_id: ids.uniqueId,
    season_id: ids.seasonId,
    season_state: seasonState(season, ctx.now),
    signup,
    organiser: await isOrganiser(ctx.db, ids, me),
    next_game: await nextGameOf(ctx, ids, me),
    playing: ctx.games.playingIn(me, ids.uniqueId, ids.seasonId),
    recent_results: recent.map(presentGame),
    ranking_shown: contest.open === 1,
    chat: ctx.config.seasonChat,
    stamps: contest.emojiSwitch === 1,
    watchable: await watchableGames(ctx, ids),
    // The private notice is for the roster: players whose sign-up was accepted (state 2) in this season.
    private_notice:
      signup.state === ON_ROSTER
        ? (contest.privateNotice as z.infer<typeof FetchSeasonLobbyRes>['private_notice'])
        : [],
  };
}

/** A sign-up's state once accepted: on the season's roster. */
const ON_ROSTER = 2;

/**
 * `fetch_public_contest_list`: the tournaments listed in the player portal (show-in-list on; which ones a viewer
 * sees is `listedTo`), newest first, searched by public id or name and filtered by the state of their newest
 * season, each with the caller's own sign-up state in that season. Any logged-in account.
 */
export async function publicContestList(
  ctx: AuthedCtx,
  req: z.infer<typeof FetchPublicContestListReq>,
): Promise<z.infer<typeof FetchPublicContestListRes>> {
  const { rows, total } = await q.publicContestPage(
    ctx.db,
    { accountId: ctx.actor.id },
    { search: req.search || undefined, state: req.state, now: ctx.now, offset: req.offset, limit: req.limit },
  );
  return {
    list: rows.map((row) => presentListedContest(row, ctx.now)),
    total,
  };
}

/**
 * `fetch_account_kind`: `organiser` for an operator or an account that created or manages a live tournament (it
 * lands in the console), else `player` (it lands in the player portal).
 */
export async function accountKind(ctx: AuthedCtx): Promise<z.infer<typeof FetchAccountKindRes>> {
  const organiser = ctx.actor.isOperator || (await q.organisesAny(ctx.db, ctx.actor.id));
  return { kind: organiser ? 'organiser' : 'player' };
}

/** The season's running games for a caller who may watch the tournament's games (`spectatedContest`); else null. */
async function watchableGames(ctx: AuthedCtx, ids: { uniqueId: number; seasonId: number }) {
  try {
    await spectatedContest(ctx.db, ctx, ids.uniqueId);
  } catch (err) {
    if (err instanceof ContestError) return null;
    throw err;
  }
  return (await runningGamesOf(ctx.db, ids)).map((game) => presentRunningGame(game, ctx.now));
}
