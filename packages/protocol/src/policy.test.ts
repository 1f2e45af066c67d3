import { describe, expect, it } from 'vitest';
import {
  CONTEST_POLICY,
  type ContestAction,
  managerRoleNumber,
  roleMay,
  roleOfManagerNumber,
} from './policy';

const actionsOf = (role: Parameters<typeof roleMay>[0]) =>
  (Object.keys(CONTEST_POLICY) as ContestAction[]).filter((action) => roleMay(role, action));

describe('the tournament policy table', () => {
  it('a chat manager reads, watches, sets the chat limits and moderates the chat; nothing else', () => {
    expect(actionsOf('chatManager')).toEqual([
      'view',
      'viewSeason',
      'manageChatLimits',
      'moderateChat',
      'spectate',
    ]);
  });

  it('a player manager reads, watches, reviews sign-ups, runs the roster and the blacklist; nothing else', () => {
    expect(actionsOf('playerManager')).toEqual([
      'view',
      'viewSeason',
      'reviewSignups',
      'manageRoster',
      'manageBlacklist',
      'spectate',
    ]);
  });

  it('an admin may do everything but manage the managers and delete; an observer only reads and watches', () => {
    const all = Object.keys(CONTEST_POLICY);
    expect(actionsOf('creator')).toEqual(all);
    expect(actionsOf('admin')).toEqual(all.filter((a) => a !== 'delete' && a !== 'manageAdmins'));
    expect(actionsOf('observer')).toEqual(['view', 'viewSeason', 'spectate']);
    expect(actionsOf('none')).toEqual([]);
  });

  it('the wire numbers of manager_role map both ways; unknown numbers grant no more than an observer', () => {
    for (const role of ['creator', 'admin', 'chatManager', 'playerManager'] as const) {
      expect(roleOfManagerNumber(managerRoleNumber(role))).toBe(role);
    }
    expect([4, 1, 2, 3].map(roleOfManagerNumber)).toEqual([
      'creator',
      'admin',
      'chatManager',
      'playerManager',
    ]);
    expect(roleOfManagerNumber(0)).toBe('observer');
    expect(roleOfManagerNumber(7)).toBe('observer');
  });
});
