import { type ContestAction, type ContestRole, roleMay, roleOfManagerNumber } from '@taikai/protocol';
import { useTranslation } from 'react-i18next';
import type { ContestDetail } from '../../api/calls';

// What the viewer may do on a tournament's pages: the protocol's policy table (the one the server answers by)
// read for the viewer's role (`manager_role` of the detail). Controls for actions the role does not allow are
// not offered: hidden, or disabled with `why(action)` as their tooltip.

export interface ContestRights {
  /** The viewer's role in the tournament. */
  role: ContestRole;
  /** Whether the role allows the action (the server's policy, same table). */
  can: (action: ContestAction) => boolean;
}

export function rightsOf(contest: Pick<ContestDetail, 'manager_role'>): ContestRights {
  const role = roleOfManagerNumber(contest.manager_role);
  return { role, can: (action) => roleMay(role, action) };
}

/**
 * What a read-only page tells the viewer: `observerKey` to an observer, to a chat or player manager what their
 * role is for.
 */
export function readOnlyNoticeKey(role: ContestRole, observerKey: string): string {
  return role === 'chatManager' || role === 'playerManager' ? `rights.roleNotice.${role}` : observerKey;
}

/** `rightsOf`, with `why(action)`: the tooltip of a control the role does not allow (undefined when allowed). */
export function useContestRights(contest: Pick<ContestDetail, 'manager_role'>) {
  const { t } = useTranslation();
  const rights = rightsOf(contest);
  const why = (action: ContestAction): string | undefined =>
    rights.can(action) ? undefined : t('rights.notAllowed', { role: t(`rights.roles.${rights.role}`) });
  return { ...rights, why };
}
