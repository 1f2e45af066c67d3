import { ERROR_CODES, ErrorCode } from './codes';

// HTTP status of every error code. The console treats 401 as "log in again"; game-side refusals keep 200
// because existing clients read them from a 200 body.
//
// | status | meaning                              | codes                                                   |
// |--------|--------------------------------------|---------------------------------------------------------|
// | 200    | game-side refusal, read from the body | 1209 1210                                               |
// | 400    | bad parameter or failed validation   | 116 121 151 1003 2511 2517 2529 2545–2549 2554–2556 2562 2575 2578 2581 2582 2585–2587 2589 |
// | 401    | not logged in / token no longer valid | 2504 2505                                               |
// | 402    | not enough premium currency           | 501                                                     |
// | 403    | not allowed for this account          | 2506 2512 2513 2516 2518 2523 2524 2530 2540 2557 2558  |
// | 404    | no such tournament, season, team, account, provider | 150 1002 2501 2536 2538 2560 2577                       |
// | 409    | conflicts with the current state      | 153–155 1010 1027 2502 2507–2510 2514 2519–2522 2531 2535 2539 2541–2544 2551–2553 2563–2566 2576 2579 2580 2583 2584 2588 |
// | 429    | too often / rate limited              | 130 1028 2515                                           |
// | 500    | server-side failure                   | 1 2503 2532–2534 2537 2550 2559 2561                    |
// | 503    | banned, or temporarily unavailable    | 152 503 2525–2528                                           |

export interface ErrorInfo {
  /** HTTP status of the error response. */
  status: number;
  /** Translation key of the console (`Err{code}`). */
  key: string;
}

const E = ErrorCode;

const STATUS_GROUPS: readonly [number, readonly ErrorCode[]][] = [
  [200, [E.GAME_ALREADY_PAUSED, E.GAME_ALREADY_RUNNING]],
  [
    400,
    [
      E.WRONG_CODE,
      E.BAD_EMAIL,
      E.OIDC_FAILED,
      E.WRONG_PASSWORD,
      E.NOT_ON_ROSTER,
      E.PARAM_ERROR,
      E.SPECTATE_UNSUPPORTED,
      E.DUPLICATE_PLAYERS,
      E.CREATOR_CANNOT_BE_ADMIN,
      E.NAME_TOO_LONG,
      E.NOTICE_TOO_LONG,
      E.SEASON_TOO_LONG,
      E.NOTE_TOO_LONG,
      E.REVIEW_CONTENT_MISSING,
      E.LOGS_LATEST_ONLY,
      E.TIME_SETTINGS_WRONG,
      E.RESERVATION_PLAYER_COUNT,
      E.TEAM_IMPORT_FAILED,
      E.TEAM_LIST_MAX,
      E.MEMBER_FETCH_MAX,
      E.NOT_TEAM_MEMBER,
      E.TEAM_NAME_TOO_LONG,
      E.TEAM_PARAM_ERROR,
      E.SCORE_CHANGE_OVER_LIMIT,
    ],
  ],
  [401, [E.REPEATED_LOGIN, E.NOT_LOGGED_IN]],
  [402, [E.INSUFFICIENT_CURRENCY]],
  [
    403,
    [
      E.NO_PERMISSION,
      E.CHAT_RESTRICTED,
      E.CREATOR_ONLY,
      E.NO_CREATE_RIGHT,
      E.RANK_TOO_LOW,
      E.TYPE_NOT_CREATABLE,
      E.ZONE_LIMIT,
      E.BLACKLISTED,
      E.UNREGISTERED_CANNOT_PLAY,
      E.SPECTATE_OFF,
      E.LOCKED_BY_OPERATOR,
    ],
  ],
  [
    404,
    [
      E.ACCOUNT_NOT_FOUND,
      E.OIDC_PROVIDER_UNKNOWN,
      E.CONTEST_NOT_FOUND,
      E.NO_ACTIVE_SEASON,
      E.NO_OPEN_SEASON,
      E.CONTEST_DELETED,
      E.TEAM_NOT_FOUND,
    ],
  ],
  [
    409,
    [
      E.NICKNAME_TAKEN,
      E.EMAIL_REGISTERED,
      E.OIDC_IDENTITY_TAKEN,
      E.OIDC_LAST_LOGIN,
      E.PASSWORD_ALREADY_SET,
      E.LIMIT_REACHED,
      E.NOT_STARTED,
      E.ALREADY_ENDED,
      E.PLAYER_NOT_WAITING,
      E.PLAYER_HANDLED_BY_OTHER_ADMIN,
      E.ADMINS_MAX,
      E.TOO_MANY_MATCHES,
      E.CANNOT_EXTEND,
      E.AUTO_MATCH_ON,
      E.PLAYER_MATCHING,
      E.OPEN_CONTESTS_MAX,
      E.SEASON_NOT_ENDED,
      E.OUTSIDE_SIGNUP_PERIOD,
      E.SEASON_NOT_FINISHED,
      E.SEASON_ENDED_READONLY,
      E.DUPLICATE_RESERVATION,
      E.PLAYER_NOT_LOCKED,
      E.SIGNUP_PENDING,
      E.SIGNUP_CLOSED,
      E.ALREADY_SIGNED_UP,
      E.START_LOCKED,
      E.END_LOCKED,
      E.SEASON_ENDED,
      E.PARTICIPANTS_FULL,
      E.TEAMS_MAX,
      E.TEAM_EXISTS,
      E.MEMBER_EXISTS,
      E.TEAM_IN_PERSONAL_SEASON,
      E.TEAM_NOT_EMPTY,
      E.ALREADY_ON_ROSTER,
    ],
  ],
  [429, [E.CODE_TOO_OFTEN, E.LOGIN_TOO_OFTEN, E.CREATE_COOLDOWN]],
  [
    500,
    [
      E.SYSTEM_ERROR,
      E.ID_GENERATION_FAILED,
      E.ADMINS_LOAD_FAILED,
      E.SEASON_LOAD_FAILED,
      E.SEASON_LIST_LOAD_FAILED,
      E.PLAYER_SEASON_DATA_FAILED,
      E.CREATE_FAILED,
      E.MATCHES_LOAD_FAILED,
      E.CHAT_JOIN_FAILED,
    ],
  ],
  [
    503,
    [
      E.BANNED,
      E.OIDC_PROVIDER_UNAVAILABLE,
      E.CREATE_UNAVAILABLE,
      E.NAME_EDIT_UNAVAILABLE,
      E.NOTICE_EDIT_UNAVAILABLE,
      E.CHAT_UNAVAILABLE,
    ],
  ],
];

/** Code → HTTP status and console translation key, for every code of `ErrorCode`. */
export const ERROR_CATALOGUE: Readonly<Record<ErrorCode, ErrorInfo>> = (() => {
  const table = {} as Record<ErrorCode, ErrorInfo>;
  for (const [status, codes] of STATUS_GROUPS) {
    for (const code of codes) table[code] = { status, key: `Err${code}` };
  }
  for (const code of ERROR_CODES) {
    if (!table[code]) throw new Error(`error code ${code} has no HTTP status`);
  }
  return Object.freeze(table);
})();

/** HTTP status for any code; 400 for codes outside the catalogue. */
export function httpStatusOf(code: number): number {
  return (ERROR_CATALOGUE as Record<number, ErrorInfo | undefined>)[code]?.status ?? 400;
}
