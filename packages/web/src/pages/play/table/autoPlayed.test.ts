import { describe, expect, it } from 'vitest';
import type { FeedEntry } from '../link';
import { autoPlayedIn } from './GameTable';
import { emptyTable, tableOf } from './model/tableState';

const deal: FeedEntry = {
  msg: {
    qipai: {
      zhuangfeng: 0,
      jushu: 1,
      changbang: 0,
      lizhibang: 0,
      defen: [25000, 25000, 25000, 25000],
      baopai: 'z1',
      shoupai: ['', '', '', 'm123456789p1234'],
    },
  },
  ask: null,
};

/** Seat 0 in hand 2 (East 2): its wind is north (3). */
const state = (entries: FeedEntry[]) =>
  tableOf(
    entries.map((e) => e.msg),
    emptyTable(4, 0),
  );

describe('the away notice', () => {
  it('shows when an own draw of this hand asked nothing (the seat was played for the player)', () => {
    const entries = [
      deal,
      { msg: { zimo: { l: 3, p: 'p5' } }, ask: null },
      { msg: { dapai: { l: 3, p: 'p5_' } }, ask: null },
    ];
    expect(autoPlayedIn(entries, state(entries))).toBe(true);
  });

  it('does not show when own draws were asked, nor for other seats’ draws', () => {
    const entries = [
      deal,
      { msg: { zimo: { l: 0, p: '' } }, ask: null },
      { msg: { zimo: { l: 3, p: 'p5' } }, ask: { id: 1, deadline: 0 } },
    ];
    expect(autoPlayedIn(entries, state(entries))).toBe(false);
  });
});
