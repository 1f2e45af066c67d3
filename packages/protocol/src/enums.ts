// Enumerations of the contest model (spec §3). Each is a const object (readable name → wire number)
// with a type of the same name for its values.

type ValueOf<T> = T[keyof T];

export const SeasonState = { PENDING: 1, RUNNING: 2, FINISHED: 3, ENDED: 4 } as const;
export type SeasonState = ValueOf<typeof SeasonState>;

export const ManagerRole = { ADMIN: 1, CHAT: 2, PLAYER: 3, CREATOR: 4 } as const;
export type ManagerRole = ValueOf<typeof ManagerRole>;

/** Chat-limit and sign-up lists. */
export const ListType = { NULL: 0, WHITELIST: 1, BLACKLIST: 2 } as const;
export type ListType = ValueOf<typeof ListType>;

export const GameState = { NULL: 0, CREATE: 1, START: 2, FINISH: 3, EXPIRED: 4, CANCELLED: 5 } as const;
export type GameState = ValueOf<typeof GameState>;

/** Server zones, derived from the internal account id (see `zoneOfAccountId`). */
export const Zone = { CN: 1, JP: 2, US: 3 } as const;
export type Zone = ValueOf<typeof Zone>;
export const ZONES: readonly Zone[] = [Zone.CN, Zone.JP, Zone.US];

export const ContestKind = { UNOFFICIAL: 0, OFFICIAL: 1, HOT: 2 } as const;
export type ContestKind = ValueOf<typeof ContestKind>;

export const SignupType = { CLOSE: 1, AUTO: 2, CHECK: 3 } as const;
export type SignupType = ValueOf<typeof SignupType>;

/** Season ranking type (`rank_type`): personal or team. */
export const SeasonType = { PERSONAL: 0, TEAM: 1 } as const;
export type SeasonType = ValueOf<typeof SeasonType>;

/** `ai_level` of robots in a planned game. */
export const RobotLevel = { NONE: 0, SIMPLE: 1, COMMON: 2 } as const;
export type RobotLevel = ValueOf<typeof RobotLevel>;

/** `state` of a sign-up / season-player list row. */
export const SignupPlayerState = { PENDING: 1, ACCEPTED: 2 } as const;
export type SignupPlayerState = ValueOf<typeof SignupPlayerState>;

/** Registration review state. */
export const RegistrationState = { PENDING: 1, APPROVED: 2, REJECTED: 3 } as const;
export type RegistrationState = ValueOf<typeof RegistrationState>;

/** `level_limit[].type` and the first digit of level ids. */
export const LevelLimitType = { FOUR_PLAYER: 1, THREE_PLAYER: 2 } as const;
export type LevelLimitType = ValueOf<typeof LevelLimitType>;

/** `pause_contest_running_game.resume`. */
export const PauseAction = { PAUSE: 1, RESUME: 2 } as const;
export type PauseAction = ValueOf<typeof PauseAction>;

/** `update_contest_game_record.remove`. */
export const RecordRemoval = { RESTORE: 0, REMOVE: 1 } as const;
export type RecordRemoval = ValueOf<typeof RecordRemoval>;

/** `check_state` of a tournament: 1 = changes under review. */
export const CheckState = { NONE: 0, UNDER_REVIEW: 1 } as const;
export type CheckState = ValueOf<typeof CheckState>;

/**
 * Login body `type`: 0 account (e-mail or login name), 1 phone-style login name (looked up the same way),
 * 7 and 8 bot access by API key (`{type, uid, code}`).
 */
export const LoginType = { ACCOUNT: 0, PHONE: 1, API_KEY: 7, API_KEY_ALT: 8 } as const;
export type LoginType = ValueOf<typeof LoginType>;

/** Verification code purposes of `send_code`. */
export const CODE_PURPOSES = ['register', 'login'] as const;

export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** True when `value` is one of the values of the const-object enumeration `e`. */
export function isEnumValue<E extends Record<string, number>>(e: E, value: unknown): value is E[keyof E] {
  return typeof value === 'number' && Object.values(e).includes(value);
}
