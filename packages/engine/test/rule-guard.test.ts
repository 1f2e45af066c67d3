import { describe, expect, it } from 'vitest';
import { RuleGuard } from '../src/robots/rule-guard';
import type { GameMessage, Reply, SeatPlayer } from '../src/robots/types';
import { openingMessages } from './support/opening';

/** A robot that answers every draw and discard the same way, and passes on the rest. */
const always = (answer: Reply): SeatPlayer => ({
  action: (msg, reply) => reply?.(msg.zimo || msg.dapai ? answer : {}),
});

function feed(seat: SeatPlayer, messages: GameMessage[]): (Reply | undefined)[] {
  const answers: (Reply | undefined)[] = [];
  for (const msg of messages) seat.action(msg, (r) => answers.push(r));
  return answers;
}

const opening = (hand: string) => openingMessages(hand, 'z7');

describe('the rule guard around robots', () => {
  it('drops kyuushu kyuuhai when have_jiuzhongjiupai is off, keeps it when on', () => {
    const hand = 'm19p19s19z1234m234';
    const off = new RuleGuard(always({ daopai: '-' }), { minHan: 1, nineTerminals: false });
    expect(feed(off, [...opening(hand), { zimo: { l: 0, p: 'z5' } }]).at(-1)).toEqual({});
    const on = new RuleGuard(always({ daopai: '-' }), { minHan: 1, nineTerminals: true });
    expect(feed(on, [...opening(hand), { zimo: { l: 0, p: 'z5' } }]).at(-1)).toEqual({ daopai: '-' });
  });

  it('drops a one-han win under fanfu 2, keeps a two-han one', () => {
    // Tanyao only on a kanchan s7 (1 han); tanyao pinfu on s8 (2 han).
    const one = new RuleGuard(always({ hule: '-' }), { minHan: 2, nineTerminals: true });
    expect(feed(one, [...opening('m234p345s456s68m88'), { dapai: { l: 3, p: 's7' } }]).at(-1)).toEqual({});
    const two = new RuleGuard(always({ hule: '-' }), { minHan: 2, nineTerminals: true });
    expect(feed(two, [...opening('m234p345s456s67m88'), { dapai: { l: 3, p: 's8' } }]).at(-1)).toEqual({
      hule: '-',
    });
  });
});
