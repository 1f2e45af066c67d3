import {
  CONTEST_POLICY,
  type ContestAction,
  type ContestRole,
  ErrorCode,
  roleMay,
  roleOfGranted,
} from '@taikai/protocol';
import type { Actor } from './context';
import { ContestError } from './http/errors';

/**
 * What an account is to a tournament (the protocol's `ContestRole`): its creator, a manager appointed as admin,
 * chat manager or player manager, an observer (on the observer roster while the observer switch is on), or none.
 */
export type Role = ContestRole;

/**
 * The part of a tournament the policy reads. `adminIds`: its managers of every role, in the order appointed;
 * `managerRoles`: their roles (`ManagerRole` 1 admin, 2 chat, 3 player), index for index. `observes`: the actor
 * counts as an observer of it.
 */
export type ContestAccess = {
  creatorId: number;
  adminIds: readonly number[];
  managerRoles: readonly number[];
  observes?: boolean;
};

/**
 * Who may do what to a tournament: the protocol's table, which the console reads too. Anyone else does not see
 * it at all (2501). The authorization test reads this same table.
 */
export const POLICY = CONTEST_POLICY;

export type Action = ContestAction;

export function roleOf(actor: Pick<Actor, 'id'>, contest: ContestAccess): Role {
  if (contest.creatorId === actor.id) return 'creator';
  const index = contest.adminIds.indexOf(actor.id);
  if (index >= 0) return roleOfGranted(contest.managerRoles[index]);
  if (contest.observes) return 'observer';
  return 'none';
}

export function can(actor: Actor, action: Action, contest: ContestAccess): boolean {
  return roleMay(roleOf(actor, contest), action);
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
 * Who may watch a tournament's games: its creator and managers of every role; anyone logged in while public
 * spectating is on; the observer roster while the observer switch is on (2557 while it is off); nobody else (2529).
 */
export function authorizeSpectate(actor: Actor, contest: SpectateAccess): void {
  const role = roleOf(actor, { ...contest, observes: false });
  if (role !== 'none' || contest.publicSpectating === 1) return;
  if (contest.onObserverRoster) {
    if (contest.observerSwitch === 1) return;
    throw new ContestError(ErrorCode.SPECTATE_OFF);
  }
  throw new ContestError(ErrorCode.SPECTATE_UNSUPPORTED);
}
