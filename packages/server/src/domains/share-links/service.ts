import { randomBytes } from 'node:crypto';
import {
  type CreateShareLinkReq,
  type CreateShareLinkRes,
  ErrorCode,
  type FetchOverlayStandingsRes,
  type FetchOverlayTableRes,
  type FetchSeasonLiveReq,
  type FetchSeasonLiveRes,
  type FetchShareLinkListRes,
  GameState,
  OVERLAY_TOP_DEFAULT,
  OVERLAY_TOP_MAX,
  SHARE_LINKS_MAX,
  type StandingsRowWire,
} from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { AuthedCtx, Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { lastHandEndAsOf, momentAsOf } from '../../games/moments';
import { ContestError } from '../../http/errors';
import { sha256 } from '../accounts/secrets';
import { managedContest } from '../contests/access';
import { liveContestByContestId } from '../contests/queries';
import { countingOf, rankRuleOf } from '../ranking/service';
import { type GameRow, gameOf, runningGamesOf } from '../running/queries';
import { seasonOf, seasonsOf } from '../seasons/queries';
import { presentShareLink, presentTable } from './presenter';
import * as q from './queries';

// Broadcast overlays (README "Broadcasting"): share links the creator and admins make for streaming software,
// and what their tokens open: one table's state or one season's standings, as they stood the tournament's
// spectator delay ago. A token opens its own overlay and nothing else. The public live page of a season shows the
// same, for a tournament shown in the list.

/** Characters of a token kept to tell links apart (`sl_` and four more). */
const PREFIX_LENGTH = 7;
/** Latest results and standings rows on the public live page. */
const LIVE_LATEST = 10;
const LIVE_STANDINGS = 20;
/** Rows counted of a season's standings (the most any overlay or the live page shows). */
const STANDINGS_MAX = Math.max(OVERLAY_TOP_MAX, LIVE_STANDINGS);

type SeasonKey = { uniqueId: number; seasonId: number };

/**
 * Standings are counted as of a time rounded down to this many seconds (so never younger than the delay), and
 * kept per season and time, so that many overlays and live pages of a season count its games once per step.
 */
const STANDINGS_STEP_S = 5;
const STANDINGS_KEPT = 200;
const standingsKept = new Map<string, Promise<Standing[]>>();

type StandingsKind = { mode: 'personal'; rankRule: number } | { mode: 'team' };

/** The standings of a season as of `at` (rounded down to the step), counted once per season, kind and step. */
function standingsAsOf(db: Executor, key: SeasonKey, kind: StandingsKind, at: number): Promise<Standing[]> {
  const step = Math.floor(at / STANDINGS_STEP_S) * STANDINGS_STEP_S;
  const rule = kind.mode === 'personal' ? kind.rankRule : '';
  const id = `${key.uniqueId}:${key.seasonId}:${kind.mode}:${rule}:${step}`;
  let pending = standingsKept.get(id);
  if (!pending) {
    pending =
      kind.mode === 'team'
        ? teamStandings(db, key, step, STANDINGS_MAX)
        : personalStandings(db, key, kind.rankRule, step, STANDINGS_MAX);
    standingsKept.set(id, pending);
    pending.catch(() => standingsKept.delete(id));
    if (standingsKept.size > STANDINGS_KEPT)
      standingsKept.delete(standingsKept.keys().next().value as string);
  }
  return pending;
}

function standingsKind(mode: 'personal' | 'team', season: Parameters<typeof rankRuleOf>[0]): StandingsKind {
  return mode === 'team' ? { mode } : { mode, rankRule: rankRuleOf(season) };
}

/** A share token: 256 random bits, url-safe, with a recognisable prefix. */
function newShareToken(): string {
  return `sl_${randomBytes(32).toString('base64url')}`;
}

/** The refusal of a token that opens nothing (unknown, revoked, of a deleted tournament, or of the other kind). */
function unknownLink(): ContestError {
  return new ContestError(ErrorCode.PARAM_ERROR, { message: 'no such share link' });
}

/**
 * `create_share_link`: a table overlay of one of the tournament's games, or a standings overlay of one of its
 * seasons (team standings only for a team season); 2517 for a target that is not the tournament's, 2502 past
 * the live-link limit. The token is in this answer only; its SHA-256 is kept.
 */
export async function create(
  ctx: AuthedCtx,
  req: z.infer<typeof CreateShareLinkReq>,
): Promise<z.infer<typeof CreateShareLinkRes>> {
  const token = newShareToken();
  return ctx.db.transaction(async (tx) => {
    await managedContest(tx, ctx, req.unique_id, 'shareOverlays');
    const target = await targetOf(tx, req);
    await q.lockLinksOf(tx, req.unique_id);
    if ((await q.liveLinkCount(tx, req.unique_id)) >= SHARE_LINKS_MAX)
      throw new ContestError(ErrorCode.LIMIT_REACHED);
    const row = await q.insertLink(tx, {
      uniqueId: req.unique_id,
      kind: req.kind,
      target,
      options: req.kind === 'table' ? { size: req.size } : { size: req.size, top: req.top, mode: req.mode },
      tokenHash: sha256(token),
      prefix: token.slice(0, PREFIX_LENGTH),
      creatorId: ctx.actor.id,
      createTime: ctx.now,
    });
    const shown = presentShareLink(row);
    await audit(tx, ctx, {
      action: 'share_link.create',
      targetType: 'contest',
      targetId: req.unique_id,
      before: null,
      after: { id: row.id, kind: shown.kind, target: shown.target, size: shown.size, prefix: shown.prefix },
    });
    return { ...shown, token };
  });
}

async function targetOf(db: Executor, req: z.infer<typeof CreateShareLinkReq>): Promise<string> {
  if (req.kind === 'table') {
    const game = req.game_uuid ? await gameOf(db, req.game_uuid) : undefined;
    if (!game || game.uniqueId !== req.unique_id)
      throw new ContestError(ErrorCode.PARAM_ERROR, { message: 'no such game in this tournament' });
    return game.uuid;
  }
  const season = req.season_id === undefined ? undefined : await seasonOf(db, req.unique_id, req.season_id);
  if (!season) throw new ContestError(ErrorCode.NO_ACTIVE_SEASON);
  if (req.mode === 'team' && season.rankType !== 1) throw new ContestError(ErrorCode.TEAM_IN_PERSONAL_SEASON);
  return String(season.seasonId);
}

/** `fetch_share_link_list`: the tournament's live links, newest first (never their tokens). */
export async function list(ctx: AuthedCtx, uniqueId: number): Promise<z.infer<typeof FetchShareLinkListRes>> {
  await managedContest(ctx.db, ctx, uniqueId, 'shareOverlays');
  return { list: (await q.liveLinksOf(ctx.db, uniqueId)).map(presentShareLink) };
}

/** `revoke_share_link`: the link opens nothing from now on (2517 when the tournament has no such live link). */
export async function revoke(ctx: AuthedCtx, uniqueId: number, id: number): Promise<Record<string, never>> {
  return ctx.db.transaction(async (tx) => {
    await managedContest(tx, ctx, uniqueId, 'shareOverlays');
    const row = await q.revokeLink(tx, uniqueId, id, ctx.now);
    if (!row) throw new ContestError(ErrorCode.PARAM_ERROR, { message: 'no such share link' });
    await audit(tx, ctx, {
      action: 'share_link.revoke',
      targetType: 'contest',
      targetId: uniqueId,
      before: { id: row.id, kind: row.kind, target: row.target, revoked: false },
      after: { revoked: true },
    });
    return {};
  });
}

/** The live link a token is, of the kind the call serves; else the token opens nothing here. */
async function linkOf(ctx: Ctx, token: string, kind: 'table' | 'standings') {
  const link = await q.liveLinkByHash(ctx.db, sha256(token));
  if (!link || link.kind !== kind) throw unknownLink();
  return link;
}

/** A game's table as it stood `delay` seconds before now. */
async function tableAsOf(db: Executor, game: GameRow, at: number) {
  const moment = await momentAsOf(db, game.uuid, at);
  const lastEnd = moment?.kind === 'hand_end' ? moment : await lastHandEndAsOf(db, game.uuid, at);
  const ended = game.state !== GameState.START && game.endTime != null && game.endTime <= at;
  return presentTable(game, moment, lastEnd, ended);
}

/** `fetch_overlay_table`: the link's table (scores, round, sticks, riichi, last hand result) `delay` ago. */
export async function overlayTable(ctx: Ctx, token: string): Promise<z.infer<typeof FetchOverlayTableRes>> {
  const link = await linkOf(ctx, token, 'table');
  const game = await gameOf(ctx.db, link.target);
  if (!game || game.uniqueId !== link.uniqueId) throw unknownLink();
  const table = await tableAsOf(ctx.db, game, ctx.now - link.delay);
  return { ...table, size: link.options.size, delay: link.delay };
}

/** `fetch_overlay_standings`: the link's season standings (top N, personal or team) `delay` ago. */
export async function overlayStandings(
  ctx: Ctx,
  token: string,
): Promise<z.infer<typeof FetchOverlayStandingsRes>> {
  const link = await linkOf(ctx, token, 'standings');
  const key = { uniqueId: link.uniqueId, seasonId: Number(link.target) };
  const season = await seasonOf(ctx.db, key.uniqueId, key.seasonId);
  if (!season) throw unknownLink();
  const mode = link.options.mode ?? 'personal';
  const top = link.options.top ?? OVERLAY_TOP_DEFAULT;
  const at = ctx.now - link.delay;
  const list = (await standingsAsOf(ctx.db, key, standingsKind(mode, season), at)).slice(0, top);
  return { size: link.options.size, mode, top, delay: link.delay, list };
}

type Standing = z.infer<typeof StandingsRowWire>;

/** Ranks by (qualified, score), higher first; equal ones share a rank (1, 1, 3). */
function ranked<T extends { qualified: number; score: number }>(rows: T[]): (T & { rank: number })[] {
  const sorted = [...rows].sort((a, b) => b.qualified - a.qualified || b.score - a.score);
  const out: (T & { rank: number })[] = [];
  sorted.forEach((row, i) => {
    const prev = out[i - 1];
    const same = prev && prev.qualified === row.qualified && prev.score === row.score;
    out.push({ ...row, rank: same ? prev.rank : i + 1 });
  });
  return out;
}

/**
 * The personal standings from the counted games that ended by `at`, under the season's rank rule, as the
 * ranking counts them: every game, the total of the N latest, or the best N consecutive; players with fewer
 * than N games rank after those with N, by the total of the games they have.
 */
async function personalStandings(
  db: Executor,
  key: SeasonKey,
  rankRule: number,
  at: number,
  top: number,
): Promise<Standing[]> {
  const counting = countingOf(rankRule);
  const byPlayer = new Map<number, number[]>();
  for (const g of await q.countedGamesUntil(db, key, at)) {
    const points = byPlayer.get(g.accountId) ?? [];
    points.push(g.totalPoint);
    byPlayer.set(g.accountId, points);
  }
  const rows = [...byPlayer].map(([accountId, points]) => {
    const total = points.reduce((a, b) => a + b, 0);
    if (counting.kind === 'all') return { accountId, games: points.length, score: total, qualified: 1 };
    const n = counting.count;
    if (points.length < n) return { accountId, games: points.length, score: total, qualified: 0 };
    let score = points.slice(-n).reduce((a, b) => a + b, 0);
    if (counting.kind === 'consecutive') {
      let run = points.slice(0, n).reduce((a, b) => a + b, 0);
      score = run;
      for (let i = n; i < points.length; i++) {
        run += points[i] - points[i - n];
        score = Math.max(score, run);
      }
    }
    return { accountId, games: points.length, score, qualified: 1 };
  });
  const shown = ranked(rows)
    .sort((a, b) => a.rank - b.rank || a.accountId - b.accountId)
    .slice(0, top);
  const names = await q.seasonNames(
    db,
    key,
    shown.map((r) => r.accountId),
  );
  return shown.map((r) => ({
    rank: r.rank,
    name: names.get(r.accountId) ?? '',
    score: r.score,
    games: r.games,
  }));
}

/** The team standings from the counted games that ended by `at`: members' totals plus the team's score change. */
async function teamStandings(db: Executor, key: SeasonKey, at: number, top: number): Promise<Standing[]> {
  const totals = new Map<number, { points: number; games: number }>();
  for (const g of await q.countedGamesUntil(db, key, at)) {
    const t = totals.get(g.accountId) ?? { points: 0, games: 0 };
    t.points += g.totalPoint;
    t.games += 1;
    totals.set(g.accountId, t);
  }
  const rows = (await q.teamsWithMembers(db, key)).map((team) => {
    let score = team.modifyScore;
    let games = 0;
    for (const id of team.members) {
      score += totals.get(id)?.points ?? 0;
      games += totals.get(id)?.games ?? 0;
    }
    return { id: team.id, name: team.name, score, games, qualified: 1 };
  });
  return ranked(rows)
    .sort((a, b) => a.rank - b.rank || a.id - b.id)
    .slice(0, top)
    .map((r) => ({ rank: r.rank, name: r.name, score: r.score, games: r.games }));
}

/**
 * `fetch_season_live`: a season's public live page, for a tournament shown in the list (`open_show`; else 2501,
 * as for one that does not exist): standings, the games running and the latest results, all as they stood the
 * spectator delay ago. Without `season_id`, the tournament's newest season (2536 when it has none).
 */
export async function seasonLive(
  ctx: Ctx,
  req: z.infer<typeof FetchSeasonLiveReq>,
): Promise<z.infer<typeof FetchSeasonLiveRes>> {
  const contest = await liveContestByContestId(ctx.db, req.contest_id);
  if (contest?.open !== 1) throw new ContestError(ErrorCode.CONTEST_NOT_FOUND);
  const season =
    req.season_id === undefined
      ? (await seasonsOf(ctx.db, contest.uniqueId)).at(-1)
      : await seasonOf(ctx.db, contest.uniqueId, req.season_id);
  if (!season) throw new ContestError(ErrorCode.NO_ACTIVE_SEASON);
  const key = { uniqueId: contest.uniqueId, seasonId: season.seasonId };
  const delay = contest.spectateDelay;
  const at = ctx.now - delay;
  const mode = season.rankType === 1 ? 'team' : 'personal';
  const standings = (await standingsAsOf(ctx.db, key, standingsKind(mode, season), at)).slice(
    0,
    LIVE_STANDINGS,
  );
  // Games that started by `at`: a game younger than the delay is not shown yet.
  const running = (await runningGamesOf(ctx.db, key)).filter((g) => g.startTime <= at);
  const games = [];
  for (const game of running) games.push(await tableAsOf(ctx.db, game, at));
  const latest = (await q.latestRecordsUntil(ctx.db, key, at, LIVE_LATEST)).map((r) => ({
    uuid: r.uuid,
    end_time: r.endTime,
    players: r.result.map((p, i) => ({
      nickname: r.seats[p.seat]?.nickname ?? '',
      place: i + 1,
      score: p.total_point,
    })),
  }));
  return {
    contest_id: contest.contestId,
    name: contest.name as z.infer<typeof FetchSeasonLiveRes>['name'],
    season_id: season.seasonId,
    delay,
    mode,
    standings,
    games,
    latest,
  };
}
