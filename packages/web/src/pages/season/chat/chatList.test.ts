import { encodeAccountId } from '@taikai/protocol';
import { describe, expect, it } from 'vitest';
import { planAdd, searchBatches } from './chatList';

const a = { account_id: 101, nickname: 'Aki' };
const b = { account_id: 102, nickname: 'Ben' };
const c = { account_id: 103, nickname: 'Chi' };

describe('adding players to a chat list', () => {
  it('adds found accounts once, skips those already listed and reports public ids no account answers to', () => {
    const typed = [101, 102, 101, 104, 103].map(encodeAccountId);
    const plan = planAdd(typed, [a, b, c], [b]);
    expect(plan.add).toEqual([a, c]);
    expect(plan.already).toEqual([b]);
    expect(plan.missing).toEqual([encodeAccountId(104)]);
  });

  it('looks accounts up in batches of 1000', () => {
    const ids = Array.from({ length: 2500 }, (_, i) => i + 1);
    expect(searchBatches(ids).map((batch) => batch.length)).toEqual([1000, 1000, 500]);
    expect(searchBatches([])).toEqual([]);
  });
});
