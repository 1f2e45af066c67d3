import { ManagerRole } from '@taikai/protocol';
import type { ContestDetail } from '../../../api/calls';

/** What the calling account may do on a tournament's pages (spec §6). */
export interface ContestAccess {
  /** The creator: deletes the tournament and manages its admins. */
  creator: boolean;
  /** Creator or admin: edits names, notices and observers; reads the history. */
  manages: boolean;
  /** Anyone else who may open the tournament (an observer): reads, changes nothing. */
  readOnly: boolean;
}

export function accessOf(contest: Pick<ContestDetail, 'manager_role'>): ContestAccess {
  const creator = contest.manager_role === ManagerRole.CREATOR;
  const manages = creator || contest.manager_role === ManagerRole.ADMIN;
  return { creator, manages, readOnly: !manages };
}
