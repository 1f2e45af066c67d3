import { z } from 'zod';
import { LIMITS } from '../constants';
import { Flag01, LooseId, ShownText, UnixTime, WireText } from './common';
import { GameUuid } from './games';

// Game records of a season: the list, remove/restore, tags, yakuman-marked games, a player's games, and the
// downloadable, verifiable game file.

const SeasonRef = { unique_id: LooseId, season_id: LooseId };

/** Paging of record lists: at most the latest 10 000 records can be read (offset + limit; 2556 beyond). */
const Paging = {
  offset: LooseId.pipe(z.number().max(LIMITS.DOWNLOAD_RECORDS_MAX)).default(0),
  limit: LooseId.pipe(z.number().min(1).max(LIMITS.DOWNLOAD_PAGE_SIZE)).default(10),
};

export const RecordPlayerWire = z.object({
  seat: z.number().int(),
  /** Raw final points. */
  part_point_1: z.number().int(),
  /** Settled score ×1000, uma included. */
  total_point: z.number().int(),
});

export const GameRecordWire = z.object({
  uuid: ShownText,
  start_time: z.number().int(),
  end_time: z.number().int(),
  /** The plan's remark, or what an organiser set since. */
  tag: ShownText,
  removed: z.number().int(),
  /** The rule the game was played under: round type and detail_rule. */
  config: z.object({
    mode: z.number().int(),
    detail_rule: z.record(ShownText, z.union([z.number(), z.boolean()])),
  }),
  /** Seat order; robots are account 0 with the robot's name. */
  accounts: z.array(
    z.object({
      account_id: z.number().int(),
      nickname: ShownText,
      remark: ShownText,
      team_name: ShownText,
      seat: z.number().int(),
    }),
  ),
  /** `players` in final placement order. */
  result: z.object({ players: z.array(RecordPlayerWire) }),
  /** sha256 of the wall seed, published when the game started. */
  commitment: ShownText,
});

// GET or POST /api/contest/fetch_contest_game_records — newest first.
export const FetchContestGameRecordsReq = z.object({
  ...SeasonRef,
  ...Paging,
  /** The list as it stood at the first page: pass back the `token` of that answer to page without shifts. */
  token: WireText.max(200).optional(),
  /** Only records that ended in [start_time, end_time] (unix s), when given. */
  start_time: UnixTime.optional(),
  end_time: UnixTime.optional(),
});
export const FetchContestGameRecordsRes = z.object({
  record_list: z.array(GameRecordWire),
  total: z.number().int(),
  token: ShownText,
});

// POST /api/contest/update_contest_game_record — remove 1 removes (excluded from statistics), 0 restores.
export const UpdateContestGameRecordReq = z.object({ ...SeasonRef, uuid: GameUuid, remove: Flag01 });
export const UpdateContestGameRecordRes = z.object({});

// POST /api/contest/set_contest_game_record_tag
export const SetContestGameRecordTagReq = z.object({ ...SeasonRef, uuid: GameUuid, tag: WireText.max(1000) });
export const SetContestGameRecordTagRes = z.object({});

export const MarkedGameWire = z.object({
  game_uuid: ShownText,
  start_time: z.number().int(),
  account_id: z.number().int(),
  nickname: ShownText,
  /** 7 for a counted (kazoe) yakuman, else the multiple. */
  yiman: z.number().int(),
  yaku: z.array(ShownText),
  info: z.object({ chang: z.number().int(), ju: z.number().int(), ben: z.number().int() }),
  removed: z.number().int(),
});

// GET or POST /api/contest/fetch_marked_contest_game — yakuman-marked games, newest first.
export const FetchMarkedContestGameReq = z.object({ ...SeasonRef, ...Paging });
export const FetchMarkedContestGameRes = z.object({
  records: z.array(MarkedGameWire),
  total: z.number().int(),
});

// GET /api/contest/fetch_contest_season_player_game_record — one player's records in the season, newest first.
export const FetchContestSeasonPlayerGameRecordReq = z.object({
  ...SeasonRef,
  account_id: LooseId,
  ...Paging,
});
export const FetchContestSeasonPlayerGameRecordRes = z.object({
  record_list: z.array(GameRecordWire),
  total: z.number().int(),
});

/**
 * The kind of game log a record file carries: Tenhou JSON (riichi games), or the engine's own record for the modes
 * Tenhou's format cannot hold (chuanma; xuezhandaodi, whose hands go on after their wins).
 */
export const RecordFileFormat = { TENHOU: 'tenhou', CHUANMA: 'chuanma', XUEZHAN: 'xuezhan' } as const;
export type RecordFileFormat = (typeof RecordFileFormat)[keyof typeof RecordFileFormat];

/** What every engine record holds (engine README, "Record"): the table, the wall commitment, the game's log. */
const engineRecord = {
  format: z.literal('taikai/1'),
  tableId: ShownText,
  commitment: ShownText,
  /** Red fives in the wall (from `dora_count`). */
  red: z.object({ m: z.number().int(), p: z.number().int(), s: z.number().int() }),
  /** Points of the riichi sticks left on the table at the end (they go to 1st). */
  leftoverStickPoints: z.number().int(),
  changbangValue: z.number().int(),
  paipu: z.object({
    title: ShownText,
    /** Seat names, E S W N of the first hand. */
    player: z.array(ShownText),
    qijia: z.number().int(),
    log: z.array(z.array(z.record(ShownText, z.unknown()))),
    /** Final raw scores by seat. */
    defen: z.array(z.number().int()),
    /** Settled points by seat, in thousands (`"+35.0"`). */
    point: z.array(ShownText),
    /** Places by seat (1 = first). */
    rank: z.array(z.number().int()),
  }),
  /** Hands dealt again after a restart, with the commitments of the walls abandoned. */
  redeals: z
    .array(z.object({ hand: z.number().int(), attempt: z.number().int(), abandoned: z.array(ShownText) }))
    .optional(),
};

/**
 * A chuanma (Sichuan bloody battle) game's record, as the engine writes it (engine README, "Chuanma", Record):
 * `paipu.log[n]` is hand n's entries, seats absolute (0–3), each an object with one key —
 * `qipai {hand, dealer, scores, shoupai[4][13]}`, `huan {direction, out[4][3]}`, `dingque [4]`,
 * `zimo`/`gangzimo {seat, p}`, `dapai {seat, p}`, `peng {seat, p, from}`, `gang {seat, p, type, from?}`,
 * `hule {seat, from, p, shoupai, melds, fans, fan, points}`, `pingju {shoupai, melds}`,
 * `jiesuan {hands, wins, payments, deltas, scores, bust, nextDealer}`. Tiles in the short notation (`m5`, `p9`).
 * No red fives (`red` all 0) and no sticks (`leftoverStickPoints` and `changbangValue` 0).
 */
export const ChuanmaRecordLog = z.object({
  ...engineRecord,
  mode: z.literal('chuanma'),
  /** 1: 4 games (hands), 2: 8. */
  roundType: z.number().int(),
  chuanma: z.object({
    huansanzhang: z.boolean(),
    canJifei: z.boolean(),
    hands: z.number().int(),
    initialScores: z.array(z.number().int()),
  }),
});
export type ChuanmaRecordLog = z.infer<typeof ChuanmaRecordLog>;

/**
 * A xuezhandaodi (Battle of Asura) game's record, as the engine writes it (engine README, "Xuezhandaodi", Record):
 * the riichi record (`paipu.log[n]` is hand n's entries in the rules engine's notation: `qipai`, `zimo`, `dapai`,
 * `fulou`, `gang`, `gangzimo`, `kaigang`, `hule`, `pingju`), whose hands go on after a win: a hand holds every
 * `hule` where it happened, play continuing after it, and ends with its third `hule`, a bust's `hule` or a
 * `pingju`. With the exchange (换三张) each deal holds `qipai.huan {direction, given[4][3]}` (by seat from the
 * dealer) and `qipai.shoupai` are the hands after it.
 */
export const XuezhanRecordLog = z.object({
  ...engineRecord,
  mode: z.literal('xuezhan'),
  /** 1: East (4 hands), the only round type the mode plays. */
  roundType: z.number().int(),
  xuezhan: z.object({ huansanzhang: z.boolean() }),
});
export type XuezhanRecordLog = z.infer<typeof XuezhanRecordLog>;

/** What a record file carries beside its seed and verification: the log, typed by `format`. */
export const RecordFileLog = {
  /**
   * `tenhou`: the log is Tenhou JSON in `tenhou`. `chuanma` / `xuezhan`: the engine's record in `chuanma` /
   * `xuezhan`, `tenhou` is `{}`.
   */
  format: z.enum([RecordFileFormat.TENHOU, RecordFileFormat.CHUANMA, RecordFileFormat.XUEZHAN]),
  /** Tenhou JSON (`title`, `name`, `rule`, `log`, …); `{}` for a chuanma or xuezhandaodi game (no such format). */
  tenhou: z.record(ShownText, z.unknown()),
  /** The chuanma record, for `format: 'chuanma'` only. */
  chuanma: ChuanmaRecordLog.optional(),
  /** The xuezhandaodi record, for `format: 'xuezhan'` only. */
  xuezhan: XuezhanRecordLog.optional(),
};

// GET /api/contest/fetch_contest_game_record_file — the game in Tenhou's JSON format (a chuanma or xuezhandaodi
// game: the engine's own record, `format` says which), its revealed seed, and the verification of every wall against the
// commitment published at its start.
export const FetchContestGameRecordFileReq = z.object({ ...SeasonRef, uuid: GameUuid });
export const FetchContestGameRecordFileRes = z.object({
  uuid: ShownText,
  seed: ShownText,
  commitment: ShownText,
  verification: z.object({
    ok: z.boolean(),
    /** Hands whose walls were re-dealt from the seed and matched. */
    hands: z.number().int(),
    /** Why it failed, when it did. */
    problems: z.array(ShownText),
    /** Hands dealt again after a restart: the hand (from 0) and the deal attempt of the wall it was played on. */
    redealt: z.array(z.object({ hand: z.number().int(), attempt: z.number().int() })),
  }),
  ...RecordFileLog,
});
