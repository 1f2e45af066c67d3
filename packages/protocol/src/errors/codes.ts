// Error codes (RULES.md numbering, as existing clients read them). Readable name → wire number.
// Codes of our own: 1 SYSTEM_ERROR (unexpected server failure, family 1–15 system), and in the accounts
// family 1001–1028: 1027 EMAIL_REGISTERED (register with an e-mail that already has an account) and
// 1028 LOGIN_TOO_OFTEN (too many failed login attempts; try again later).

export const ErrorCode = {
  // System
  SYSTEM_ERROR: 1,

  // Input, verification, e-mail
  WRONG_CODE: 116,
  BAD_EMAIL: 121,
  CODE_TOO_OFTEN: 130,

  // Social login (OAuth family 101–158; ours): 150 the provider is not configured here, 151 the sign-in with the
  // provider failed (refused, expired, state or token not valid), 152 the provider cannot be reached, 153 the
  // provider account is linked to another account (or this account has one of that provider), 154 removing the
  // last way to log in, 155 the account has a password already.
  OIDC_PROVIDER_UNKNOWN: 150,
  OIDC_FAILED: 151,
  OIDC_PROVIDER_UNAVAILABLE: 152,
  OIDC_IDENTITY_TAKEN: 153,
  OIDC_LAST_LOGIN: 154,
  PASSWORD_ALREADY_SET: 155,

  // Resources and accounts
  INSUFFICIENT_CURRENCY: 501,
  BANNED: 503,
  ACCOUNT_NOT_FOUND: 1002,
  WRONG_PASSWORD: 1003,
  NICKNAME_TAKEN: 1010,
  EMAIL_REGISTERED: 1027,
  LOGIN_TOO_OFTEN: 1028,

  // Game control
  GAME_ALREADY_PAUSED: 1209,
  GAME_ALREADY_RUNNING: 1210,

  // Contests
  CONTEST_NOT_FOUND: 2501,
  LIMIT_REACHED: 2502,
  ID_GENERATION_FAILED: 2503,
  REPEATED_LOGIN: 2504,
  NOT_LOGGED_IN: 2505,
  NO_PERMISSION: 2506,
  NOT_STARTED: 2507,
  ALREADY_ENDED: 2508,
  PLAYER_NOT_WAITING: 2509,
  PLAYER_HANDLED_BY_OTHER_ADMIN: 2510,
  NOT_ON_ROSTER: 2511,
  CHAT_RESTRICTED: 2512,
  CREATOR_ONLY: 2513,
  ADMINS_MAX: 2514,
  CREATE_COOLDOWN: 2515,
  NO_CREATE_RIGHT: 2516,
  PARAM_ERROR: 2517,
  RANK_TOO_LOW: 2518,
  TOO_MANY_MATCHES: 2519,
  CANNOT_EXTEND: 2520,
  AUTO_MATCH_ON: 2521,
  PLAYER_MATCHING: 2522,
  TYPE_NOT_CREATABLE: 2523,
  ZONE_LIMIT: 2524,
  CREATE_UNAVAILABLE: 2525,
  NAME_EDIT_UNAVAILABLE: 2526,
  NOTICE_EDIT_UNAVAILABLE: 2527,
  CHAT_UNAVAILABLE: 2528,
  SPECTATE_UNSUPPORTED: 2529,
  BLACKLISTED: 2530,
  OPEN_CONTESTS_MAX: 2531,
  ADMINS_LOAD_FAILED: 2532,
  SEASON_LOAD_FAILED: 2533,
  SEASON_LIST_LOAD_FAILED: 2534,
  SEASON_NOT_ENDED: 2535,
  NO_ACTIVE_SEASON: 2536,
  PLAYER_SEASON_DATA_FAILED: 2537,
  NO_OPEN_SEASON: 2538,
  OUTSIDE_SIGNUP_PERIOD: 2539,
  UNREGISTERED_CANNOT_PLAY: 2540,
  SEASON_NOT_FINISHED: 2541,
  SEASON_ENDED_READONLY: 2542,
  DUPLICATE_RESERVATION: 2543,
  PLAYER_NOT_LOCKED: 2544,
  DUPLICATE_PLAYERS: 2545,
  CREATOR_CANNOT_BE_ADMIN: 2546,
  NAME_TOO_LONG: 2547,
  NOTICE_TOO_LONG: 2548,
  SEASON_TOO_LONG: 2549,
  CREATE_FAILED: 2550,
  SIGNUP_PENDING: 2551,
  SIGNUP_CLOSED: 2552,
  ALREADY_SIGNED_UP: 2553,
  NOTE_TOO_LONG: 2554,
  REVIEW_CONTENT_MISSING: 2555,
  LOGS_LATEST_ONLY: 2556,
  SPECTATE_OFF: 2557,
  LOCKED_BY_OPERATOR: 2558,
  MATCHES_LOAD_FAILED: 2559,
  CONTEST_DELETED: 2560,
  CHAT_JOIN_FAILED: 2561,
  TIME_SETTINGS_WRONG: 2562,
  START_LOCKED: 2563,
  END_LOCKED: 2564,
  SEASON_ENDED: 2565,
  PARTICIPANTS_FULL: 2566,
  RESERVATION_PLAYER_COUNT: 2575,

  // Teams
  TEAMS_MAX: 2576,
  TEAM_NOT_FOUND: 2577,
  TEAM_IMPORT_FAILED: 2578,
  TEAM_EXISTS: 2579,
  MEMBER_EXISTS: 2580,
  TEAM_LIST_MAX: 2581,
  MEMBER_FETCH_MAX: 2582,
  TEAM_IN_PERSONAL_SEASON: 2583,
  TEAM_NOT_EMPTY: 2584,
  NOT_TEAM_MEMBER: 2585,
  TEAM_NAME_TOO_LONG: 2586,
  TEAM_PARAM_ERROR: 2587,
  ALREADY_ON_ROSTER: 2588,
  SCORE_CHANGE_OVER_LIMIT: 2589,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCode = (typeof ErrorCode)[ErrorCodeName];

/** Every code, ascending. */
export const ERROR_CODES: readonly ErrorCode[] = Object.values(ErrorCode).sort((a, b) => a - b);

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'number' && (ERROR_CODES as readonly number[]).includes(code);
}

/** The readable name of a code (for logs), or undefined. */
export function errorCodeName(code: number): ErrorCodeName | undefined {
  return (Object.keys(ErrorCode) as ErrorCodeName[]).find((name) => ErrorCode[name] === code);
}
