import { ManagerRole } from './enums';

// Who may do what to a tournament (spec §6): one table read by the server's policy (every call's refusal) and by
// the console (which buttons and tabs it offers), so the two never disagree.

/**
 * What an account is to a tournament. Managers are appointed by the creator with a role: an admin runs
 * everything but the managers and the deletion; a chat manager (role 2) the chat limits and the chat's
 * moderation; a player manager (role 3) the sign-up review, the roster (and a team season's teams) and the
 * blacklist. An observer is on the observer roster while the tournament's observer switch is on. Managers of
 * every role and observers read the tournament and its seasons.
 */
export type ContestRole = 'creator' | 'admin' | 'chatManager' | 'playerManager' | 'observer' | 'none';

const MANAGERS = ['creator', 'admin'] as const;
const EVERYONE = ['creator', 'admin', 'chatManager', 'playerManager', 'observer'] as const;

/** Who may take each action on a tournament. Anyone else does not see it at all (2501). */
export const CONTEST_POLICY = {
  /** Read the tournament: its detail and its season list. */
  view: EVERYONE,
  /** Read a season's data: its players, its blacklist, its chat limits, its teams, its games and records. */
  viewSeason: EVERYONE,
  /** Change the names, the settings, the rule and the notices. */
  editBase: MANAGERS,
  delete: ['creator'],
  /** Appoint and remove managers and change their roles. */
  manageAdmins: ['creator'],
  /** Read and change the observer roster. */
  manageObservers: MANAGERS,
  /** Read the tournament's history (the audit entries of it, its seasons and their players). */
  viewHistory: MANAGERS,
  /** Download the tournament's archive (settings, seasons, rosters, teams, records, rankings and history). */
  exportArchive: MANAGERS,
  /** Create, update and end seasons. */
  manageSeasons: MANAGERS,
  /** Pass or reject sign-ups. */
  reviewSignups: ['creator', 'admin', 'playerManager'],
  /** Add, remove, mark, rename and import roster players; a team season's teams and their members. */
  manageRoster: ['creator', 'admin', 'playerManager'],
  /** Change the season blacklist (who may not sign up). */
  manageBlacklist: ['creator', 'admin', 'playerManager'],
  /** Change the season's chat limits (who may write in its chat). */
  manageChatLimits: ['creator', 'admin', 'chatManager'],
  /** Delete messages of a season's chat. */
  moderateChat: ['creator', 'admin', 'chatManager'],
  /** Plan games, stop plans, and pause, resume, terminate and re-tag running games; correct records. */
  manageGames: MANAGERS,
  /**
   * Watch the tournament's running games (and anyone logged in while public spectating is on; refusals 2557 and
   * 2529 rather than 2501: the server's `authorizeSpectate`).
   */
  spectate: EVERYONE,
  /** Register, change and test the tournament's webhooks; read their delivery log. */
  manageWebhooks: MANAGERS,
  /** Create, list and revoke the share links of broadcast overlays. */
  shareOverlays: MANAGERS,
} as const satisfies Record<string, readonly ContestRole[]>;

export type ContestAction = keyof typeof CONTEST_POLICY;

/** Whether a role may take an action. */
export function roleMay(role: ContestRole, action: ContestAction): boolean {
  return (CONTEST_POLICY[action] as readonly ContestRole[]).includes(role);
}

/** The manager roles the creator grants (`add_contest_admin`'s `role`, `admin_list[].role`). */
export const GRANTED_ROLES = [ManagerRole.ADMIN, ManagerRole.CHAT, ManagerRole.PLAYER] as const;
export type GrantedRole = (typeof GRANTED_ROLES)[number];

/**
 * The policy role of a manager appointed with a `ManagerRole` number (1 admin, 2 chat, 3 player); any other
 * number grants nothing beyond reading (an observer's rights).
 */
export function roleOfGranted(role: number | undefined): ContestRole {
  if (role === ManagerRole.ADMIN) return 'admin';
  if (role === ManagerRole.CHAT) return 'chatManager';
  if (role === ManagerRole.PLAYER) return 'playerManager';
  return 'observer';
}

/**
 * The wire's `manager_role` of the caller (`fetch_contest_detail`, `fetch_contest_list`): 4 creator, 1 admin,
 * 2 chat manager, 3 player manager, 0 observer (and anyone else).
 */
export function managerRoleNumber(role: ContestRole): number {
  switch (role) {
    case 'creator':
      return ManagerRole.CREATOR;
    case 'admin':
      return ManagerRole.ADMIN;
    case 'chatManager':
      return ManagerRole.CHAT;
    case 'playerManager':
      return ManagerRole.PLAYER;
    default:
      return 0;
  }
}

/** The policy role a `manager_role` number stands for (0 and unknown numbers: an observer). */
export function roleOfManagerNumber(role: number): ContestRole {
  if (role === ManagerRole.CREATOR) return 'creator';
  return roleOfGranted(role);
}
