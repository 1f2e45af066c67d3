import type { Executor } from '../../db/client';
import * as q from './queries';

const { PENDING, ACCEPTED } = q.PlayerState;

/**
 * Deletes a season's unreviewed sign-ups (inside the caller's transaction), as switching the sign-up mode
 * does; answers how many were deleted.
 */
export async function dropPendingSignups(tx: Executor, uniqueId: number, seasonId: number): Promise<number> {
  return q.deletePending(tx, uniqueId, seasonId);
}

/**
 * Writes roster entries (state 2) for accounts the caller has checked (known, not blacklisted, room on the
 * roster), in its transaction; `current` holds their entries in the season. A pending sign-up keeps its sign-up
 * time (and its season nickname and remark unless `wanted` has them); anything else gets a new entry.
 */
export async function enterOnRoster(
  tx: Executor,
  now: number,
  ids: q.SeasonKey,
  wanted: readonly { accountId: number; nickname: string | null; remark: string }[],
  current: ReadonlyMap<number, q.SeasonPlayerRow>,
): Promise<void> {
  await q.putPlayers(
    tx,
    wanted.map((w) => {
      const row = current.get(w.accountId);
      const pending = row?.state === PENDING ? row : undefined;
      return {
        ...ids,
        accountId: w.accountId,
        state: ACCEPTED,
        nickname: w.nickname ?? pending?.nickname ?? null,
        remark: w.remark || (pending?.remark ?? ''),
        createTime: pending?.createTime ?? now,
        updateTime: now,
      };
    }),
  );
}

/**
 * Sets the season remarks of some accounts' pending or accepted entries (inside the caller's transaction), as
 * `mark_contest_season_player` does; the caller has checked their length.
 */
export async function setRemarks(
  tx: Executor,
  key: q.SeasonKey,
  remarks: readonly { accountId: number; remark: string }[],
  now: number,
): Promise<void> {
  await q.setRemarks(tx, key, remarks, now);
}
