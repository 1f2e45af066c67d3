import { describe, it } from 'vitest';
import { refereePart } from './support/xuezhan-referee';

describe('referee, xuezhandaodi (1/4)', () => {
  it('every answer is legal, every hand balances, every record verifies, a sample replays', () => {
    refereePart(1);
  });
});
