import { z } from 'zod';
import { LIMITS } from '../constants';
import { Flag01, LooseId, ShownText, WireText } from './common';

// A season's players (sign-up review and roster), its blacklist, its chat limits, and account lookup.

/** Lists of account ids: numbers or numeric strings (WIRE.md). */
const AccountIdList = z.array(LooseId).max(LIMITS.PARTICIPANTS_MAX);

/** Player remark as sent; its length rule (100) answers 2554 in the service. */
const PlayerRemark = WireText.max(1000);

/** Per-account failures of a batch call. */
export const FailedAccountWire = z.object({ account_id: z.number().int(), error: z.number().int() });
export const BatchResultWire = z.object({
  success: z.array(z.number().int()),
  failed: z.array(FailedAccountWire),
});

export const AccountDataWire = z.object({
  total_game_count: z.number().int(),
  recent_games: z.array(z.object({ rank: z.number().int(), total_point: z.number().int() })),
  highest_series_points: z.number().int(),
});

/** One row of `contest_season_player_list`: a sign-up (state 1) or a roster entry (state 2). */
export const SeasonPlayerWire = z.object({
  account_id: z.number().int(),
  /** The season nickname: the account's, unless an organiser changed it for this season. */
  nickname: ShownText,
  remark: ShownText,
  /** 1 pending review, 2 accepted. */
  state: z.number().int(),
  /** Sign-up (or entry) time. */
  create_time: z.number().int(),
  /** The player's team on team seasons, else ''. */
  team_name: ShownText,
  account_data: AccountDataWire,
  /** The player's four-player and three-player level codes now (server README, "Player levels"). */
  level_4p: z.number().int().optional(),
  level_3p: z.number().int().optional(),
});

// GET /api/contest/contest_season_player_list?unique_id&season_id&search&state&offset&limit
export const ContestSeasonPlayerListReq = z.object({
  unique_id: LooseId,
  season_id: LooseId,
  /** Part of a nickname, or an internal account id. */
  search: WireText.trim().max(64).optional(),
  /** Only this account (an internal id): what the console sends for a public id a person typed. */
  account_id: LooseId.optional(),
  /** 1 pending sign-ups, 2 roster (default). */
  state: LooseId.pipe(z.union([z.literal(1), z.literal(2)])).default(2),
  offset: LooseId.pipe(z.number().max(1_000_000)).default(0),
  limit: LooseId.pipe(z.number().min(1).max(500)).default(10),
});
export const ContestSeasonPlayerListRes = z.object({
  list: z.array(SeasonPlayerWire),
  total: z.number().int(),
});

/** An entry of `account_list`: an id, or `{account_id, nickname}` as the console and bots send. */
const AccountEntry = z.union([
  LooseId,
  z.object({ account_id: LooseId, nickname: WireText.max(1000).optional() }).transform((e) => e.account_id),
]);

// POST /api/contest/add_contest_season_player — manual entry; accepts a pending sign-up.
export const AddContestSeasonPlayerReq = z.object({
  unique_id: LooseId,
  season_id: LooseId,
  account_list: z.array(AccountEntry).min(1).max(LIMITS.PARTICIPANTS_MAX),
});
/** Failures: 1002 no such account · 2588 already on the roster · 2530 blacklisted · 2566 roster full. */
export const AddContestSeasonPlayerRes = BatchResultWire;

// POST /api/contest/remove_contest_season_player — the players as `account_id_list` (the spec's form, which the
// console sends) or as `account_list` entries like add_contest_season_player's (some bots send that); both lists
// are read when both come. The service always gets `account_id_list`.
export const RemoveContestSeasonPlayerReq = z
  .object({
    unique_id: LooseId,
    season_id: LooseId,
    account_id_list: AccountIdList.min(1).optional(),
    account_list: z.array(AccountEntry).min(1).max(LIMITS.PARTICIPANTS_MAX).optional(),
  })
  .refine((r) => r.account_id_list !== undefined || r.account_list !== undefined, {
    message: 'account_id_list expected',
    path: ['account_id_list'],
  })
  .transform(({ account_id_list, account_list, ...ids }) => ({
    ...ids,
    account_id_list: [...(account_id_list ?? []), ...(account_list ?? [])],
  }));
export const RemoveContestSeasonPlayerRes = z.object({ success: z.array(z.number().int()) });

// POST /api/contest/mark_contest_season_player — the player's remark (≤ 100).
export const MarkContestSeasonPlayerReq = z.object({
  unique_id: LooseId,
  season_id: LooseId,
  account_id: LooseId,
  remark: PlayerRemark,
});
export const MarkContestSeasonPlayerRes = z.object({});

// POST /api/contest/update_contest_season_player_nickname — the nickname shown in this season.
export const UpdateContestSeasonPlayerNicknameReq = z.object({
  unique_id: LooseId,
  season_id: LooseId,
  account_id: LooseId,
  nickname: WireText.trim().min(1).max(16),
});
export const UpdateContestSeasonPlayerNicknameRes = z.object({});

// POST /api/contest/import_contest_season_player — the roster of another season of the same tournament.
export const ImportContestSeasonPlayerReq = z.object({
  unique_id: LooseId,
  from_season_id: LooseId,
  to_season_id: LooseId,
});
export const ImportContestSeasonPlayerRes = BatchResultWire;

/** One review decision: pass, or reject (optionally also blacklisting the player). */
export const CheckedEntryWire = z.object({
  account_id: LooseId,
  pass: Flag01,
  blacklist: Flag01.default(0),
});

// POST /api/contest/check_contest_season_player — pass or reject pending sign-ups.
export const CheckContestSeasonPlayerReq = z.object({
  unique_id: LooseId,
  season_id: LooseId,
  checked_list: z.array(CheckedEntryWire).min(1).max(LIMITS.PARTICIPANTS_MAX),
});
/** Failures: 2509 not waiting · 2510 handled by another admin · 2566 roster full. */
export const CheckContestSeasonPlayerRes = BatchResultWire;

export const ListedAccountWire = z.object({ account_id: z.number().int(), nickname: ShownText });

/** 0 no limit, 1 whitelist, 2 blacklist. */
export const ListTypeWire = LooseId.pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]));

// GET /api/contest/contest_season_player_limit?unique_id&season_id — the season blacklist.
export const ContestSeasonPlayerLimitReq = z.object({ unique_id: LooseId, season_id: LooseId });
export const ContestSeasonPlayerLimitRes = z.object({
  /** Always 2: the season's player limit is a blacklist. */
  type: z.number().int(),
  list: z.array(ListedAccountWire),
});

// POST /api/contest/set_contest_season_player_limit
export const SetContestSeasonPlayerLimitReq = z.object({
  unique_id: LooseId,
  season_id: LooseId,
  /** Only 2 (blacklist) is a player limit; defaults to it. */
  type: ListTypeWire.pipe(z.literal(2)).default(2),
  add_list: AccountIdList.default([]),
  remove_list: AccountIdList.default([]),
});
/** Failures: 1002 no such account · 2588 on the roster (remove the player first). */
export const SetContestSeasonPlayerLimitRes = BatchResultWire;

// GET /api/contest/contest_season_chat_limit?unique_id&season_id
export const ContestSeasonChatLimitReq = z.object({ unique_id: LooseId, season_id: LooseId });
export const ContestSeasonChatLimitRes = z.object({
  type: z.number().int(),
  /** The players listed under the current type (whitelist or blacklist; empty for no limit). */
  list: z.array(ListedAccountWire),
});

// POST /api/contest/set_contest_season_chat_limit
export const SetContestSeasonChatLimitReq = z.object({
  unique_id: LooseId,
  season_id: LooseId,
  type: ListTypeWire,
  add_list: AccountIdList.default([]),
  remove_list: AccountIdList.default([]),
});
/** Failures: 1002 no such account. */
export const SetContestSeasonChatLimitRes = BatchResultWire;

// POST /api/contest/search_accounts — nicknames of internal ids, in batches of 1000; unknown ids are left out.
export const SearchAccountsReq = z.object({
  account_list: z.array(LooseId).max(LIMITS.SEARCH_ACCOUNTS_BATCH),
});
export const SearchAccountsRes = z.array(ListedAccountWire);

// GET /api/contest/fetch_site_config — what this deployment offers (no login needed).
export const FetchSiteConfigReq = z.object({});
export const FetchSiteConfigRes = z.object({
  /** Season chat is offered: the console shows the chat-setting page. */
  chat: z.number().int(),
  /** The operator's contact, an e-mail address or a URL (`TAIKAI_CONTACT`); empty when not set. */
  contact: ShownText,
});
