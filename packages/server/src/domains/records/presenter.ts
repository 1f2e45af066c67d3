import type { GameRecordWire, MarkedGameWire, MyRecordWire } from '@taikai/protocol';
import type { z } from 'zod';
import type { I18nRow } from '../../db/schema';
import type { AccountRecordRow, ListedRecord, MarkRow } from './queries';

/**
 * A record as WIRE.md gives it: `accounts` in seat order (robots: account 0 under the robot's recorded name),
 * each with the account's season remark and team as they are now (`''` for robots and accounts no longer in
 * the season or a team), and `result.players` in final placement order, as the record was written.
 */
export function presentRecord(
  row: ListedRecord,
  remarks: ReadonlyMap<number, string>,
  teamNames: ReadonlyMap<number, string> = new Map(),
): z.infer<typeof GameRecordWire> {
  return {
    uuid: row.uuid,
    start_time: row.startTime,
    end_time: row.endTime,
    tag: row.tag,
    removed: row.removed,
    config: { mode: row.roundType, detail_rule: row.detailRule },
    accounts: row.seats.map((s, seat) => ({
      account_id: s.account_id,
      nickname: s.nickname,
      remark: s.account_id === 0 ? '' : (remarks.get(s.account_id) ?? ''),
      team_name: s.account_id === 0 ? '' : (teamNames.get(s.account_id) ?? ''),
      seat,
    })),
    result: {
      players: row.result.map((p) => ({
        seat: p.seat,
        part_point_1: p.part_point_1,
        total_point: p.total_point,
      })),
    },
    commitment: row.commitment,
  };
}

/** A yakuman mark: who (as seated in the record), the hand (wind, dealer, honba), and its record's removed flag. */
export function presentMark(row: MarkRow): z.infer<typeof MarkedGameWire> {
  return {
    game_uuid: row.recordUuid,
    start_time: row.startTime,
    account_id: row.accountId,
    nickname: row.seats[row.seat]?.nickname ?? '',
    yiman: row.yiman,
    yaku: row.yaku,
    info: { chang: row.chang, ju: row.ju, ben: row.ben },
    removed: row.removed,
  };
}

/** The account ids seated in some records, robots left out. */
export function seatedAccounts(rows: readonly Pick<ListedRecord, 'seats'>[]): number[] {
  return [...new Set(rows.flatMap((r) => r.seats.map((s) => s.account_id)))].filter((id) => id !== 0);
}

/** A record as its player reads it (no remarks): seats, placement, and their own seat, place and points. */
export function presentMyRecord(row: AccountRecordRow): z.infer<typeof MyRecordWire> {
  const mine = row.record.result.find((p) => p.seat === row.seat);
  return {
    ...recordHead(row.record, {
      uniqueId: row.uniqueId,
      seasonId: row.seasonId,
      contestId: row.contestId,
      contestName: row.contestName,
    }),
    seat: row.seat,
    rank: row.place,
    total_point: mine?.total_point ?? 0,
    part_point: mine?.part_point_1 ?? 0,
  };
}

/** What every player view of a record shows: when, where, who sat where, and the placement. */
export function recordHead(
  record: ListedRecord,
  where: { uniqueId: number; seasonId: number; contestId: number; contestName: I18nRow },
) {
  return {
    uuid: record.uuid,
    unique_id: where.uniqueId,
    contest_id: where.contestId,
    contest_name: where.contestName as z.infer<typeof MyRecordWire>['contest_name'],
    season_id: where.seasonId,
    start_time: record.startTime,
    end_time: record.endTime,
    removed: record.removed,
    mode: record.roundType,
    accounts: record.seats.map((s, seat) => ({ account_id: s.account_id, nickname: s.nickname, seat })),
    result: {
      players: record.result.map((p) => ({
        seat: p.seat,
        part_point_1: p.part_point_1,
        total_point: p.total_point,
      })),
    },
  };
}
