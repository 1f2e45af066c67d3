import {
  decodeRankRule,
  ErrorCode,
  type FetchSeasonPlayerCalcRankReq,
  type FetchSeasonPlayerCalcRankRes,
  type FetchSeasonPlayerDataReq,
  type FetchSeasonPlayerDataRes,
  type FetchSeasonPlayerRankReq,
  type FetchSeasonPlayerRankRes,
  type FetchSeasonPublicRankReq,
  type FetchSeasonPublicRankRes,
  LIMITS,
  RankRule,
  validateCalcRankSetting,
} from '@taikai/protocol';
import type { z } from 'zod';
import type { AuthedCtx } from '../../context';
import type { Executor } from '../../db/client';
import { ContestError, messageOf } from '../../http/errors';
import { namesOf } from '../accounts/service';
import { refuseFirst } from '../contests/names';
import { playersAmong } from '../players/queries';
import { reachableContest } from '../players/reach';
import { type SeasonRow, seasonOf } from '../seasons/queries';
import { managedSeason } from '../seasons/service';
import { teamNamesAmong } from '../teams/service';
import {
  type Names,
  presentCalcRow,
  presentPlayerData,
  presentPublicRankRow,
  presentRankRow,
} from './presenter';
import * as q from './queries';

// Season rankings and player statistics (README "Rankings"), read by the organisers and observers
// (`viewSeason`). Every read computes from the records as they are at that moment: a finished, removed or
// restored game shows in the next read. Ranked players are those with a counted game in the season (a seat of a
// record that is not removed), whether or not they are on the roster now.

type SeasonReq = { unique_id: number; season_id: number };
const keyOf = (req: SeasonReq): q.SeasonKey => ({ uniqueId: req.unique_id, seasonId: req.season_id });

/** Team seasons rank with rule none; a personal season by its rank rule (an unknown code counts every game). */
export function rankRuleOf(season: Pick<SeasonRow, 'rankRule' | 'rankType'>): number {
  if (season.rankType === 1) return 0;
  return decodeRankRule(season.rankRule) ? season.rankRule : 0;
}

/** What a rank rule code sums. */
export function countingOf(code: number): q.Counting {
  const rule = decodeRankRule(code);
  if (!rule || rule.kind === RankRule.NONE) return { kind: 'all' };
  return { kind: rule.kind === RankRule.RECENT_TOTAL ? 'recent' : 'consecutive', count: rule.count };
}

/** Rows past the 5000th of a ranking are never served: a page is cut there. */
function withinCap(page: q.Paging): q.Paging {
  return {
    offset: page.offset,
    limit: Math.max(0, Math.min(page.limit, LIMITS.RANK_INFO_MAX - page.offset)),
  };
}

/** Season nicknames (else the account's), remarks and teams (team seasons) of some accounts. */
async function namesAmong(db: Executor, season: SeasonRow, ids: number[]): Promise<Names> {
  const [entries, accounts, teams] = [
    await playersAmong(db, season, ids),
    await namesOf(db, ids),
    await teamNamesAmong(db, season, ids),
  ];
  return (id) => {
    const entry = entries.get(id);
    return {
      nickname: entry?.nickname ?? accounts.get(id) ?? '',
      remark: entry?.remark ?? '',
      team_name: teams.get(id) ?? '',
    };
  };
}

/**
 * `fetch_season_player_rank`: a page of the season's personal ranking under its rank rule. Qualified players
 * (with the N games a counting rule needs) rank first by score, then the others by the total of the games they
 * have; equal scores share a rank, account id orders within it.
 */
export async function seasonRank(
  ctx: AuthedCtx,
  req: z.infer<typeof FetchSeasonPlayerRankReq>,
): Promise<z.infer<typeof FetchSeasonPlayerRankRes>> {
  const key = keyOf(req);
  const { season } = await managedSeason(ctx.db, ctx, key, 'viewSeason');
  const rankRule = rankRuleOf(season);
  const counting = countingOf(rankRule);
  const page = withinCap(req);
  if (page.limit === 0) return { list: [], total: await q.rankedCount(ctx.db, key), rank_rule: rankRule };
  const { rows, total } = await q.rankPage(ctx.db, key, counting, page);
  const teams = await teamNamesAmong(
    ctx.db,
    season,
    rows.map((r) => r.accountId),
  );
  return {
    list: rows.map((row) =>
      presentRankRow(row, {
        nickname: row.nickname,
        remark: row.remark,
        team_name: teams.get(row.accountId) ?? '',
      }),
    ),
    total,
    rank_rule: rankRule,
  };
}

/**
 * `fetch_season_player_calc_rank`: the calculated ranking of `setting` (2517 unless the four position points are
 * each −100…100 and sum to 0, the divisor ≥ 1 and the minimum games ≥ 0). Only players with `min_games` games
 * are ranked; equal scores share a rank.
 */
export async function calcRank(
  ctx: AuthedCtx,
  req: z.infer<typeof FetchSeasonPlayerCalcRankReq>,
): Promise<z.infer<typeof FetchSeasonPlayerCalcRankRes>> {
  const key = keyOf(req);
  const { season } = await managedSeason(ctx.db, ctx, key, 'viewSeason');
  refuseFirst(validateCalcRankSetting(req.setting));
  const setting = {
    points: req.setting.points,
    divisor: req.setting.divisor,
    minGames: req.setting.min_games,
  };
  const page = withinCap(req);
  const { rows, total } = await q.calcRankPage(ctx.db, key, setting, {
    ...page,
    limit: Math.max(page.limit, 1),
  });
  const listed = page.limit === 0 ? [] : rows;
  const names = await namesAmong(
    ctx.db,
    season,
    listed.map((r) => r.accountId),
  );
  return { list: listed.map((row) => presentCalcRow(row, names(row.accountId))), total };
}

/**
 * `fetch_season_player_data`: one player's season: games, places and their rates, average place and score,
 * total, best series, current rank, the 10 latest games and every game for the chart. An account without
 * counted games in the season has zero statistics; an account that does not exist answers 1002.
 */
export async function playerData(
  ctx: AuthedCtx,
  req: z.infer<typeof FetchSeasonPlayerDataReq>,
): Promise<z.infer<typeof FetchSeasonPlayerDataRes>> {
  const key = keyOf(req);
  const { season } = await managedSeason(ctx.db, ctx, key, 'viewSeason');
  const accountId = req.account_id;
  if ((await namesOf(ctx.db, [accountId])).size === 0)
    throw new ContestError(ErrorCode.ACCOUNT_NOT_FOUND, {
      message: `${messageOf(ErrorCode.ACCOUNT_NOT_FOUND)} (account_id)`,
    });
  const names = await namesAmong(ctx.db, season, [accountId]);
  const counting = countingOf(rankRuleOf(season));
  const totals = (await q.totalsAmong(ctx.db, key, counting, [accountId])).get(accountId);
  const ranked = totals ? await q.rankOf(ctx.db, key, counting, accountId) : undefined;
  const games = totals ? await q.gamesOf(ctx.db, key, accountId) : [];
  return presentPlayerData(accountId, names(accountId), totals, ranked?.rank ?? 0, games);
}

/**
 * What a roster row shows of a player's season (`account_data`): counted games, the 10 latest (place and
 * points), and the best series under the season's rank rule.
 */
export async function accountDataAmong(db: Executor, key: q.SeasonKey, season: SeasonRow, ids: number[]) {
  const data = await q.accountDataAmong(db, key, countingOf(rankRuleOf(season)), ids);
  return new Map(
    ids.map((id) => {
      const found = data.get(id);
      return [
        id,
        {
          total_game_count: found?.games ?? 0,
          recent_games: (found?.recent ?? []).map((g) => ({ rank: g.place, total_point: g.totalPoint })),
          highest_series_points: found?.bestSeries ?? 0,
        },
      ];
    }),
  );
}

/**
 * `fetch_season_public_rank` (the player portal): the season's personal ranking as `fetch_season_player_rank`
 * makes it, without the organisers' remarks, for any logged-in account — when the organiser shows it. Ruling:
 * the organiser shows a season's ranking by showing the tournament in the public list (its show-in-list switch,
 * `open_show`, stored as `open`); with it off the answer is `shown` false and lists nobody. `me` is the caller's
 * own row wherever it ranks. Refusals: 2501 no tournament (or deleted, or hidden and reached without its
 * `contest_id` by an account it did not invite: `reachableContest`), 2536 no such season.
 */
export async function publicRank(
  ctx: AuthedCtx,
  req: z.infer<typeof FetchSeasonPublicRankReq>,
): Promise<z.infer<typeof FetchSeasonPublicRankRes>> {
  const key = keyOf(req);
  const contest = await reachableContest(ctx.db, key.uniqueId, ctx.actor.id, req.contest_id);
  const season = await seasonOf(ctx.db, key.uniqueId, key.seasonId);
  if (!season) throw new ContestError(ErrorCode.NO_ACTIVE_SEASON);
  const rankRule = rankRuleOf(season);
  if (contest.open !== 1) return { shown: false, list: [], total: 0, rank_rule: rankRule, me: null };
  const counting = countingOf(rankRule);
  const page = withinCap(req);
  const { rows, total } =
    page.limit === 0
      ? { rows: [], total: await q.rankedCount(ctx.db, key) }
      : await q.rankPage(ctx.db, key, counting, page);
  const mine = await q.rankOf(ctx.db, key, counting, ctx.actor.id);
  const names = await namesAmong(ctx.db, season, [...rows.map((r) => r.accountId), ctx.actor.id]);
  const present = (row: q.RankedRow) => presentPublicRankRow(row, names(row.accountId).nickname);
  return {
    shown: true,
    list: rows.map(present),
    total,
    rank_rule: rankRule,
    me: mine ? present(mine) : null,
  };
}
