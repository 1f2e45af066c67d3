import type { ContestListItemWire, ContestListSeasonWire, FetchContestDetailRes } from '@taikai/protocol';
import { managerRoleNumber } from '@taikai/protocol';
import type { z } from 'zod';
import type { PendingTextRow } from '../../db/schema';
import type { Role } from '../../policy';
import type { ContestRow } from './queries';

type Detail = z.infer<typeof FetchContestDetailRes>;

/** 1 before the start, 2 running, 3 after the finish time. */
export function contestState(row: ContestRow, now: number): number {
  if (now < row.startTime) return 1;
  if (now < row.finishTime) return 2;
  return 3;
}

function gameMode(row: ContestRow) {
  return {
    mode: row.roundType,
    detail_rule: row.detailRule,
    game_setting: { emoji_switch: row.emojiSwitch },
  };
}

export function presentListItem(
  row: ContestRow,
  season: z.infer<typeof ContestListSeasonWire> | null,
  role: Role,
  now: number,
): z.infer<typeof ContestListItemWire> {
  return {
    unique_id: row.uniqueId,
    contest_id: row.contestId,
    contest_name: row.name as Detail['contest_name'],
    season,
    creator_id: row.creatorId,
    create_time: row.createTime,
    start_time: row.startTime,
    finish_time: row.finishTime,
    state: contestState(row, now),
    open: row.open,
    mode: row.roundType,
    game_mode: gameMode(row) as Detail['game_mode'],
    manager_role: managerRoleNumber(role),
  };
}

function presentPending(pending: PendingTextRow): NonNullable<Detail['pending_review']> {
  const text = (t: PendingTextRow['name']) => t as Detail['public_notice'];
  return {
    ...(pending.name ? { contest_name: text(pending.name) } : {}),
    ...(pending.publicNotice ? { public_notice: text(pending.publicNotice) } : {}),
    ...(pending.privateNotice ? { private_notice: text(pending.privateNotice) } : {}),
    submit_time: pending.submitTime,
  };
}

export function presentDetail(
  row: ContestRow,
  parts: { seasons: Detail['season_list']; admins: Detail['admin_list']; role: Role; now: number },
): Detail {
  const current = parts.seasons.at(-1);
  return {
    unique_id: row.uniqueId,
    contest_id: row.contestId,
    contest_name: row.name as Detail['contest_name'],
    state: contestState(row, parts.now),
    contest_type: row.contestType,
    creator_id: row.creatorId,
    create_time: row.createTime,
    start_time: row.startTime,
    finish_time: row.finishTime,
    signup_start_time: current?.signup_start_time ?? row.startTime,
    signup_end_time: current?.signup_end_time ?? row.finishTime,
    signup_type: current?.signup_type ?? 1,
    open: row.open,
    rank_rule: current?.rank_rule ?? 0,
    show_zones: row.showZones as Detail['show_zones'],
    available_zones: row.availableZones as Detail['available_zones'],
    i18n_switch: row.i18nSwitch,
    observer_switch: row.observerSwitch,
    spectate_delay: row.spectateDelay,
    public_spectating: row.publicSpectating,
    rated: row.rated,
    check_state: row.checkState,
    ...(row.pendingText ? { pending_review: presentPending(row.pendingText) } : {}),
    mode: row.roundType,
    rule: row.detailRule as Detail['rule'],
    max_player_count: row.maxPlayerCount,
    season_list: parts.seasons,
    admin_list: parts.admins,
    public_notice: row.publicNotice as Detail['public_notice'],
    private_notice: row.privateNotice as Detail['private_notice'],
    // The manager notice is for the people who run the tournament, not for observers.
    manager_notice: parts.role === 'observer' ? [] : (row.managerNotice as Detail['manager_notice']),
    // `game_limit` is the enforced limit, `detail_rule.max_game_count`, under its other wire name.
    contest_setting: { ...row.contestSetting, game_limit: Number(row.detailRule.max_game_count ?? 0) },
    game_mode: gameMode(row) as Detail['game_mode'],
    manager_role: managerRoleNumber(parts.role),
  };
}
