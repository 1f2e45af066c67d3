import { beforeAll, describe, expect, it } from 'vitest';
import { playGame } from '../model/engineGame.testkit';
import { answers, choicesAt } from '../model/options';
import {
  afterResults,
  applyMessage,
  emptyTable,
  handOver,
  seatOf,
  type TableState,
} from '../model/tableState';

// A xuezhandaodi game of the rules engine seen from seat 0, who passes the first three tiles of each deal, wins
// whenever offered and otherwise discards as the table offers: the table rebuilt from its messages, and the
// decisions the table offers, against the engine's own.

type Msg = Record<string, unknown>;
const RULE = { xuezhandaodi: 1, huansanzhang: 1 };
const tilesOf = (paistr: string) =>
  [...paistr.matchAll(/([mpsz])(\d+)/g)].flatMap(([, suit, digits]) => [...digits].map((d) => suit + d));

interface Played {
  messages: Msg[];
  /** Decisions where the table's offer differed from the engine's. */
  mismatches: unknown[];
  /** Decisions asked of seat 0 after it had won, before the next deal. */
  askedAfterWin: number;
  exchanges: string[][];
}

async function play(seed: string): Promise<Played> {
  const played: Played = { messages: [], mismatches: [], askedAfterWin: 0, exchanges: [] };
  // The table as seat 0 sees it, kept up with the messages.
  let state = emptyTable(4, 0, [], true);
  let applied = 0;
  const { messages } = await playGame({
    seed,
    rule: RULE,
    robotLevel: 2,
    decide: ({ messages, allows }) => {
      const asked = messages[messages.length - 1];
      state = messages.slice(applied).reduce(applyMessage, state);
      applied = messages.length;
      if (state.xuezhan?.winners.includes(0)) played.askedAfterWin++;
      if ('huan' in asked) {
        const given = tilesOf((asked.huan as { shoupai: string }).shoupai).slice(0, 3);
        played.exchanges.push(given);
        return { huan: given } as unknown as Record<string, string>;
      }
      const c = choicesAt(messages, 4);
      const same =
        c.ron === allows.ron &&
        c.tsumo === allows.tsumo &&
        [...c.discards].sort().join() === [...allows.discards].sort().join();
      if (!same) played.mismatches.push({ asked, offered: c, allows });
      if (c.tsumo || c.ron) return answers.win();
      if (c.discards.length > 0) return answers.discard(c.discards[c.discards.length - 1]);
      return answers.pass();
    },
  });
  played.messages = messages;
  return played;
}

/** The table after each message, with the message. */
function states(messages: readonly Msg[]): { msg: Msg; before: TableState; after: TableState }[] {
  let state = emptyTable(4, 0, [], true);
  return messages.map((msg) => {
    const before = state;
    state = applyMessage(state, msg);
    return { msg, before, after: state };
  });
}

describe('the riichi table at a xuezhandaodi game', () => {
  const games: Played[] = [];
  beforeAll(async () => {
    for (const seed of ['1'.repeat(64), '2'.repeat(64)]) games.push(await play(seed));
  }, 120_000);

  it('offers exactly what the engine allows, and nothing to a seat that has won', () => {
    for (const g of games) {
      expect(g.mismatches).toEqual([]);
      expect(g.askedAfterWin).toBe(0);
    }
  });

  it('shows the dealt hand at the exchange, then the deal with the tiles passed and received', () => {
    for (const g of games) {
      const steps = states(g.messages);
      const asks = steps.filter((s) => 'huan' in s.msg);
      expect(asks.length).toBeGreaterThanOrEqual(4);
      for (const s of asks) {
        const huan = s.msg.huan as { shoupai: string; direction: string };
        expect(s.after.xuezhan?.asked?.direction).toBe(huan.direction);
        expect(s.after.seats[0].hand.toString()).toBe(huan.shoupai);
        expect(s.after.seats[0].river).toEqual([]);
      }
      // Each exchange shows the scores and round the deal then carries (the first one too, before any deal).
      const deals = steps.filter((s) => 'qipai' in s.msg);
      deals.forEach((s, i) => {
        const asked = asks[i].after;
        expect(asked.seats.map((seat) => seat.score)).toEqual(s.after.seats.map((seat) => seat.score));
        expect(asked.round.hand).toBe(s.after.round.hand);
      });
      expect(asks[0].after.seats.map((seat) => seat.score)).toEqual([25000, 25000, 25000, 25000]);
      deals.forEach((s, i) => {
        const exchange = s.after.xuezhan?.exchange;
        expect(exchange?.given).toEqual(g.exchanges[i]);
        expect(exchange?.received).toHaveLength(3);
        expect(s.after.xuezhan?.asked).toBeNull();
        for (const t of exchange?.received ?? [])
          expect(tilesOf(s.after.seats[0].hand.toString())).toContain(t);
      });
    }
  });

  it('keeps the hand going after a win: winners in order, their hands hidden to the others, over at the end', () => {
    let midHandWins = 0;
    let handsWithSeveral = 0;
    for (const g of games) {
      const steps = states(g.messages);
      for (const s of steps) {
        if (!('hule' in s.msg)) continue;
        const h = s.msg.hule as { l: number; shoupai: string };
        const seat = seatOf(s.before, h.l);
        const winners = s.after.xuezhan?.winners ?? [];
        expect(winners[winners.length - 1]).toBe(seat);
        if (seat !== 0) expect(s.after.seats[seat].hand.toString()).toMatch(/^_/);
        if (!handOver(s.after)) midHandWins++;
        if (winners.length > 1) handsWithSeveral++;
      }
      // Every hand's result ends it (the next message deals or closes the game), none before.
      steps.forEach((s, i) => {
        const next = steps[i + 1]?.msg;
        const ends = !next || 'huan' in next || 'qipai' in next || 'jieju' in next;
        if ('hule' in s.msg || 'pingju' in s.msg) expect(handOver(s.after)).toBe(ends);
      });
    }
    expect(midHandWins).toBeGreaterThan(0);
    expect(handsWithSeveral).toBeGreaterThan(0);
  });

  it('pays every win and draw of a hand as the next deal scores it', () => {
    let checked = 0;
    for (const g of games) {
      const steps = states(g.messages);
      steps.forEach((s, i) => {
        if (!('qipai' in s.msg)) return;
        const ended = steps
          .slice(0, i)
          .reverse()
          .find((p) => 'hule' in p.msg || 'pingju' in p.msg);
        if (!ended) return;
        expect(s.after.seats.map((x) => x.score)).toEqual(afterResults(ended.after));
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(4);
  });
});
