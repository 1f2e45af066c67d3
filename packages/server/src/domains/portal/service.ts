import { ErrorCode, type FetchSeasonLobbyReq, type FetchSeasonLobbyRes } from '@taikai/protocol';
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
  return {
    unique_id: ids.uniqueId,
    season_id: ids.seasonId,
    season_state: seasonState(season, ctx.now),
    signup: await mySignup(ctx, ids, req.contest_id),
    organiser: await isOrganiser(ctx.db, ids, me),
    next_game: await nextGameOf(ctx, ids, me),
    playing: ctx.games.playingIn(me, ids.uniqueId, ids.seasonId),
    recent_results: recent.map(presentGame),
    ranking_shown: contest.open === 1,
    chat: ctx.config.seasonChat,
    stamps: contest.emojiSwitch === 1,
    watchable: await watchableGames(ctx, ids),
  };
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
