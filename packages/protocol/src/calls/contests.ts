import { z } from 'zod';
import { LIMITS } from '../constants';
import { i18nShownTextSchema as I18nShownList, i18nTextSchema as I18nTextList } from '../lang';
import { detailRulePatchSchema, detailRuleSchema } from '../rules/detail-rule';
import { Flag01, LooseId, ShownText, UnixTime, ZoneList } from './common';

/** `detail_rule` on the wire: the full rule. */
export const DetailRuleWire = detailRuleSchema;

/** Round type (`game_mode.mode`): 1 East 4p, 2 South 4p, 11 East 3p, 12 South 3p. */
export const RoundTypeWire = z.union([z.literal(1), z.literal(2), z.literal(11), z.literal(12)]);

export const GameSettingWire = z.object({ emoji_switch: z.number().int() });

export const GameModeWire = z.object({
  mode: z.number().int(),
  detail_rule: DetailRuleWire,
  game_setting: GameSettingWire,
});

export const LevelLimitWire = z.object({ type: z.number().int(), value: z.number().int() });

export const ContestSettingWire = z.object({
  game_limit: z.number().int(),
  system_broadcast: z.number().int(),
  level_limit: z.array(LevelLimitWire),
});

// POST /api/contest/create_contest
export const CreateContestReq = z.object({
  name: I18nTextList,
  game_rule_setting: z.object({
    mode: RoundTypeWire,
    /** Fields not sent take the round type's defaults. */
    detail_rule: detailRulePatchSchema.optional(),
    game_setting: z.object({ emoji_switch: Flag01 }).partial().optional(),
  }),
  open_show: Flag01.default(1),
  start_time: UnixTime,
  end_time: UnixTime,
});
export const CreateContestRes = z.object({
  unique_id: z.number().int(),
  contest_id: z.number().int(),
  season_id: z.number().int(),
});

/** The season reference carried by list entries (names as clients read them). */
export const ContestListSeasonWire = z.object({
  uniqueId_: z.number().int(),
  seasonId_: z.number().int(),
  endTime_: z.number().int(),
});

// GET /api/contest/fetch_contest_list — tournaments the account created or administers.
export const FetchContestListReq = z.object({});
export const ContestListItemWire = z.object({
  unique_id: z.number().int(),
  /** Short public id (six digits). */
  contest_id: z.number().int(),
  contest_name: I18nShownList,
  /** The latest season, or null when none. */
  season: ContestListSeasonWire.nullable(),
  /** Internal account id of the creator. */
  creator_id: z.number().int(),
  create_time: z.number().int(),
  start_time: z.number().int(),
  finish_time: z.number().int(),
  state: z.number().int(),
  open: z.number().int(),
  /** Round type of the tournament's rule. */
  mode: z.number().int(),
  game_mode: GameModeWire,
  /** What the calling account is to this tournament: 4 creator, 1 admin, 2 chat manager, 3 player manager. */
  manager_role: z.number().int(),
});
export const FetchContestListRes = z.array(ContestListItemWire);

export const SeasonListItemWire = z.object({
  season_id: z.number().int(),
  /** 1 pending, 2 running, 3 finished, 4 ended. */
  state: z.number().int(),
  start_time: z.number().int(),
  end_time: z.number().int(),
  create_time: z.number().int(),
  signup_type: z.number().int(),
  signup_start_time: z.number().int(),
  signup_end_time: z.number().int(),
  auto_match: z.number().int(),
  match_start_time: z.number().int(),
  match_end_time: z.number().int(),
  rank_rule: z.number().int(),
  /** 0 personal, 1 team. */
  rank_type: z.number().int(),
  show_team_rank: z.number().int(),
  remark: ShownText,
});

/** A manager of the tournament; `role` what the creator appointed them as: 1 admin, 2 chat manager, 3 player manager. */
export const AdminListItemWire = z.object({
  account_id: z.number().int(),
  nickname: ShownText,
  role: z.number().int(),
});

// GET /api/contest/fetch_contest_detail?unique_id=
export const FetchContestDetailReq = z.object({ unique_id: LooseId });
export const FetchContestDetailRes = z.object({
  unique_id: z.number().int(),
  contest_id: z.number().int(),
  contest_name: I18nShownList,
  /** Tournament state: 1 pending, 2 running, 3 finished. */
  state: z.number().int(),
  /** Tournament kind: 0 unofficial, 1 official, 2 hot. */
  contest_type: z.number().int(),
  creator_id: z.number().int(),
  create_time: z.number().int(),
  start_time: z.number().int(),
  finish_time: z.number().int(),
  signup_start_time: z.number().int(),
  signup_end_time: z.number().int(),
  signup_type: z.number().int(),
  /** Shown in the public tournament list (0/1). */
  open: z.number().int(),
  rank_rule: z.number().int(),
  /** Zones in which the tournament is listed; the console's hidden zones are the others. */
  show_zones: ZoneList,
  /** Zones whose players may take part; the console's banned zones are the others. */
  available_zones: ZoneList,
  i18n_switch: z.number().int(),
  observer_switch: z.number().int(),
  /** Seconds a spectator stays behind the table (0–600; 120 unless set). */
  spectate_delay: z.number().int().optional(),
  /** 1: anyone logged in may watch the games (else the creator, admins and observers while observers are on). */
  public_spectating: z.number().int().optional(),
  /** 1: the tournament's games move its players' levels (rated); 0 unless set. */
  rated: z.number().int().optional(),
  /** 1 while changes are under review. */
  check_state: z.number().int(),
  /** While `check_state` is 1: the text awaiting the operator's review (the public text is still the old one). */
  pending_review: z
    .object({
      contest_name: I18nShownList.optional(),
      public_notice: I18nShownList.optional(),
      private_notice: I18nShownList.optional(),
      submit_time: z.number().int(),
    })
    .optional(),
  /** Round type (same as game_mode.mode). */
  mode: z.number().int(),
  /** The rule (same as game_mode.detail_rule). */
  rule: DetailRuleWire,
  max_player_count: z.number().int(),
  season_list: z.array(SeasonListItemWire),
  admin_list: z.array(AdminListItemWire),
  public_notice: I18nShownList,
  private_notice: I18nShownList,
  manager_notice: I18nShownList,
  contest_setting: ContestSettingWire,
  game_mode: GameModeWire,
  /**
   * What the calling account is to this tournament: 4 creator, 1 admin, 2 chat manager, 3 player manager,
   * 0 observer (`roleOfManagerNumber`; what each may do: `CONTEST_POLICY`).
   */
  manager_role: z.number().int(),
});

/** `contest_setting` as `update_contest_base` takes it: any of its fields; the others stay. */
export const ContestSettingPatchWire = z
  .object({
    /** At most one per type (1 four-player, 2 three-player); value 0 (none) or a level code of that type. */
    level_limit: z.array(z.object({ type: z.union([z.literal(1), z.literal(2)]), value: z.number().int() })),
    /** Games a player may play in a season; 0 = no limit. */
    game_limit: z.number().int().min(0).max(1_000_000),
    system_broadcast: Flag01,
  })
  .partial();

/** The rule as the editor sends it: round type, the rule (full or a patch on the round type's defaults). */
export const GameRuleSettingWire = z.object({
  mode: RoundTypeWire,
  /** Fields not sent take the round type's defaults; absent: the tournament's current rule. */
  detail_rule: detailRulePatchSchema.optional(),
  game_setting: z.object({ emoji_switch: Flag01 }).partial().optional(),
});

/** A field the engine cannot play yet (`UnsupportedRuleError`), named for the editor. */
export const UnsupportedFieldWire = z.object({ field: ShownText, value: z.unknown(), reason: ShownText });

// POST /api/contest/update_contest_base — basic settings, times and switches; the advanced (rule) form; the
// manager notice. One call, any part of `setting`.
export const UpdateContestBaseReq = z.object({
  unique_id: LooseId,
  setting: z
    .object({
      name: I18nTextList,
      open_show: Flag01,
      show_zones: ZoneList,
      available_zones: ZoneList,
      i18n_switch: Flag01,
      /** A started tournament keeps its start (2563), an ended one its end (2564). */
      start_time: UnixTime,
      end_time: UnixTime,
      observer_switch: Flag01,
      /** Seconds a spectator stays behind the table: 0–600 (2517 otherwise). */
      spectate_delay: z.number().int().min(0).max(LIMITS.SPECTATE_DELAY_MAX_S),
      public_spectating: Flag01,
      /** 1: the tournament's games move its players' levels from now on (games already played stay as they were). */
      rated: Flag01,
      contest_setting: ContestSettingPatchWire,
      game_rule_setting: GameRuleSettingWire,
      /** Seen by the tournament's managers only; 2000 characters per language (2548). */
      manager_notice: I18nTextList,
    })
    .partial(),
  /** Multi-language names switch; also accepted inside `setting`. */
  i18n_switch: Flag01.optional(),
});
/** Answers the tournament as it now stands. */
export const UpdateContestBaseRes = FetchContestDetailRes;

// POST /api/contest/delete_contest — creator only.
export const DeleteContestReq = z.object({ unique_id: LooseId });
export const DeleteContestRes = z.object({});

// POST /api/contest/check_contest_rule — the rule editor's dry run: what an update with this rule would refuse.
export const CheckContestRuleReq = z.object({
  unique_id: LooseId,
  game_rule_setting: GameRuleSettingWire.omit({ game_setting: true }),
});
export const CheckContestRuleRes = z.object({
  /** Rule limits broken (spec §5), each refused with `code` (2517). */
  violations: z.array(z.object({ field: ShownText, code: z.number().int() })),
  /** Fields the game server cannot play yet; an update with them is refused with 2517. */
  unsupported: z.array(UnsupportedFieldWire),
});
