import { encodeAccountId, fromThousandths } from '@taikai/protocol';
import dayjs, { type Dayjs } from 'dayjs';
import type { GameRecord, MarkedGame } from '../../../api/game-calls';
import { robotNumbers } from '../../../components/robots';
import { formatMinute } from '../../../components/time';
import { handOf, type Wind, windOf } from '../match-manage/progress';

// How the record page reads a record: the filter window, placements, settled scores, yakuman, CSV rows.

/** Days the record list shows by default: the last 7, today included. */
export const DEFAULT_WINDOW_DAYS = 7;

/** The last `days` days: from the start of the day `days` days ago to the end of today. */
export function lastDays(days: number, now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return [now.subtract(days, 'day').startOf('day'), now.endOf('day')];
}

/** The default filter of the record list: the last 7 days. */
export function defaultWindow(now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return lastDays(DEFAULT_WINDOW_DAYS, now);
}

/** The window as the call takes it (records that ended in it); no filter when there is no window. */
export function windowParams(
  range: readonly [Dayjs, Dayjs] | null,
): { start_time: number; end_time: number } | Record<string, never> {
  if (!range) return {};
  return { start_time: range[0].unix(), end_time: range[1].unix() };
}

/** A settled score (thousandths) as a number with one decimal (the CSV cell: a number, not text). */
export function settledScore(totalPoint: number): number {
  const value = Number(fromThousandths(totalPoint).toFixed(1));
  return value === 0 ? 0 : value;
}

/** A settled score (thousandths) as shown: one decimal, "-0.0" written "0.0". */
export function settledText(totalPoint: number): string {
  const text = fromThousandths(totalPoint).toFixed(1);
  return text === '-0.0' ? '0.0' : text;
}

export interface Placement {
  /** 1 for the winner. */
  place: number;
  seat: number;
  wind: Wind;
  account_id: number;
  nickname: string;
  /** The public id, '' for a robot. */
  publicId: string;
  /** A robot's number among the record's robots in seat order (as the server names it), null for a player. */
  robot: number | null;
  /** Raw final points. */
  points: number;
  /** Settled score in thousandths. */
  totalPoint: number;
}

/** The players of a record in final placement order (as `result.players` lists them), with their seats. */
export function placements(record: Pick<GameRecord, 'accounts' | 'result'>): Placement[] {
  const bySeat = [...record.accounts].sort((a, b) => a.seat - b.seat);
  const robots = robotNumbers(bySeat);
  return record.result.players.map((p, i) => {
    const at = bySeat.findIndex((a) => a.seat === p.seat);
    const account = bySeat[at];
    const accountId = account?.account_id ?? 0;
    return {
      place: i + 1,
      seat: p.seat,
      wind: windOf(p.seat),
      account_id: accountId,
      nickname: account?.nickname ?? '',
      publicId: accountId === 0 ? '' : String(encodeAccountId(accountId)),
      robot: accountId === 0 ? (robots[at] ?? 1) : null,
      points: p.part_point_1,
      totalPoint: p.total_point,
    };
  });
}

/** A marked game's yakuman size: a counted (kazoe) yakuman for 7, else the multiple. */
export function yimanOf(yiman: number): { counted: true } | { counted: false; multiple: number } {
  return yiman === 7 ? { counted: true } : { counted: false, multiple: yiman };
}

/** The words the CSV files need, in the reader's language. */
export interface CsvWords {
  wind: (wind: Wind) => string;
  /** The `n`th robot of a game (1, 2, … in seat order), named as the record page names it. */
  robot: (n: number) => string;
  /** Header of a placement's column: `place` 1…4, `field` what the column holds. */
  placeHeader: (place: number, field: 'nickname' | 'id' | 'seat' | 'points' | 'score') => string;
  startTime: string;
  endTime: string;
  tag: string;
  uuid: string;
  player: string;
  id: string;
  yaku: string;
  yiman: string;
  round: string;
  /** How a yakuman's size is written. */
  yimanText: (yiman: number) => string;
  /** How a hand is written (East 2, 1 honba). */
  roundText: (info: MarkedGame['info']) => string;
}

/**
 * The rows of the records CSV, the header first: one row per game, players in placement order. Removed records
 * are left out (they count in no statistics). Points and scores are numbers, so a negative score is a number in
 * the spreadsheet and not text defused as a formula.
 */
export function recordCsvRows(records: readonly GameRecord[], words: CsvWords): (string | number)[][] {
  const kept = records.filter((r) => r.removed !== 1);
  const seats = kept.reduce((most, r) => Math.max(most, r.result.players.length), 0) || 4;
  const fields = ['nickname', 'id', 'seat', 'points', 'score'] as const;
  const header = [
    words.startTime,
    words.endTime,
    words.tag,
    words.uuid,
    ...Array.from({ length: seats }, (_, i) => fields.map((f) => words.placeHeader(i + 1, f))).flat(),
  ];
  const rows = kept.map((r) => [
    formatMinute(r.start_time),
    formatMinute(r.end_time),
    r.tag,
    r.uuid,
    ...placements(r).flatMap((p) => [
      p.robot === null ? p.nickname : words.robot(p.robot),
      p.publicId,
      words.wind(p.wind),
      p.points,
      settledScore(p.totalPoint),
    ]),
  ]);
  return [header, ...rows];
}

/** The rows of the yakuman CSV, the header first; games of removed records are left out. */
export function markedCsvRows(marked: readonly MarkedGame[], words: CsvWords): (string | number)[][] {
  const header = [words.startTime, words.player, words.id, words.yaku, words.yiman, words.round, words.uuid];
  const rows = marked
    .filter((m) => m.removed !== 1)
    .map((m) => [
      formatMinute(m.start_time),
      m.nickname,
      m.account_id === 0 ? '' : encodeAccountId(m.account_id),
      m.yaku.join(' '),
      words.yimanText(m.yiman),
      words.roundText(m.info),
      m.game_uuid,
    ]);
  return [header, ...rows];
}

/** The hand a marked yakuman came in: wind, hand number, honba. */
export function markedHand(info: MarkedGame['info']): { wind: Wind; hand: number; ben: number } {
  return { ...handOf(info), ben: info.ben };
}
