import { LIMITS } from '@taikai/protocol';
import { describe, expect, it } from 'vitest';
import type { GamePlan } from '../../../api/game-calls';
import { handOf, pauseEndFormat, planSeats, readyCount, seatColumns, truncate, windOf } from './progress';
import { awaitsReadyPlayers, plansRefreshMs } from './queries';

const seat = (seatNo: number, accountId: number, ready: number) => ({
  account_id: accountId,
  seat: seatNo,
  nickname: accountId ? `p${accountId}` : '',
  team_name: '',
  remark: '',
  init_points: 25000,
  ready,
});

const plan = (accounts: GamePlan['accounts']): GamePlan => ({
  uuid: '00000000-0000-4000-8000-000000000001',
  game_start_time: 1_700_000_000,
  remark: '',
  shuffle_seat: false,
  ai_level: 1,
  state: 1,
  expire_time: 1_700_001_800,
  accounts,
});

describe('running game progress', () => {
  it('seats and rounds are named East, South, West, North from index 0', () => {
    expect([0, 1, 2, 3].map(windOf)).toEqual(['east', 'south', 'west', 'north']);
  });

  it('the hand in progress counts from 1 within its wind (chang 0 ju 1 is East 2)', () => {
    expect(handOf({ chang: 0, ju: 1 })).toEqual({ wind: 'east', hand: 2 });
    expect(handOf({ chang: 1, ju: 3 })).toEqual({ wind: 'south', hand: 4 });
  });

  it('seat nicknames are cut after 3 characters (spec §9), surrogate pairs kept whole', () => {
    expect(truncate('abc', LIMITS.TRUNCATE_SEAT_NICKNAME)).toEqual({ shown: 'abc', cut: false });
    expect(truncate('雀魂麻将大会', LIMITS.TRUNCATE_SEAT_NICKNAME)).toEqual({ shown: '雀魂麻…', cut: true });
    expect(truncate('𠮷𠮷𠮷𠮷', 3).shown).toBe('𠮷𠮷𠮷…');
  });

  it('a list of three-player tables has three seat columns; an empty list four', () => {
    expect(seatColumns([{ seats: 3 }, { seats: 3 }])).toBe(3);
    expect(seatColumns([{ seats: 3 }, { seats: 4 }])).toBe(4);
    expect(seatColumns([])).toBe(4);
  });

  it('a pause ending today shows its time of day, one ending tomorrow its date too', () => {
    const noon = new Date(2024, 4, 1, 12, 0).getTime() / 1000;
    expect(pauseEndFormat(noon + 3600, noon)).toBe('HH:mm');
    expect(pauseEndFormat(noon + 86_400, noon)).toBe('MM-DD HH:mm');
  });
});

describe('planned games', () => {
  it('seats are listed E, S, W, N whatever order the list gave', () => {
    const p = plan([seat(2, 3, 0), seat(0, 1, 1), seat(3, 0, 0), seat(1, 2, 0)]);
    expect(planSeats(p).map((a) => a.seat)).toEqual([0, 1, 2, 3]);
  });

  it('robots count as ready; players only when ready', () => {
    expect(readyCount(plan([seat(0, 1, 1), seat(1, 2, 0), seat(2, 0, 0), seat(3, 0, 0)]))).toBe(3);
  });

  it('a plan waiting for a player is read again at the ready refresh, live or not', () => {
    const waiting = [plan([seat(0, 1, 0), seat(1, 0, 0), seat(2, 0, 0), seat(3, 0, 0)])];
    expect(awaitsReadyPlayers(waiting)).toBe(true);
    expect(plansRefreshMs(waiting, true)).toBe(LIMITS.READY_REFRESH_MS);
    expect(plansRefreshMs(waiting, false)).toBe(LIMITS.READY_REFRESH_MS);
  });

  it('otherwise the stream says when plans change, and without it the running refresh applies', () => {
    const allReady = [plan([seat(0, 1, 1), seat(1, 0, 0), seat(2, 0, 0), seat(3, 0, 0)])];
    expect(awaitsReadyPlayers(allReady)).toBe(false);
    expect(plansRefreshMs(allReady, true)).toBe(false);
    expect(plansRefreshMs([], false)).toBe(LIMITS.RUNNING_REFRESH_MS);
    expect(plansRefreshMs(undefined, true)).toBe(false);
  });
});
