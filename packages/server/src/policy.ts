import { ErrorCode } from '@taikai/protocol';
import type { Actor } from './context';
import { ContestError } from './http/errors';

/**
 * What an account is to a tournament. An observer is on the observer roster while the tournament's observer
 * switch is on: they read the tournament and its seasons and change nothing.
 */
export type Role = 'creator' | 'admin' | 'observer' | 'none';

/** The part of a tournament the policy reads; `observes`: the actor counts as an observer of it. */
export type ContestAccess = { creatorId: number; adminIds: readonly number[]; observes?: boolean };

/**
 * Who may do what to a tournament. Anyone else does not see it at all (2501).
 * The authorization test reads this same table.
 */
export const POLICY = {
  /** Read the tournament: its detail and its season list. */
  view: ['creator', 'admin', 'observer'],
  /** Read a season's data: its players, its blacklist, its chat limits, its teams. */
  viewSeason: ['creator', 'admin', 'observer'],
  editBase: ['creator', 'admin'],
  delete: ['creator'],
  manageAdmins: ['creator'],
  /** Read and change the observer roster. */
  manageObservers: ['creator', 'admin'],
  /** Read the tournament's history (the audit entries of it, its seasons and their players). */
  viewHistory: ['creator', 'admin'],
  /** Download the tournament's archive (settings, seasons, rosters, teams, records, rankings and history). */
  exportArchive: ['creator', 'admin'],
  /** Create, update and end seasons. */
  manageSeasons: ['creator', 'admin'],
  /** Pass or reject sign-ups. */
  reviewSignups: ['creator', 'admin'],
  /** Add, remove, mark, rename and import roster players; a team season's teams and their members. */
  manageRoster: ['creator', 'admin'],
  /** Change the season blacklist and the chat limits. */
  manageLists: ['creator', 'admin'],
  /** Plan games, stop plans, and pause, resume, terminate and re-tag running games. */
  manageGames: ['creator', 'admin'],
  /** Delete messages of a season's chat. */
  moderateChat: ['creator', 'admin'],
  /**
   * Watch the tournament's running games (and anyone logged in while public spectating is on; refusals 2557 and
   * 2529 rather than 2501: see `authorizeSpectate`).
   */
  spectate: ['creator', 'admin', 'observer'],
  /** Register, change and test the tournament's webhooks; read their delivery log. */
  manageWebhooks: ['creator', 'admin'],
  /** Create, list and revoke the share links of broadcast overlays. */
  shareOverlays: ['creator', 'admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof POLICY;

export function roleOf(actor: Actor, contest: ContestAccess): Role {
  if (contest.creatorId === actor.id) return 'creator';
  if (contest.adminIds.includes(actor.id)) return 'admin';
  if (contest.observes) return 'observer';
  return 'none';
}

export function can(actor: Actor, action: Action, contest: ContestAccess): boolean {
  return (POLICY[action] as readonly Role[]).includes(roleOf(actor, contest));
}

/**
 * Throws the refusal for an action the actor may not take: 2501 when the tournament is not theirs to see,
 * 2513 for creator-only actions, 2506 otherwise.
 */
export function authorize(actor: Actor, action: Action, contest: ContestAccess): void {
  if (can(actor, action, contest)) return;
  const role = roleOf(actor, contest);
  if (role === 'none') throw new ContestError(ErrorCode.CONTEST_NOT_FOUND);
  const allowed = POLICY[action] as readonly Role[];
  throw new ContestError(
    allowed.length === 1 && allowed[0] === 'creator' ? ErrorCode.CREATOR_ONLY : ErrorCode.NO_PERMISSION,
  );
}

/** What the spectating rule reads of a tournament, beyond its managers. */
export type SpectateAccess = ContestAccess & {
  observerSwitch: number;
  publicSpectating: number;
  /** The actor is on the observer roster (whether or not the observer switch is on). */
  onObserverRoster: boolean;
};

/**
 * Who may watch a tournament's games: its creator and admins; anyone logged in while public spectating is on;
 * the observer roster while the observer switch is on (2557 while it is off); nobody else (2529).
 */
export function authorizeSpectate(actor: Actor, contest: SpectateAccess): void {
  const role = roleOf(actor, { ...contest, observes: false });
  if (role === 'creator' || role === 'admin' || contest.publicSpectating === 1) return;
  if (contest.onObserverRoster) {
    if (contest.observerSwitch === 1) return;
    throw new ContestError(ErrorCode.SPECTATE_OFF);
  }
  throw new ContestError(ErrorCode.SPECTATE_UNSUPPORTED);
}
