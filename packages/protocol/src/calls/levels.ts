import { z } from 'zod';
import { isLevelRequirement, LEVEL_NONE } from '../level';
import { LooseId } from './common';

// Player levels and zones (server README, "Player levels" and "Zones"): the caller's own, and the operator's
// changes to any account's.

/** Zone of an account: 1 CN, 2 JP, 3 US/international. */
export const ZoneWire = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** Where an account stands on one ladder. */
export const LevelStandingWire = z.object({
  /** 1 four-player, 2 three-player. */
  type: z.number().int(),
  /** Level code: 10101 … 10601 (four-player), 20101 … 20601 (three-player). */
  level: z.number().int(),
  /** Points within the level. */
  points: z.number().int(),
  /** Points that promote to the next step; null at the top (Celestial). */
  target: z.number().int().nullable(),
});

export const AccountLevelWire = z.object({
  account_id: z.number().int(),
  zone: z.number().int(),
  /** Four-player first, then three-player. */
  levels: z.array(LevelStandingWire),
});

// GET /api/contest/fetch_account_level — the caller's levels and zone.
export const FetchAccountLevelReq = z.object({});
export const FetchAccountLevelRes = AccountLevelWire;

/** `4p`/`3p` or 1/2, as the CLI and the operator page name a ladder. */
const LevelType = z
  .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2'), z.literal('4p'), z.literal('3p')])
  .transform((t): 1 | 2 => (t === 2 || t === '2' || t === '3p' ? 2 : 1));

// GET /api/contest/operator_fetch_account_level?account_id — an account's levels and zone (operators only).
export const OperatorFetchAccountLevelReq = z.object({ account_id: LooseId });
export const OperatorFetchAccountLevelRes = AccountLevelWire;

// POST /api/contest/operator_set_level {account_id, type, level} — puts an account at a level of a ladder with
// 0 points (operators only). `level` must be a level code of that ladder.
export const OperatorSetLevelReq = z
  .object({ account_id: LooseId, type: LevelType, level: LooseId })
  .refine((r) => r.level !== LEVEL_NONE && isLevelRequirement(r.level, r.type), {
    message: 'not a level code of that ladder',
    path: ['level'],
  });
export const OperatorSetLevelRes = AccountLevelWire;

// POST /api/contest/operator_set_zone {account_id, zone} — the account's zone (operators only).
export const OperatorSetZoneReq = z.object({ account_id: LooseId, zone: LooseId.pipe(ZoneWire) });
export const OperatorSetZoneRes = AccountLevelWire;
