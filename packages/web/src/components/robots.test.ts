import { describe, expect, it } from 'vitest';
import { robotNumbers } from './robots';

describe('robotNumbers', () => {
  it('numbers the robot seats in seat order and leaves players out', () => {
    expect(
      robotNumbers([{ account_id: 7 }, { account_id: 0 }, { account_id: 0 }, { account_id: 0 }]),
    ).toEqual([null, 1, 2, 3]);
    expect(robotNumbers([{ account_id: 0 }, { account_id: 5 }, { account_id: 0 }])).toEqual([1, null, 2]);
    expect(robotNumbers([{ account_id: 1 }, { account_id: 2 }])).toEqual([null, null]);
  });
});
