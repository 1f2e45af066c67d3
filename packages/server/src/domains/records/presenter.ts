import type { GameRecordWire, MarkedGameWire } from '@taikai/protocol';
import type { z } from 'zod';
import type { ListedRecord, MarkRow } from './queries';

/**
 * A record as WIRE.md gives it: `accounts` in seat order (robots: account 0 under the robot's recorded name),
 * each with the account's season remark as it is now (`''` for robots and accounts no longer in the season),
 * and `result.players` in final placement order, as the record was written.
 */
export function presentRecord(
  row: ListedRecord,
  remarks: ReadonlyMap<number, string>,
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
      // Team seasons come later: no team names yet.
      team_name: '',
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
