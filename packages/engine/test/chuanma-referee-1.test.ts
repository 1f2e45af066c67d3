import { describe, it } from 'vitest';
import { refereePart } from './support/chuanma-referee';

describe('referee, chuanma (1/4)', () => {
  it('every offer and answer is legal, every hand balances, every record verifies, a sample replays', () => {
    refereePart(1);
  });
});
