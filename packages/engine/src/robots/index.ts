import { RobotLevel } from '@taikai/protocol';
import { AutoDiscardRobot } from './auto-discard';
import { CommonRobot } from './common';
import { SimpleRobot } from './simple';
import type { RobotClass } from './types';

/** Robot classes by `ai_level`: 0 auto-discard, 1 simple, 2 common. */
const ROBOTS: Record<number, RobotClass> = {
  [RobotLevel.NONE]: AutoDiscardRobot,
  [RobotLevel.SIMPLE]: SimpleRobot,
  [RobotLevel.COMMON]: CommonRobot,
};

export function robotClassFor(level: number): RobotClass {
  const robot = ROBOTS[level];
  if (!robot) throw new Error(`no robot for ai_level ${level}`);
  return robot;
}
