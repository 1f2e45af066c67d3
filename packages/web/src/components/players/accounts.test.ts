import { encodeAccountId } from '@taikai/protocol';
import { describe, expect, it } from 'vitest';
import { groupFailures, matchesPlayerSearch, playerSearchParam, readIdLines } from './accounts';

describe('player ids as people type them', () => {
  it('a typed public id searches by the internal id it stands for; other text searches nicknames', () => {
    expect(playerSearchParam(` ${encodeAccountId(1)} `)).toEqual({ account_id: 1 });
    expect(playerSearchParam('Tanaka')).toEqual({ search: 'Tanaka' });
    expect(playerSearchParam('123')).toEqual({ search: '123' });
    expect(playerSearchParam('   ')).toEqual({});
  });

  it('id lists: one per line, blank lines ignored, repeats kept once, bad lines reported', () => {
    const a = encodeAccountId(101);
    expect(readIdLines(`${a}\n\n${a}\nabc\n5\n`)).toEqual({ ids: [a], invalid: ['abc', '5'] });
  });

  it('a listed account matches its public id or part of its nickname', () => {
    const account = { account_id: 1, nickname: 'Tanaka' };
    expect(matchesPlayerSearch(account, String(encodeAccountId(1)))).toBe(true);
    expect(matchesPlayerSearch(account, 'tana')).toBe(true);
    expect(matchesPlayerSearch(account, 'sato')).toBe(false);
  });

  it('batch failures are grouped by code with public ids; ignored codes left out', () => {
    const failed = [
      { account_id: 1, error: 2530 },
      { account_id: 2, error: 2588 },
      { account_id: 3, error: 2530 },
    ];
    expect(groupFailures(failed, [2588])).toEqual([
      { code: 2530, ids: [encodeAccountId(1), encodeAccountId(3)] },
    ]);
  });
});
