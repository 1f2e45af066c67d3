import { z } from 'zod';
import { LIMITS } from '../constants';
import { i18nShownTextSchema as I18nShownList } from '../lang';
import { LooseId, ShownText, WireText } from './common';
import { GameUuid, RunningGameWire } from './games';
import { RecordFileLog, RecordPlayerWire } from './records';
import { MySignupWire } from './seasons';

// The player portal's calls (`/play`): any logged-in account, each about the caller themselves — the
// tournaments they signed up for, a season's lobby, its public ranking, their records and a record's replay
// data. The organisers' one here deletes a season chat message.

/**
 * A season as the portal's calls name it. `contest_id`, the tournament's public id, is needed for a tournament
 * hidden from the list by an account it did not invite (else 2501): its `unique_id`s are sequential.
 */
const SeasonRef = { unique_id: LooseId, season_id: LooseId, contest_id: LooseId.optional() };

/** Portal pages: offset 0…10 000, limit 1…100 (default 20). */
const Paging = {
  offset: LooseId.pipe(z.number().max(LIMITS.DOWNLOAD_RECORDS_MAX)).default(0),
  limit: LooseId.pipe(z.number().min(1).max(LIMITS.DOWNLOAD_PAGE_SIZE)).default(20),
};

/**
 * A tournament's state in the portal's public list, from its newest season: 1 not started yet, 2 running,
 * 3 ended (the season's end time passed, or an organiser closed it).
 */
export const PublicContestState = { NOT_STARTED: 1, RUNNING: 2, ENDED: 3 } as const;
const PUBLIC_CONTEST_STATES = Object.values(PublicContestState) as number[];

/** Longest search text of the public list. */
export const PUBLIC_LIST_SEARCH_MAX = 50;

// GET /api/contest/fetch_public_contest_list?search&state&offset&limit — the tournaments listed in the player
// portal (their show-in-list switch, `open_show`, on), newest first. `search`: the public id (`contest_id`) or a
// part of a name in any language; `state`: 1 not started, 2 running, 3 ended (absent: all).
export const FetchPublicContestListReq = z.object({
  search: WireText.trim().max(PUBLIC_LIST_SEARCH_MAX).optional(),
  state: LooseId.pipe(
    z.number().refine((s) => PUBLIC_CONTEST_STATES.includes(s), 'unknown state'),
  ).optional(),
  ...Paging,
});
export const PublicContestWire = z.object({
  unique_id: z.number().int(),
  contest_id: z.number().int(),
  contest_name: I18nShownList,
  /** Round type of the tournament's rule. */
  mode: z.number().int(),
  /** 1 not started, 2 running, 3 ended (`PublicContestState`). */
  state: z.number().int(),
  /** The newest season and its dates. */
  season_id: z.number().int(),
  start_time: z.number().int(),
  end_time: z.number().int(),
  /** 1 closed (organisers add players), 2 automatic, 3 reviewed. */
  signup_type: z.number().int(),
  /** The caller's sign-up in that season: 0 none, 1 pending, 2 on the roster, 3 rejected. */
  signup_state: z.number().int(),
});
export const FetchPublicContestListRes = z.object({
  list: z.array(PublicContestWire),
  total: z.number().int(),
});

// GET /api/contest/fetch_account_kind — where the caller lands after logging in: `organiser` (an operator, or an
// account that created or manages a live tournament) in the console, `player` in the portal.
export const FetchAccountKindReq = z.object({});
export const FetchAccountKindRes = z.object({ kind: z.enum(['organiser', 'player']) });

// GET /api/contest/fetch_my_contests — the tournaments the caller signed up for, latest sign-up first.
export const FetchMyContestsReq = z.object({});
export const MyContestWire = z.object({
  unique_id: z.number().int(),
  contest_id: z.number().int(),
  contest_name: I18nShownList,
  /** Round type of the tournament's rule. */
  mode: z.number().int(),
  /** The newest season the caller has a sign-up in. */
  season_id: z.number().int(),
  season_state: z.number().int(),
  start_time: z.number().int(),
  end_time: z.number().int(),
  /** 1 pending, 2 on the roster, 3 rejected. */
  signup_state: z.number().int(),
  signup_time: z.number().int(),
});
export const FetchMyContestsRes = z.object({ list: z.array(MyContestWire) });

/** A seat of a planned game as its players see it; a robot is account 0 without a name. */
export const LobbySeatWire = z.object({
  seat: z.number().int(),
  account_id: z.number().int(),
  nickname: ShownText,
});

/** One of the caller's recent games in the season. */
export const MyResultWire = z.object({
  uuid: ShownText,
  end_time: z.number().int(),
  /** Final place. */
  rank: z.number().int(),
  /** Settled points ×1000. */
  total_point: z.number().int(),
  /** Raw final points. */
  part_point: z.number().int(),
});

// GET /api/contest/fetch_season_lobby?unique_id&season_id — the caller's view of a season's lobby.
export const FetchSeasonLobbyReq = z.object(SeasonRef);
export const FetchSeasonLobbyRes = z.object({
  unique_id: z.number().int(),
  season_id: z.number().int(),
  season_state: z.number().int(),
  signup: MySignupWire,
  /** The caller organises the tournament (creator or admin): they may chat and delete messages. */
  organiser: z.boolean(),
  /** The caller's next waiting game of the season (soonest first), or null. */
  next_game: z
    .object({
      uuid: ShownText,
      game_start_time: z.number().int(),
      /** The plan expires unless every seat is ready by then. */
      expire_time: z.number().int(),
      seats: z.array(LobbySeatWire),
    })
    .nullable(),
  /** A running game of the season the caller sits at (to go back to its table), or null. */
  playing: z.object({ game_uuid: ShownText, seat: z.number().int() }).nullable(),
  /** The caller's latest counted games of the season, newest first (at most 5). */
  recent_results: z.array(MyResultWire),
  /** The organiser shows the season's ranking to players (see fetch_season_public_rank). */
  ranking_shown: z.boolean(),
  /** This server offers season chat (`fetch_site_config` chat). */
  chat: z.boolean(),
  /** The tournament's emoji switch: stamps in the chat and at the tables. */
  stamps: z.boolean(),
  /**
   * The season's running games, to watch (`spectate_game`), for a caller who may watch the tournament's games
   * (its creator and admins, its observers while the observer switch is on, anyone while public spectating is
   * on); null for anyone else.
   */
  watchable: z.array(RunningGameWire).nullable(),
  /**
   * The tournament's private notice (`{lang, content}` per language), for a caller on the season's roster
   * (accepted sign-up) only; an empty list for everyone else.
   */
  private_notice: I18nShownList,
});

/** A ranking row as players see it: no organiser remark. */
export const PublicRankRowWire = z.object({
  rank: z.number().int(),
  account_id: z.number().int(),
  nickname: ShownText,
  score: z.number().int(),
  accumulate_point: z.number().int(),
  game_count: z.number().int(),
  counted_count: z.number().int(),
  qualified: z.number().int(),
  rank_1_count: z.number().int(),
  rank_2_count: z.number().int(),
  rank_3_count: z.number().int(),
  rank_4_count: z.number().int(),
});

// GET /api/contest/fetch_season_public_rank?unique_id&season_id&offset&limit — the season's personal ranking,
// when the organiser shows it (the tournament's show-in-list switch `open_show` is on); else `shown` 0 and
// nothing listed.
export const FetchSeasonPublicRankReq = z.object({ ...SeasonRef, ...Paging });
export const FetchSeasonPublicRankRes = z.object({
  shown: z.boolean(),
  list: z.array(PublicRankRowWire),
  total: z.number().int(),
  rank_rule: z.number().int(),
  /** The caller's own row, wherever it is (null when not ranked or not shown). */
  me: PublicRankRowWire.nullable(),
});

/** A record as its player sees it in their records: no remarks, their seat and result. */
export const MyRecordWire = z.object({
  uuid: ShownText,
  unique_id: z.number().int(),
  contest_id: z.number().int(),
  contest_name: I18nShownList,
  season_id: z.number().int(),
  start_time: z.number().int(),
  end_time: z.number().int(),
  /** The organisers removed it from the statistics. */
  removed: z.number().int(),
  /** Round type. */
  mode: z.number().int(),
  /** Seat order; robots are account 0 with the robot's name. */
  accounts: z.array(z.object({ account_id: z.number().int(), nickname: ShownText, seat: z.number().int() })),
  /** Final placement order. */
  result: z.object({ players: z.array(RecordPlayerWire) }),
  /** The caller's seat, place and points in it. */
  seat: z.number().int(),
  rank: z.number().int(),
  total_point: z.number().int(),
  part_point: z.number().int(),
});

// GET /api/contest/fetch_my_game_records?offset&limit[&unique_id&season_id] — the caller's records, newest first.
export const FetchMyGameRecordsReq = z.object({
  ...Paging,
  unique_id: LooseId.optional(),
  season_id: LooseId.optional(),
});
export const FetchMyGameRecordsRes = z.object({
  record_list: z.array(MyRecordWire),
  total: z.number().int(),
});

// GET /api/contest/fetch_my_game_record_file?uuid — a record's replay data for a player of its season (or its
// organisers and observers): the record, its Tenhou JSON log (a chuanma or xuezhandaodi game: the engine's own
// record), the revealed seed and the verification.
export const FetchMyGameRecordFileReq = z.object({ uuid: GameUuid });
export const FetchMyGameRecordFileRes = z.object({
  record: MyRecordWire.omit({ seat: true, rank: true, total_point: true, part_point: true }).extend({
    /** The caller's seat, or −1 when they did not play in it. */
    seat: z.number().int(),
  }),
  seed: ShownText,
  commitment: ShownText,
  verification: z.object({
    ok: z.boolean(),
    hands: z.number().int(),
    problems: z.array(ShownText),
    /** Hands dealt again after a restart: the hand (from 0) and the deal attempt of the wall it was played on. */
    redealt: z.array(z.object({ hand: z.number().int(), attempt: z.number().int() })),
  }),
  /**
   * `format` `tenhou`: Tenhou JSON in `tenhou`; `chuanma`: the engine's chuanma record in `chuanma`; `xuezhan`: the
   * engine's xuezhandaodi record in `xuezhan`.
   */
  ...RecordFileLog,
});

// POST /api/contest/delete_season_chat_message — an organiser deletes a message of a season's chat.
export const DeleteSeasonChatMessageReq = z.object({ unique_id: LooseId, season_id: LooseId, id: LooseId });
export const DeleteSeasonChatMessageRes = z.object({});
