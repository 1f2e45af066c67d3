import {
  type AccountLevelWire,
  ErrorCode,
  LevelLimitType,
  parseLevelId,
  playerCountOf,
  Zone,
} from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { AuthedCtx, Ctx } from '../../context';
import type { Executor } from '../../db/client';
import type { ContestSettingRow } from '../../db/schema';
import { ContestError, messageOf } from '../../http/errors';
import { findAccount } from '../accounts/operator';
import { afterGame, ladderOf, meets, rungOf, type Standing, startOf } from './ladder';
import * as q from './queries';

// Player levels and zones (server README, "Player levels" and "Zones"): what each account stands at, what rated
// games do to it, the tournaments' level limits and zones, and the operator's changes.

type AccountLevel = z.infer<typeof AccountLevelWire>;
const TYPES = [LevelLimitType.FOUR_PLAYER, LevelLimitType.THREE_PLAYER] as const;

/** Each account's standing on both ladders (the start where it has none stored). */
export async function levelsAmong(
  db: Executor,
  accountIds: readonly number[],
): Promise<Map<number, Record<LevelLimitType, Standing>>> {
  const stored = await q.standingsAmong(db, accountIds);
  return new Map(
    accountIds.map((id) => {
      const mine = stored.get(id);
      const of = (type: LevelLimitType) => mine?.get(type) ?? startOf(type);
      return [id, { 1: of(1), 2: of(2) }];
    }),
  );
}

function presentAccountLevel(accountId: number, zone: number, levels: Record<LevelLimitType, Standing>) {
  return {
    account_id: accountId,
    zone,
    levels: TYPES.map((type) => ({
      type,
      level: levels[type].level,
      points: levels[type].points,
      target: rungOf(levels[type].level).target,
    })),
  };
}

async function accountLevel(db: Executor, accountId: number): Promise<AccountLevel> {
  const zone = (await q.zonesAmong(db, [accountId])).get(accountId);
  if (zone === undefined) throw new ContestError(ErrorCode.ACCOUNT_NOT_FOUND);
  const levels = (await levelsAmong(db, [accountId])).get(accountId)!;
  return presentAccountLevel(accountId, zone, levels);
}

/** `fetch_account_level`: the caller's levels (points and the next target) and zone. */
export function myLevel(ctx: AuthedCtx): Promise<AccountLevel> {
  return accountLevel(ctx.db, ctx.actor.id);
}

/** `operator_fetch_account_level`: any account's (1002 when there is none). */
export function levelOfAccount(ctx: Ctx, accountId: number): Promise<AccountLevel> {
  return accountLevel(ctx.db, accountId);
}

// Tournaments' limits.

/** A refusal about one account, which travels in the error body as `account_id`. */
function refuseAccount(code: number, accountId: number): never {
  throw new ContestError(code, {
    message: `${messageOf(code)} (${accountId})`,
    data: { account_id: accountId },
  });
}

/** The tournament's level minimums that are set: `[type, minimum code]`. */
function minimumsOf(setting: Pick<ContestSettingRow, 'level_limit'>): [LevelLimitType, number][] {
  return (setting.level_limit ?? []).flatMap((l) =>
    l.value !== 0 && parseLevelId(l.value)?.type === l.type ? [[l.type as LevelLimitType, l.value]] : [],
  );
}

/**
 * The accounts among `accountIds` below one of the tournament's level limits (`contest_setting.level_limit`: a
 * minimum level of each ladder; every limit set applies, whatever the tournament's player count).
 */
export async function belowLevelLimit(
  db: Executor,
  setting: Pick<ContestSettingRow, 'level_limit'>,
  accountIds: readonly number[],
): Promise<Set<number>> {
  const minimums = minimumsOf(setting);
  const humans = accountIds.filter((id) => id !== 0);
  if (minimums.length === 0 || humans.length === 0) return new Set();
  const levels = await levelsAmong(db, humans);
  return new Set(
    humans.filter((id) => minimums.some(([type, minimum]) => !meets(levels.get(id)![type].level, minimum))),
  );
}

/** 2518 (rank too low) for the first of `accountIds`, in their order, below the tournament's level limits. */
export async function refuseBelowLevelLimit(
  db: Executor,
  setting: Pick<ContestSettingRow, 'level_limit'>,
  accountIds: readonly number[],
): Promise<void> {
  const below = await belowLevelLimit(db, setting, accountIds);
  const first = accountIds.find((id) => below.has(id));
  if (first !== undefined) refuseAccount(ErrorCode.RANK_TOO_LOW, first);
}

/** 2524 (zone limit) when the account's zone is one of the tournament's banned zones (not in `available_zones`). */
export async function refuseBannedZone(
  db: Executor,
  contest: { availableZones: number[] },
  accountId: number,
): Promise<void> {
  const zone = (await q.zonesAmong(db, [accountId])).get(accountId);
  if (zone !== undefined && !contest.availableZones.includes(zone))
    refuseAccount(ErrorCode.ZONE_LIMIT, accountId);
}

// Earning.

/** A game being settled into its record, as the record writer has it. */
export type SettledGame = {
  recordUuid: string;
  uniqueId: number;
  roundType: number;
  /** Account of each seat (0 = robot). */
  seats: readonly { account_id: number }[];
  /** Each seat's final place (1 = first). */
  places: readonly { seat: number; place: number }[];
};

/**
 * In the transaction that writes a game's record: when the tournament is rated, each human seat's level of the
 * game's ladder moves by its place (robots nothing), and what it did is kept per record and account
 * (`level_games`), so that a game is counted once however often its settlement is retried. Answers the changes made.
 */
export async function earnFromGame(tx: Executor, game: SettledGame, now: number): Promise<q.LevelGameRow[]> {
  if (!(await q.contestRated(tx, game.uniqueId))) return [];
  const playerCount = playerCountOf(game.roundType);
  const type = ladderOf(playerCount);
  const seated = game.places
    .map((p) => ({ accountId: game.seats[p.seat]?.account_id ?? 0, place: p.place }))
    .filter((s) => s.accountId !== 0);
  if (seated.length === 0) return [];
  const before = await q.standingsForUpdate(
    tx,
    seated.map((s) => s.accountId),
    type,
    startOf(type),
    now,
  );
  const rows = seated.map(({ accountId, place }) => {
    const was = before.get(accountId) ?? startOf(type);
    const next = afterGame(was, place, playerCount);
    return {
      recordUuid: game.recordUuid,
      accountId,
      type,
      place,
      levelBefore: was.level,
      pointsBefore: was.points,
      levelAfter: next.level,
      pointsAfter: next.points,
      time: now,
    };
  });
  const written = await q.insertLevelGames(tx, rows);
  const counted = rows.filter((r) => written.has(r.accountId));
  for (const r of counted)
    await q.putStanding(tx, r.accountId, type, { level: r.levelAfter, points: r.pointsAfter }, now);
  return counted;
}

// The operator's changes.

/** An account named as the CLI names it (e-mail, public or internal id), or by internal id (the operator API). */
async function accountNamed(ctx: Ctx, ref: string | number): Promise<number> {
  if (typeof ref === 'number') {
    if ((await q.zonesAmong(ctx.db, [ref])).size === 0) {
      throw new ContestError(ErrorCode.ACCOUNT_NOT_FOUND, { message: `no account ${ref}` });
    }
    return ref;
  }
  return (await findAccount(ctx, ref)).id;
}

/**
 * Puts an account at a level of a ladder (type 1 four-player, 2 three-player) with 0 points; `code` must be a
 * level code of that ladder (2517 otherwise). Audited as `operator.level`.
 */
export async function setLevel(
  ctx: Ctx,
  ref: string | number,
  type: number,
  code: number,
): Promise<AccountLevel> {
  const parts = parseLevelId(code);
  if (!parts || parts.type !== type) {
    throw new ContestError(ErrorCode.PARAM_ERROR, { message: `${code} is not a level code of type ${type}` });
  }
  const accountId = await accountNamed(ctx, ref);
  return ctx.db.transaction(async (tx) => {
    const start = startOf(parts.type);
    const was = (await q.standingsForUpdate(tx, [accountId], type, start, ctx.now)).get(accountId) ?? start;
    const next = { level: code, points: 0 };
    await q.putStanding(tx, accountId, type, next, ctx.now);
    await audit(tx, ctx, {
      action: 'operator.level',
      targetType: 'account',
      targetId: accountId,
      before: { type, ...was },
      after: { type, ...next },
    });
    return accountLevel(tx, accountId);
  });
}

/** Sets an account's zone (1 CN, 2 JP, 3 US/international; 2517 otherwise). Audited as `operator.zone`. */
export async function setZone(ctx: Ctx, ref: string | number, zone: number): Promise<AccountLevel> {
  if (zone !== Zone.CN && zone !== Zone.JP && zone !== Zone.US) {
    throw new ContestError(ErrorCode.PARAM_ERROR, { message: `${zone} is not a zone (1, 2 or 3)` });
  }
  const accountId = await accountNamed(ctx, ref);
  return ctx.db.transaction(async (tx) => {
    const was = (await q.zonesAmong(tx, [accountId])).get(accountId);
    await q.setZone(tx, accountId, zone);
    await audit(tx, ctx, {
      action: 'operator.zone',
      targetType: 'account',
      targetId: accountId,
      before: { zone: was },
      after: { zone },
    });
    return accountLevel(tx, accountId);
  });
}
