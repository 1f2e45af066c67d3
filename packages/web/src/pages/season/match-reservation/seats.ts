import { GameVariant, type PlayerCount, validateInitPoints } from '@taikai/protocol';

// The manual panel's table: one entry per seat in E,S,W,N order, each empty, a robot or a player, with the
// seat's starting points (spec §3 Seat: team_name, nickname, account_id, isEmpty, isRobot, points).

export interface SeatPlayer {
  /** Internal account id. */
  account_id: number;
  nickname: string;
  team_name: string;
}

export type SeatOccupant = { kind: 'empty' } | { kind: 'robot' } | ({ kind: 'player' } & SeatPlayer);

export type Seat = SeatOccupant & { points: number };

export const EMPTY: SeatOccupant = { kind: 'empty' };
export const ROBOT: SeatOccupant = { kind: 'robot' };

/** An empty table of `count` seats, each starting with `initPoint`. */
export function emptySeats(count: PlayerCount, initPoint: number): Seat[] {
  return Array.from({ length: count }, () => ({ kind: 'empty', points: initPoint }));
}

const occupantOf = (seat: Seat): SeatOccupant => {
  const { points: _points, ...occupant } = seat;
  return occupant as SeatOccupant;
};

/** The seat holding this account, or -1. */
export function seatOf(seats: readonly Seat[], accountId: number): number {
  return seats.findIndex((s) => s.kind === 'player' && s.account_id === accountId);
}

/** The first empty seat, or -1 when the table is full. */
export function firstEmptySeat(seats: readonly Seat[]): number {
  return seats.findIndex((s) => s.kind === 'empty');
}

/**
 * Puts `occupant` on seat `index` (the seat keeps its points). A player already at the table moves there:
 * whoever sat at the target takes the player's old seat, so moving between seats swaps them.
 */
export function placeOn(seats: readonly Seat[], index: number, occupant: SeatOccupant): Seat[] {
  if (index < 0 || index >= seats.length) return [...seats];
  const next = seats.map((s) => ({ ...s }));
  const from = occupant.kind === 'player' ? seatOf(seats, occupant.account_id) : -1;
  if (from === index) return next;
  if (from >= 0) next[from] = { ...occupantOf(seats[index]), points: seats[from].points };
  next[index] = { ...occupant, points: seats[index].points };
  return next;
}

/** Swaps what sits on two seats (their points stay with the seats). */
export function swapSeats(seats: readonly Seat[], a: number, b: number): Seat[] {
  const next = seats.map((s) => ({ ...s }));
  if (a === b || !seats[a] || !seats[b]) return next;
  next[a] = { ...occupantOf(seats[b]), points: seats[a].points };
  next[b] = { ...occupantOf(seats[a]), points: seats[b].points };
  return next;
}

/** Empties seat `index`. */
export function clearSeat(seats: readonly Seat[], index: number): Seat[] {
  return placeOn(seats, index, EMPTY);
}

export function setPoints(seats: readonly Seat[], index: number, points: number): Seat[] {
  return seats.map((s, i) => (i === index ? { ...s, points } : { ...s }));
}

/**
 * The front-end shuffle: a random order of whoever sits at the table (Fisher–Yates), each keeping the points
 * set for them.
 */
export function shuffleSeats(seats: readonly Seat[], random: () => number = Math.random): Seat[] {
  const next = seats.map((s) => ({ ...s }));
  for (let i = next.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [next[i], next[j]] = [next[j], next[i]];
  }
  return next;
}

/** Per-seat starting points are offered only in the standard variant (spec §5). */
export const pointsEditable = (variant: GameVariant): boolean => variant === GameVariant.LIQI;

export interface TableCheck {
  /** Every seat has a player or a robot. */
  full: boolean;
  /** At least one seat is a player. */
  hasPlayer: boolean;
  /** The starting points sum to init_point × seats (always true where points are not editable). */
  pointsOk: boolean;
  /** The sum of the seats' points and the sum they must reach. */
  pointsSum: number;
  pointsTotal: number;
  /** All of the above: the start button may be pressed. */
  ready: boolean;
}

export function checkTable(seats: readonly Seat[], initPoint: number, editablePoints: boolean): TableCheck {
  const full = seats.every((s) => s.kind !== 'empty');
  const hasPlayer = seats.some((s) => s.kind === 'player');
  const pointsSum = seats.reduce((sum, s) => sum + s.points, 0);
  const pointsTotal = initPoint * seats.length;
  const pointsOk =
    !editablePoints ||
    validateInitPoints(
      seats.map((s) => s.points),
      initPoint,
      seats.length as PlayerCount,
    ).length === 0;
  return { full, hasPlayer, pointsOk, pointsSum, pointsTotal, ready: full && hasPlayer && pointsOk };
}

/**
 * What create_game_plan takes from the table: internal ids in seat order (0 = robot) and, in the standard
 * variant when any seat differs from init_point, the seats' starting points.
 */
export function planOf(
  seats: readonly Seat[],
  initPoint: number,
  editablePoints: boolean,
): { account_list: number[]; init_points?: number[] } {
  const account_list = seats.map((s) => (s.kind === 'player' ? s.account_id : 0));
  const custom = editablePoints && seats.some((s) => s.points !== initPoint);
  return custom ? { account_list, init_points: seats.map((s) => s.points) } : { account_list };
}
