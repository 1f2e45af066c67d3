import { randomInt } from 'node:crypto';
import {
  type CheckContestRuleReq,
  type CheckContestRuleRes,
  CONSOLE_LANGS,
  ContestKind,
  type CreateContestReq,
  type CreateContestRes,
  completeDetailRule,
  ErrorCode,
  type FetchContestDetailRes,
  type FetchContestListRes,
  type I18nText,
  LIMITS,
  playerCountOf,
  type UpdateContestBaseReq,
  validateDetailRule,
  validateNotice,
  validateTimeRange,
  ZONES,
} from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { AuthedCtx } from '../../context';
import type { Executor } from '../../db/client';
import { ContestError } from '../../http/errors';
import { type Role, roleOf } from '../../policy';
import { lockAccount, mayCreate, spendCurrency } from '../accounts/service';
import * as admins from '../admins/service';
import type { SeasonRow } from '../seasons/queries';
import * as seasons from '../seasons/service';
import { managedContest, managedContestWithSeasons } from './access';
import { refuseFirst, validContestName } from './names';
import { presentDetail, presentListItem } from './presenter';
import * as q from './queries';
import { type ContestChanges, holdForReview, same } from './review';
import {
  checkRule,
  gameLimitAfter,
  mergedContestSetting,
  presentCheck,
  refuseRule,
  refuseUnplayable,
} from './rules';

type Detail = z.infer<typeof FetchContestDetailRes>;

/** Names with forbidden words masked. */
const maskNames = (ctx: AuthedCtx, name: I18nText): I18nText =>
  name.map((e) => ({ lang: e.lang, content: ctx.words.mask(e.content) }));

/** Attempts at drawing an unused six-digit public id before giving up with 2503. */
const CONTEST_ID_TRIES = 20;

export async function newContestId(tx: Executor): Promise<number> {
  for (let i = 0; i < CONTEST_ID_TRIES; i++) {
    const id = randomInt(100_000, 1_000_000);
    if (!(await q.contestIdTaken(tx, id))) return id;
  }
  throw new ContestError(ErrorCode.ID_GENERATION_FAILED);
}

/**
 * Creates a tournament and its first season, paying 60 currency, in one transaction. Refusals in order:
 * 2516 no creation right · 2517/2547 name · 2562/2549 times · 2517 rule · 2523 a rule the game server cannot
 * play yet (a mode that does not play, with `error.unsupported`) · 2515 one per 7 days · 501 currency. A refused
 * creation costs nothing.
 */
export async function createContest(
  ctx: AuthedCtx,
  req: z.infer<typeof CreateContestReq>,
): Promise<z.infer<typeof CreateContestRes>> {
  if (!(await mayCreate(ctx.db, ctx.actor.id))) throw new ContestError(ErrorCode.NO_CREATE_RIGHT);
  // A name in each of the five console languages turns multi-language on.
  const multiLanguage = CONSOLE_LANGS.every((lang) =>
    req.name.some((e) => e.lang === lang && e.content.trim()),
  );
  const name = maskNames(ctx, validContestName(req.name, multiLanguage));
  refuseFirst(validateTimeRange({ start_time: req.start_time, end_time: req.end_time }, ctx.now));
  const roundType = req.game_rule_setting.mode;
  const rule = completeDetailRule(req.game_rule_setting.detail_rule, roundType);
  const violations = validateDetailRule(rule, playerCountOf(roundType));
  if (violations.length) {
    const v = violations[0];
    throw new ContestError(ErrorCode.PARAM_ERROR, { message: `detail_rule.${v.field}: ${v.reason}` });
  }
  refuseUnplayable(rule, roundType, ErrorCode.TYPE_NOT_CREATABLE);
  const emojiSwitch = req.game_rule_setting.game_setting?.emoji_switch ?? rule.emoji_switch ?? 0;

  return ctx.db.transaction(async (tx) => {
    // Two creations racing for the same account wait for each other here.
    await lockAccount(tx, ctx.actor.id);
    const last = await q.lastCreationTime(tx, ctx.actor.id);
    if (last !== null && ctx.now < last + LIMITS.CREATE_COOLDOWN_S) {
      const next = last + LIMITS.CREATE_COOLDOWN_S;
      throw new ContestError(ErrorCode.CREATE_COOLDOWN, { data: { next_time: next }, params: { next } });
    }
    await spendCurrency(tx, ctx, LIMITS.CREATE_COST, 'create_contest');
    const row = await q.insertContest(tx, {
      contestId: await newContestId(tx),
      creatorId: ctx.actor.id,
      name,
      open: req.open_show,
      i18nSwitch: multiLanguage ? 1 : 0,
      showZones: [...ZONES],
      availableZones: [...ZONES],
      contestType: ContestKind.UNOFFICIAL,
      roundType,
      detailRule: rule,
      emojiSwitch,
      contestSetting: { game_limit: rule.max_game_count, system_broadcast: 0, level_limit: [] },
      publicNotice: [],
      privateNotice: [],
      managerNotice: [],
      maxPlayerCount: LIMITS.PARTICIPANTS_MAX,
      startTime: req.start_time,
      finishTime: req.end_time,
      createTime: ctx.now,
    });
    await audit(tx, ctx, {
      action: 'contest.create',
      targetType: 'contest',
      targetId: row.uniqueId,
      before: null,
      after: row,
    });
    const season = await seasons.createFirstSeason(tx, ctx, row);
    return { unique_id: row.uniqueId, contest_id: row.contestId, season_id: season.seasonId };
  });
}

/** Tournaments the account created or administers, newest first. */
export async function contestList(ctx: AuthedCtx): Promise<z.infer<typeof FetchContestListRes>> {
  const adminOf = await admins.administeredBy(ctx.db, ctx.actor.id);
  const rows = await q.contestsOfManager(ctx.db, ctx.actor.id, [...adminOf.keys()]);
  const latest = await seasons.latestSeasons(
    ctx.db,
    rows.map((r) => r.uniqueId),
  );
  return rows.map((row) =>
    presentListItem(
      row,
      latest.get(row.uniqueId) ?? null,
      row.creatorId === ctx.actor.id ? 'creator' : (adminOf.get(row.uniqueId) ?? 'none'),
      ctx.now,
    ),
  );
}

async function detailOf(
  db: Executor,
  ctx: AuthedCtx,
  row: q.ContestRow,
  managers: admins.Managers,
  role: Role = roleOf(ctx.actor, { creatorId: row.creatorId, ...managers }),
  seasonRows?: SeasonRow[],
): Promise<Detail> {
  return presentDetail(row, {
    seasons: seasonRows
      ? seasons.presentSeasons(seasonRows, ctx.now)
      : await seasons.seasonList(db, row.uniqueId, ctx.now),
    admins: await admins.adminList(db, managers),
    role,
    now: ctx.now,
  });
}

export async function contestDetail(ctx: AuthedCtx, uniqueId: number): Promise<Detail> {
  const { row, adminIds, managerRoles, role, seasons } = await managedContestWithSeasons(
    ctx.db,
    ctx,
    uniqueId,
    'view',
  );
  return detailOf(ctx.db, ctx, row, { adminIds, managerRoles }, role, seasons);
}

const sortedZones = (zones: number[]) => [...new Set(zones)].sort((a, b) => a - b);

/** Multilingual text with forbidden words masked and empty entries left out; one entry per language (2517). */
export function cleanText(ctx: AuthedCtx, field: string, text: I18nText): I18nText {
  if (new Set(text.map((e) => e.lang)).size !== text.length) {
    throw new ContestError(ErrorCode.PARAM_ERROR, { message: `${field}: one entry per language` });
  }
  return text
    .filter((e) => e.content.trim() !== '')
    .map((e) => ({ lang: e.lang, content: ctx.words.mask(e.content) }));
}

/**
 * Writes `changes` to a tournament the caller holds locked, with one audit entry, and answers the detail. With
 * review on, names and notices wait for the operator (`check_state` 1) and the answer shows the old text. A
 * change that changes nothing writes nothing.
 */
export async function saveContest(
  tx: Executor,
  ctx: AuthedCtx,
  found: { row: q.ContestRow; adminIds: number[]; managerRoles: number[]; role: Role },
  wanted: ContestChanges,
  action: string,
): Promise<Detail> {
  const { row, adminIds, managerRoles, role } = found;
  const managers = { adminIds, managerRoles };
  const changes = Object.fromEntries(
    Object.entries(holdForReview(ctx, row, wanted)).filter(
      ([k, v]) => !same(v, row[k as keyof q.ContestRow]),
    ),
  ) as ContestChanges;
  if (Object.keys(changes).length === 0) return detailOf(tx, ctx, row, managers, role);
  const updated = await q.updateContest(tx, row.uniqueId, changes);
  const before = Object.fromEntries(Object.keys(changes).map((k) => [k, row[k as keyof q.ContestRow]]));
  await audit(tx, ctx, { action, targetType: 'contest', targetId: row.uniqueId, before, after: changes });
  return detailOf(tx, ctx, updated, managers, role);
}

/**
 * `update_contest_base`: any part of the basic form (names, show in list, hidden and banned zones,
 * multi-language, observer switch, start and end, rated games), the advanced form (`contest_setting`, `game_rule_setting`)
 * and the manager notice. Refusals in order: those of `managedContest` (2558 locked) · 2517/2547 names ·
 * 2563 start of a started tournament, 2564 end of an ended one, 2562/2549 times · 2517 contest setting ·
 * 2517 rule (the first broken limit; a rule the game server cannot play, with `error.unsupported`) · 2548
 * manager notice.
 */
export async function updateContestBase(
  ctx: AuthedCtx,
  req: z.infer<typeof UpdateContestBaseReq>,
): Promise<Detail> {
  let before: q.ContestRow | undefined;
  let after: ContestChanges = {};
  const detail = await ctx.db.transaction(async (tx) => {
    const found = await managedContest(tx, ctx, req.unique_id, 'editBase', true);
    const { row } = found;
    before = row;
    const s = req.setting;
    const wanted: ContestChanges = {};

    // Basic form.
    const i18n = req.i18n_switch ?? s.i18n_switch ?? row.i18nSwitch;
    wanted.i18nSwitch = i18n;
    if (s.name !== undefined) wanted.name = maskNames(ctx, validContestName(s.name, i18n === 1));
    else if (i18n === 1 && i18n !== row.i18nSwitch) validContestName(row.name as never, true);
    if (s.open_show !== undefined) wanted.open = s.open_show;
    if (s.show_zones !== undefined) wanted.showZones = sortedZones(s.show_zones);
    if (s.available_zones !== undefined) wanted.availableZones = sortedZones(s.available_zones);
    if (s.observer_switch !== undefined) wanted.observerSwitch = s.observer_switch;
    if (s.spectate_delay !== undefined) wanted.spectateDelay = s.spectate_delay;
    if (s.public_spectating !== undefined) wanted.publicSpectating = s.public_spectating;
    if (s.rated !== undefined) wanted.rated = s.rated;

    // Times: a running tournament's end may move anywhere after its start, the past included.
    const startChanged = s.start_time !== undefined && s.start_time !== row.startTime;
    const endChanged = s.end_time !== undefined && s.end_time !== row.finishTime;
    if (startChanged && ctx.now >= row.startTime) throw new ContestError(ErrorCode.START_LOCKED);
    if (endChanged && ctx.now >= row.finishTime) throw new ContestError(ErrorCode.END_LOCKED);
    if (startChanged || endChanged) {
      const range = { start_time: s.start_time ?? row.startTime, end_time: s.end_time ?? row.finishTime };
      refuseFirst(validateTimeRange(range, ctx.now, { checkStart: startChanged }));
      wanted.startTime = range.start_time;
      wanted.finishTime = range.end_time;
    }

    // Advanced form. The game limit is one setting, sent as either field (see `gameLimitAfter`).
    const g = s.game_rule_setting;
    const gameLimit = gameLimitAfter(row, s.contest_setting, g);
    if (s.contest_setting !== undefined) {
      wanted.contestSetting = mergedContestSetting(row.contestSetting, s.contest_setting);
    }
    if (g !== undefined) {
      const checked = checkRule(row, g);
      // The rule is judged without the limit (a limit changed alone is no new rule), then stored with it.
      checked.rule.max_game_count = Number(row.detailRule.max_game_count ?? 0);
      refuseRule(row, checked);
      checked.rule.max_game_count = gameLimit;
      wanted.roundType = checked.roundType;
      wanted.detailRule = checked.rule;
      const emoji = g.game_setting?.emoji_switch;
      if (emoji !== undefined) wanted.emojiSwitch = emoji;
    } else if (gameLimit !== Number(row.detailRule.max_game_count ?? 0)) {
      wanted.detailRule = { ...row.detailRule, max_game_count: gameLimit };
    }
    if (wanted.contestSetting !== undefined || wanted.detailRule !== undefined) {
      wanted.contestSetting = { ...(wanted.contestSetting ?? row.contestSetting), game_limit: gameLimit };
    }

    // Manager notice: seen by the tournament's managers only, so never held for review.
    if (s.manager_notice !== undefined) {
      refuseFirst(validateNotice('manager', s.manager_notice));
      wanted.managerNotice = cleanText(ctx, 'manager_notice', s.manager_notice);
    }
    after = wanted;
    return saveContest(tx, ctx, found, wanted, 'contest.update_base');
  });
  // What the live channels show follows: the lobbies' chat (stamps), the observers' event streams.
  if (before && after.emojiSwitch !== undefined && after.emojiSwitch !== before.emojiSwitch)
    ctx.games.live.lobbiesOf(before.uniqueId, { kind: 'chat_limits' });
  // Spectators who may no longer watch are cut off: observers turned off, public watching turned off.
  if (
    (before?.observerSwitch === 1 && after.observerSwitch === 0) ||
    (before?.publicSpectating === 1 && after.publicSpectating === 0) ||
    (before && after.spectateDelay !== undefined && after.spectateDelay !== before.spectateDelay)
  )
    ctx.sessions.publish({ kind: 'access', uniqueId: before.uniqueId, accountIds: 'all' });
  return detail;
}

/** `check_contest_rule`: what an update with this rule would refuse, for the rule editor (nothing is saved). */
export async function checkContestRule(
  ctx: AuthedCtx,
  req: z.infer<typeof CheckContestRuleReq>,
): Promise<z.infer<typeof CheckContestRuleRes>> {
  const { row } = await managedContest(ctx.db, ctx, req.unique_id, 'view');
  return presentCheck(checkRule(row, req.game_rule_setting));
}

/** Deletes a tournament (creator only): it disappears from every list and call. */
export async function deleteContest(ctx: AuthedCtx, uniqueId: number): Promise<Record<string, never>> {
  await ctx.db.transaction(async (tx) => {
    const { row } = await managedContest(tx, ctx, uniqueId, 'delete', true);
    await q.updateContest(tx, row.uniqueId, { deleteTime: ctx.now });
    await audit(tx, ctx, {
      action: 'contest.delete',
      targetType: 'contest',
      targetId: row.uniqueId,
      before: { deleteTime: null },
      after: { deleteTime: ctx.now },
    });
  });
  return {};
}

/** A live tournament by its short public `contest_id`, as the player pages open it; 2501 when there is none. */
export async function publicContest(db: Executor, contestId: number): Promise<q.ContestRow> {
  const row = await q.liveContestByContestId(db, contestId);
  if (!row) throw new ContestError(ErrorCode.CONTEST_NOT_FOUND);
  return row;
}
