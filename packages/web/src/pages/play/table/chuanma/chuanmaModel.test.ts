import { type ChuanmaMessage, Table } from '@taikai/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ChuanmaReply,
  chuanmaAsk,
  exchangeReply,
  exchangeSelectable,
  suggestedVoid,
} from './chuanmaChoices';
import { applyChuanma, type ChuanmaTableState, emptyChuanma, sortTiles } from './chuanmaState';

type Entry = { msg: ChuanmaMessage; asked: boolean };

/**
 * A whole chuanma game on the engine's table: seat 0 is played through this model (its answers built from the
 * decision `chuanmaAsk` reads, the exchange from `exchangeSelectable`), the others win when they may and let the
 * table play for them otherwise.
 * Returns seat 0's messages and every decision seen with the model's state before it.
 */
async function played(seed: string, huansanzhang: 0 | 1) {
  const mine: Entry[] = [];
  const checks: { state: ChuanmaTableState; msg: ChuanmaMessage }[] = [];
  let state = emptyChuanma(0);
  const table: Table = new Table({
    tableId: 'cm-web',
    rule: { chuanma: 1, huansanzhang, can_jifei: 0 } as never,
    roundType: 1,
    seed,
    callWindowMs: 0,
    seats: Array.from({ length: 4 }, (_, i) => ({ kind: 'player' as const, name: `p${i}` })),
    onEvent: (event) => {
      if (event.type !== 'seat_message') return;
      const ask = event.ask;
      if (event.seat !== 0) {
        // The others win whenever they may, and otherwise let the table play for them.
        const offered = (event.msg as ChuanmaMessage).options?.hule;
        if (ask) setTimeout(() => table.answer(event.seat, ask.id, offered ? { hule: '-' } : {}), 0);
        return;
      }
      const msg = JSON.parse(JSON.stringify(event.msg)) as ChuanmaMessage;
      mine.push({ msg, asked: ask !== null });
      state = applyChuanma(state, msg);
      if (!ask) return;
      checks.push({ state, msg });
      const decision = chuanmaAsk(msg.options, state.seats[0].hand, msg.dapai?.p ?? msg.gang?.p ?? null);
      let reply: ChuanmaReply = {};
      if (decision.kind === 'exchange') {
        const chosen: number[] = [];
        for (let k = 0; k < 3; k++) chosen.push([...exchangeSelectable(state.seats[0].hand, chosen)][0]);
        reply = exchangeReply(state.seats[0].hand, chosen) ?? {};
      } else if (decision.kind === 'void') reply = { dingque: decision.suggested };
      else if (decision.kind === 'turn')
        reply = decision.win ? { hule: '-' } : { dapai: decision.discards[0] };
      else if (decision.kind === 'call')
        reply = decision.win ? { hule: '-' } : decision.pung ? { peng: decision.tile } : {};
      setTimeout(() => table.answer(0, ask.id, reply as never), 0);
    },
  });
  table.start();
  await table.done;
  return { mine, checks, state };
}

describe('the chuanma table model on whole engine games', () => {
  const games: Awaited<ReturnType<typeof played>>[] = [];
  beforeAll(async () => {
    games.push(await played('a'.repeat(64), 1), await played('b'.repeat(64), 0));
  }, 60_000);

  it('enables exactly the offered options: discards (void suit first), win, pung, kong, pass', () => {
    let turns = 0;
    let voidFirst = 0;
    let calls = 0;
    for (const { checks } of games) {
      for (const { state, msg } of checks) {
        const o = msg.options ?? {};
        const hand = state.seats[0].hand;
        const decision = chuanmaAsk(o, hand, msg.dapai?.p ?? msg.gang?.p ?? null);
        if (o.dapai) {
          turns++;
          expect(decision).toEqual({ kind: 'turn', discards: o.dapai, win: !!o.hule, kongs: o.gang ?? [] });
          // The model's hand holds every tile offered.
          for (const t of o.dapai) expect(hand).toContain(t);
          const v = state.voids[0];
          if (v && hand.some((t) => t[0] === v)) {
            voidFirst++;
            expect(o.dapai.every((t) => t[0] === v)).toBe(true);
          }
        } else if (o.hule || o.peng || o.gang) {
          calls++;
          expect(decision.kind).toBe('call');
          if (decision.kind === 'call') {
            expect(decision.win).toBe(!!o.hule);
            expect(decision.pung).toBe(!!o.peng);
            expect(decision.kongs).toEqual(o.gang ?? []);
          }
        }
      }
    }
    expect(turns).toBeGreaterThan(20);
    expect(voidFirst).toBeGreaterThan(0);
    expect(calls).toBeGreaterThan(0);
  });

  it('follows the own hand exactly: at every hand end it is the hand the engine shows', () => {
    let hands = 0;
    for (const { mine } of games) {
      let state = emptyChuanma(0);
      for (const { msg } of mine) {
        if (msg.jiesuan && !state.winners.some((w) => w.seat === 0)) {
          hands++;
          expect(state.seats[0].hand).toEqual(sortTiles(msg.jiesuan.hands[0].shoupai));
          expect(state.seats[0].melds).toEqual(msg.jiesuan.hands[0].melds);
          for (const seat of [1, 2, 3])
            if (!state.winners.some((w) => w.seat === seat))
              expect(state.seats[seat].count).toBe(msg.jiesuan.hands[seat].shoupai.length);
        }
        state = applyChuanma(state, msg);
      }
      expect(state.final).not.toBeNull();
      expect(state.results).toHaveLength(4);
    }
    expect(hands).toBeGreaterThan(0);
  });

  it('keeps other winners hidden until the hand ends, then shows every win with its fan', () => {
    let hidden = 0;
    for (const { mine } of games) {
      let state = emptyChuanma(0);
      let drawn = false;
      for (const { msg } of mine) {
        state = applyChuanma(state, msg);
        if (msg.qipai) drawn = false;
        if (msg.pingju) drawn = true;
        for (const w of state.winners) {
          if (w.seat === 0) expect(w.fan).toBeGreaterThan(0);
          else {
            hidden++;
            expect(w.fans).toBeUndefined();
            expect(w.shoupai).toBeUndefined();
            expect(w.received).toBeGreaterThan(0);
          }
        }
        if (msg.jiesuan) {
          const r = state.result!;
          expect(r.exhausted).toBe(drawn);
          expect(r.deltas.reduce((a, b) => a + b, 0)).toBe(0);
          for (const w of r.wins) expect(w.fans.length).toBeGreaterThan(0);
          expect(r.wins.map((w) => w.seat).sort()).toEqual(state.winners.map((w) => w.seat).sort());
        }
      }
    }
    expect(hidden).toBeGreaterThan(0);
  });

  it('offers the exchange and void choice only when asked, with the suit held fewest suggested', () => {
    const [withExchange, without] = games;
    expect(withExchange.checks.filter((c) => c.msg.options?.huan)).toHaveLength(4);
    expect(without.checks.filter((c) => c.msg.options?.huan)).toHaveLength(0);
    expect(withExchange.state.results.length + without.state.results.length).toBe(8);
    for (const { checks } of games)
      for (const { state, msg } of checks.filter((c) => c.msg.options?.dingque))
        expect(chuanmaAsk(msg.options, state.seats[0].hand, null)).toEqual({
          kind: 'void',
          suggested: suggestedVoid(state.seats[0].hand),
        });
  });
});

describe('choosing the exchange', () => {
  const hand = sortTiles(['m1', 'm2', 'p3', 'p4', 'p5', 'p6', 's1', 's2', 's3', 's4', 's5', 'm9', 'p9']);

  it('allows only suits held three times, then only the chosen suit, then nothing', () => {
    const m = hand.indexOf('m1');
    expect(exchangeSelectable(hand, []).has(m)).toBe(true);
    const p3 = hand.indexOf('p3');
    const afterOne = exchangeSelectable(hand, [p3]);
    expect([...afterOne].map((i) => hand[i]).every((t) => t[0] === 'p')).toBe(true);
    const three = [p3, hand.indexOf('p4'), hand.indexOf('p5')];
    expect(exchangeSelectable(hand, three).size).toBe(0);
    expect(exchangeReply(hand, three)).toEqual({ huan: ['p3', 'p4', 'p5'] });
    expect(exchangeReply(hand, [p3, hand.indexOf('s1'), hand.indexOf('s2')])).toBeNull();
    expect(exchangeReply(hand, [p3])).toBeNull();
    const short = sortTiles(['m1', 'm2', 'p1', 'p2', 'p3', 's1', 's2', 's3', 's4', 's5', 's6', 's7', 's8']);
    expect([...exchangeSelectable(short, [])].map((i) => short[i]).some((t) => t[0] === 'm')).toBe(false);
  });

  it('suggests the suit held fewest and nothing before the message asks', () => {
    expect(suggestedVoid(hand)).toBe('m');
    expect(chuanmaAsk(undefined, hand, null)).toEqual({ kind: 'none' });
    expect(chuanmaAsk({ huan: true }, hand, null)).toEqual({ kind: 'exchange' });
  });
});
