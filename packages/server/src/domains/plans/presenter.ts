import { type GamePlanWire, LIMITS, type PlanSeatWire, type ReadyPlayerWire } from '@taikai/protocol';
import type { z } from 'zod';
import type { PlanWithSeats, SeasonFace } from './queries';

type ReadyPlayer = z.infer<typeof ReadyPlayerWire>;
type GamePlan = z.infer<typeof GamePlanWire>;
type PlanSeat = z.infer<typeof PlanSeatWire>;

/** A ready roster player, with their team (team seasons; '' when none). */
export function presentReadyPlayer(face: SeasonFace, busy: boolean, teamName = ''): ReadyPlayer {
  return {
    account_id: face.accountId,
    nickname: face.nickname,
    remark: face.remark,
    team_name: teamName,
    busy: busy ? 1 : 0,
  };
}

/**
 * A waiting plan: its seats in seat order with their season names, teams and whether each is ready now (robots
 * always are); it expires `READY_WINDOW_S` after its start unless every seat is ready.
 */
export function presentPlan(
  plan: PlanWithSeats,
  faces: Map<number, SeasonFace>,
  isReady: (accountId: number) => boolean,
  teamNames: ReadonlyMap<number, string> = new Map(),
): GamePlan {
  return {
    uuid: plan.uuid,
    game_start_time: plan.startTime,
    remark: plan.remark,
    shuffle_seat: plan.shuffleSeat === 1,
    ai_level: plan.aiLevel,
    state: plan.state,
    expire_time: plan.startTime + LIMITS.READY_WINDOW_S,
    accounts: plan.seats.map((s): PlanSeat => {
      const face = faces.get(s.accountId);
      return {
        account_id: s.accountId,
        seat: s.seat,
        nickname: face?.nickname ?? '',
        team_name: teamNames.get(s.accountId) ?? '',
        remark: face?.remark ?? '',
        init_points: s.initPoints,
        ready: s.accountId === 0 || isReady(s.accountId) ? 1 : 0,
      };
    }),
  };
}
