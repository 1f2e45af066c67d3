import { z } from 'zod';
import { i18nShownTextSchema as I18nShownList } from '../lang';
import { Flag01, LooseId, UnixTime, WireText } from './common';
import { SeasonListItemWire } from './contests';

// Seasons of a tournament: list, create, update, end (organisers).

/** Season remark as sent; its length rule (25) answers 2554 in the service. */
const SeasonRemark = WireText.max(1000);

// GET /api/contest/fetch_contest_season_list?unique_id= — oldest first.
export const FetchContestSeasonListReq = z.object({ unique_id: LooseId });
export const FetchContestSeasonListRes = z.array(SeasonListItemWire);

// POST /api/contest/create_contest_season — only when every season is ended.
export const CreateContestSeasonReq = z.object({
  unique_id: LooseId,
  start_time: UnixTime,
  end_time: UnixTime,
});
export const CreateContestSeasonRes = SeasonListItemWire;

/** Every field of a season an organiser may change; each is optional. */
export const SeasonSettingWire = z
  .object({
    /** Only while the season is pending. */
    start_time: UnixTime,
    end_time: UnixTime,
    /** 1 close, 2 auto pass, 3 check. */
    signup_type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    signup_start_time: UnixTime,
    signup_end_time: UnixTime,
    auto_match: Flag01,
    match_start_time: UnixTime,
    match_end_time: UnixTime,
    /** A rank rule code (RULES.md); 2517 for any other number. */
    rank_rule: z.number().int().min(0).max(1000),
    /** 0 personal, 1 team. */
    rank_type: z.union([z.literal(0), z.literal(1)]),
    show_team_rank: Flag01,
    remark: SeasonRemark,
  })
  .partial();
export type SeasonSetting = z.infer<typeof SeasonSettingWire>;

// POST /api/contest/update_contest_season
export const UpdateContestSeasonReq = z.object({
  unique_id: LooseId,
  season_id: LooseId,
  setting: SeasonSettingWire,
});
/** The season as it now stands. */
export const UpdateContestSeasonRes = SeasonListItemWire;

// POST /api/contest/end_contest_season — only a finished season.
export const EndContestSeasonReq = z.object({ unique_id: LooseId, season_id: LooseId });
export const EndContestSeasonRes = SeasonListItemWire;

// Sign-up, seen from the player's side. The player page opens a tournament by its short public `contest_id`.

/** A player's sign-up for a season: 0 none, 1 pending review, 2 accepted, 3 rejected. */
export const SignupStateWire = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

export const MySignupWire = z.object({
  state: SignupStateWire,
  /** When the player signed up (0 when never). */
  create_time: z.number().int(),
  /** On the season's blacklist: signing up is refused (2530). */
  blacklisted: z.number().int(),
});

/** What a player sees of a season. */
export const PublicSeasonWire = z.object({
  season_id: z.number().int(),
  state: z.number().int(),
  start_time: z.number().int(),
  end_time: z.number().int(),
  signup_type: z.number().int(),
  signup_start_time: z.number().int(),
  signup_end_time: z.number().int(),
  rank_type: z.number().int(),
  /** Accepted players, and the cap. */
  player_count: z.number().int(),
  max_player_count: z.number().int(),
});

// GET /api/contest/fetch_contest_public_info?contest_id= — any logged-in account.
export const FetchContestPublicInfoReq = z.object({ contest_id: LooseId });
export const FetchContestPublicInfoRes = z.object({
  unique_id: z.number().int(),
  contest_id: z.number().int(),
  contest_name: I18nShownList,
  public_notice: I18nShownList,
  /** Round type of the tournament's rule. */
  mode: z.number().int(),
  start_time: z.number().int(),
  finish_time: z.number().int(),
  /** The newest season, or null when it has none. */
  season: PublicSeasonWire.nullable(),
  /** The caller's sign-up for that season. */
  signup: MySignupWire,
  /** True when the caller organises this tournament (creator or admin). */
  is_manager: z.boolean(),
});

/**
 * A season as a player's call names it. `contest_id`, the tournament's public id, is needed for a tournament
 * hidden from the list by an account it did not invite (else 2501): its `unique_id`s are sequential.
 */
const PlayerSeasonRef = { unique_id: LooseId, season_id: LooseId, contest_id: LooseId.optional() };

// POST /api/contest/signup_contest_season — sign up for the current season.
export const SignupContestSeasonReq = z.object(PlayerSeasonRef);
export const SignupContestSeasonRes = MySignupWire;

// POST /api/contest/cancel_contest_season_signup — withdraw while pending.
export const CancelContestSeasonSignupReq = z.object(PlayerSeasonRef);
export const CancelContestSeasonSignupRes = MySignupWire;

// GET /api/contest/fetch_contest_season_signup?unique_id=&season_id=[&contest_id=] — the caller's own state.
export const FetchContestSeasonSignupReq = z.object(PlayerSeasonRef);
export const FetchContestSeasonSignupRes = MySignupWire;
