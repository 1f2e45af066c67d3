import type {
  BanKind,
  BanWire,
  OperatorAccountWire,
  OperatorAnnouncementWire,
  OperatorContestWire,
} from '@taikai/protocol';
import { encodeAccountId } from '@taikai/protocol';
import type { z } from 'zod';
import type { AccountRow } from '../accounts/queries';
import type { ContestRow } from '../contests/queries';

type Ban = z.infer<typeof BanWire>;

/** The bans that touch an account: on it, its e-mail, the address and the device it last logged in from. */
export function banPairsOf(row: AccountRow): [BanKind, string][] {
  const pairs: [BanKind, string][] = [
    ['account', String(row.id)],
    ['email', row.email],
  ];
  if (row.lastLoginIp) pairs.push(['ip', row.lastLoginIp]);
  if (row.lastLoginDevice) pairs.push(['device', row.lastLoginDevice]);
  return pairs;
}

/** An account as the operator sees it, with the bans in force among `bans` that touch it. */
export function presentAccount(row: AccountRow, bans: readonly Ban[]): z.infer<typeof OperatorAccountWire> {
  const touching = banPairsOf(row);
  return {
    account_id: row.id,
    public_id: encodeAccountId(row.id),
    email: row.email,
    nickname: row.nickname,
    currency: row.currency,
    can_create: row.canCreate,
    is_operator: row.isOperator,
    create_time: row.createTime,
    last_login_ip: row.lastLoginIp,
    last_login_device: row.lastLoginDevice,
    last_login_time: row.lastLoginTime,
    bans: bans.filter((b) => touching.some(([kind, value]) => b.kind === kind && b.value === value)),
  };
}

export function presentBan(row: { kind: string; value: string; createTime: number }): Ban {
  return { kind: row.kind as BanKind, value: row.value, create_time: row.createTime };
}

export function presentAnnouncement(row: {
  id: number;
  lang: string;
  title: string;
  content: string;
  createTime: number;
}): z.infer<typeof OperatorAnnouncementWire> {
  return {
    id: row.id,
    lang: row.lang as z.infer<typeof OperatorAnnouncementWire>['lang'],
    title: row.title,
    content: row.content,
    create_time: row.createTime,
  };
}

export function presentContest(
  row: ContestRow,
  names: Map<number, string>,
): z.infer<typeof OperatorContestWire> {
  return {
    unique_id: row.uniqueId,
    contest_id: row.contestId,
    contest_name: row.name as z.infer<typeof OperatorContestWire>['contest_name'],
    creator_id: row.creatorId,
    creator_nickname: names.get(row.creatorId) ?? '',
    locked: row.lockTime !== null,
    lock_time: row.lockTime,
    check_state: row.checkState,
  };
}
