import { encodeAccountId, GameVariant } from '@taikai/protocol';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { batchRows, lineKey, pruneLineErrors, withoutLines } from './batch';
import { AI_LEVEL_STORAGE_KEY, rememberAiLevel, rememberedAiLevel, startTimeOf } from './options';
import { playingPlayers } from './ReadyPlayerList';
import {
  checkTable,
  clearSeat,
  emptySeats,
  firstEmptySeat,
  placeOn,
  planOf,
  pointsEditable,
  ROBOT,
  type SeatOccupant,
  setPoints,
  shuffleSeats,
  swapSeats,
} from './seats';

const player = (id: number): SeatOccupant => ({
  kind: 'player',
  account_id: id,
  nickname: `p${id}`,
  team_name: '',
});
const ids = (seats: { kind: string; account_id?: number }[]) =>
  seats.map((s) => (s.kind === 'player' ? s.account_id : s.kind));

describe('the manual table', () => {
  it('has 3 or 4 empty seats at init_point', () => {
    expect(emptySeats(3, 35000)).toEqual([
      { kind: 'empty', points: 35000 },
      { kind: 'empty', points: 35000 },
      { kind: 'empty', points: 35000 },
    ]);
    expect(emptySeats(4, 25000)).toHaveLength(4);
  });

  it('seats a player; dropping a seated player on another seat swaps the two, points stay with the seats', () => {
    let seats = setPoints(emptySeats(4, 25000), 0, 30000);
    seats = placeOn(seats, 0, player(1));
    seats = placeOn(seats, 2, ROBOT);
    seats = placeOn(seats, 2, player(1));
    expect(ids(seats)).toEqual(['robot', 'empty', 1, 'empty']);
    expect(seats.map((s) => s.points)).toEqual([30000, 25000, 25000, 25000]);
    expect(ids(swapSeats(seats, 0, 2))).toEqual([1, 'empty', 'robot', 'empty']);
  });

  it('replaces whoever sat on a seat by a player from the list, and clears seats', () => {
    let seats = placeOn(emptySeats(4, 25000), 1, player(1));
    seats = placeOn(seats, 1, player(2));
    expect(ids(seats)).toEqual(['empty', 2, 'empty', 'empty']);
    expect(firstEmptySeat(seats)).toBe(0);
    expect(ids(clearSeat(seats, 1))).toEqual(['empty', 'empty', 'empty', 'empty']);
  });

  it('shuffles who sits where with their points', () => {
    let seats = emptySeats(4, 25000);
    [1, 2, 3, 4].forEach((id, i) => {
      seats = setPoints(placeOn(seats, i, player(id)), i, 24000 + i * 1000);
    });
    const shuffled = shuffleSeats(seats, () => 0);
    expect(ids(shuffled)).toEqual([2, 3, 4, 1]);
    expect(shuffled.map((s) => s.points)).toEqual([25000, 26000, 27000, 24000]);
  });

  it('allows the start only when every seat is filled, one is a player, and the points sum to init_point × seats', () => {
    let seats = placeOn(emptySeats(3, 35000), 0, player(1));
    expect(checkTable(seats, 35000, true)).toMatchObject({ full: false, ready: false });
    seats = placeOn(placeOn(seats, 1, ROBOT), 2, ROBOT);
    expect(checkTable(seats, 35000, true)).toMatchObject({ full: true, ready: true, pointsSum: 105000 });
    const uneven = setPoints(seats, 0, 40000);
    expect(checkTable(uneven, 35000, true)).toMatchObject({
      pointsOk: false,
      ready: false,
      pointsTotal: 105000,
    });
    expect(checkTable(setPoints(uneven, 1, 30000), 35000, true).ready).toBe(true);
    // Outside the standard variant the points are not the organiser's to set.
    expect(checkTable(uneven, 35000, false).ready).toBe(true);
    const robots = emptySeats(3, 35000).map((s) => ({ ...s, kind: 'robot' as const }));
    expect(checkTable(robots, 35000, true)).toMatchObject({ full: true, hasPlayer: false, ready: false });
  });

  it('plans the seats in order (0 = robot), with init_points only when set and editable', () => {
    let seats = placeOn(placeOn(emptySeats(4, 25000), 0, player(7)), 1, ROBOT);
    seats = placeOn(placeOn(seats, 2, player(8)), 3, ROBOT);
    expect(planOf(seats, 25000, true)).toEqual({ account_list: [7, 0, 8, 0] });
    const custom = setPoints(setPoints(seats, 0, 30000), 1, 20000);
    expect(planOf(custom, 25000, true)).toEqual({
      account_list: [7, 0, 8, 0],
      init_points: [30000, 20000, 25000, 25000],
    });
    expect(planOf(custom, 25000, false)).toEqual({ account_list: [7, 0, 8, 0] });
  });

  it('offers per-seat points only in the standard variant', () => {
    expect(pointsEditable(GameVariant.LIQI)).toBe(true);
    expect(pointsEditable(GameVariant.DORA3)).toBe(false);
    expect(pointsEditable(GameVariant.CHUANMA)).toBe(false);
  });
});

describe('the batch list', () => {
  const a = encodeAccountId(11);
  const b = encodeAccountId(12);
  const c = encodeAccountId(13);

  it('checks each non-blank line and numbers the rows', () => {
    const rows = batchRows(`${a},${b},0,0\n\n${a} ${c} 0 0\n0 0 0 0\n12`, 4);
    expect(rows.map((r) => [r.index, r.result.ok ? 'ok' : r.result.error])).toEqual([
      [0, 'ok'],
      [1, 'duplicate_in_list'],
      [2, 'all_robots'],
      [3, 'wrong_length'],
    ]);
  });

  it('drops planned or deleted lines from the text', () => {
    expect(withoutLines('x\n\ny\nz\n', new Set([0, 2]))).toBe('y');
  });

  it('keeps a server error with its line however the ids are separated, and forgets it when the line goes', () => {
    expect(lineKey(` ${a}， ${b}  0,0 `)).toBe(`${a},${b},0,0`);
    const errors = new Map([
      [lineKey(`${a},${b},0,0`), { code: 2543, text: 'planned' }],
      ['1,2,3,4', { code: 2511, text: 'roster' }],
    ]);
    const kept = pruneLineErrors(errors, batchRows(`${a} ${b} 0 0`, 4));
    expect([...kept.keys()]).toEqual([`${a},${b},0,0`]);
  });
});

describe('start options', () => {
  it('remembers the robot level; simple the first time; nonsense is ignored', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    expect(rememberedAiLevel(storage)).toBe(1);
    rememberAiLevel(2, storage);
    expect(store.get(AI_LEVEL_STORAGE_KEY)).toBe('2');
    expect(rememberedAiLevel(storage)).toBe(2);
    rememberAiLevel(0, storage);
    expect(rememberedAiLevel(storage)).toBe(0);
    store.set(AI_LEVEL_STORAGE_KEY, '9');
    expect(rememberedAiLevel(storage)).toBe(1);
  });

  it('sends a future start time; an empty or past one means now', () => {
    const now = 1_700_000_000;
    expect(startTimeOf(null, now)).toBeUndefined();
    expect(startTimeOf(dayjs.unix(now - 60), now)).toBeUndefined();
    expect(startTimeOf(dayjs.unix(now + 600), now)).toBe(now + 600);
  });
});

describe('players in a running game', () => {
  it('are the human seats of the running games, each once, apart from the ready list', () => {
    const running = [
      { players: [{ account_id: 5, nickname: 'Ann' }, { account_id: 0 }, { account_id: 7, nickname: 'Bo' }] },
      { players: [{ account_id: 0 }, { account_id: 5, nickname: 'Ann' }] },
    ];
    expect(playingPlayers(running)).toEqual([
      { account_id: 5, nickname: 'Ann' },
      { account_id: 7, nickname: 'Bo' },
    ]);
    expect(playingPlayers(undefined)).toEqual([]);
  });
});
