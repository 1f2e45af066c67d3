import { Majiang } from '@taikai/engine/player-view';
import { beforeAll, describe, expect, it } from 'vitest';
import { playGame } from './engineGame.testkit';
import { answers, choicesAt } from './options';
import { applyMessage, emptyTable, seatOf, type TableState, tableOf } from './tableState';

type Msg = Record<string, unknown>;

/** A game of the engine seen from seat 0, who takes wins, riichi and calls when offered. */
async function recorded(seed: string): Promise<Msg[]> {
  const { messages } = await playGame({
    seed,
    robotLevel: 1,
    decide: ({ messages }) => {
      const c = choicesAt(messages, 4);
      if (c.tsumo || c.ron) return answers.win();
      if (c.riichi.length) return answers.riichi(c.riichi[0]);
      if (c.pon.length) return answers.call(c.pon[0]);
      return c.discards.length ? answers.discard(c.discards[c.discards.length - 1]) : answers.pass();
    },
  });
  return messages;
}

describe('the table rebuilt from the seat messages', () => {
  let messages: Msg[] = [];
  beforeAll(async () => {
    messages = await recorded('6'.repeat(64));
  });

  it('matches the rules engine’s own board after every message of a whole game', () => {
    // The engine's board as the seat's player keeps it (its `Player` model), fed the same messages.
    const player = new Majiang.Player();
    let state = emptyTable(4);
    let checked = 0;
    for (const msg of messages) {
      player.action(msg);
      state = applyMessage(state, msg);
      if ('kaiju' in msg || 'jieju' in msg) continue;
      const board = player.model as {
        shoupai: { toString(): string }[];
        he: { _pai: string[] }[];
        defen: number[];
        player_id: number[];
        shan: { paishu: number; baopai: string[] };
        lizhibang: number;
        changbang: number;
      };
      if ('hule' in msg || 'pingju' in msg) continue;
      for (let l = 0; l < 4; l++) {
        const seat = seatOf(state, l);
        expect(state.seats[seat].hand.toString()).toBe(board.shoupai[l].toString());
        expect(state.seats[seat].river.map((r) => r.p)).toEqual(board.he[l]._pai.map((p) => p.slice(0, 2)));
        expect(state.seats[seat].river.map((r) => r.called)).toEqual(
          board.he[l]._pai.map((p) => /[+=-]$/.test(p)),
        );
        expect(state.seats[seat].score).toBe(board.defen[board.player_id[l]]);
      }
      expect(state.dora).toEqual(board.shan.baopai);
      expect(state.tilesLeft).toBe(board.shan.paishu);
      expect(state.round.sticks).toBe(board.lizhibang);
      expect(state.round.honba).toBe(board.changbang);
      checked++;
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('never changes a state it was given (each message makes a new one)', () => {
    const states: TableState[] = [];
    let state = emptyTable(4);
    for (const msg of messages.slice(0, 80)) {
      const before = JSON.stringify({
        ...state,
        seats: state.seats.map((s) => ({ ...s, hand: s.hand.toString() })),
      });
      const next = applyMessage(state, msg);
      const after = JSON.stringify({
        ...state,
        seats: state.seats.map((s) => ({ ...s, hand: s.hand.toString() })),
      });
      expect(after).toBe(before);
      states.push(next);
      state = next;
    }
    expect(states).toHaveLength(80);
  });

  it('shows only what the seat was sent: other hands are unseen tiles until they are shown', () => {
    const deal = messages.findIndex((m) => 'qipai' in m);
    const state = tableOf(messages.slice(0, deal + 1), emptyTable(4));
    expect(state.seats[state.mySeat].hand.toString()).not.toContain('_');
    for (const [seat, s] of state.seats.entries())
      if (seat !== state.mySeat) expect(s.hand.toString()).toBe('_'.repeat(13));
  });

  it('ends on the final scores, which sum to the starting points less the sticks left on the table', () => {
    const state = tableOf(messages, emptyTable(4));
    expect(state.final).not.toBeNull();
    const total = state.final?.scores.reduce((a, b) => a + b, 0) ?? 0;
    expect(total + state.round.sticks * 1000).toBe(100_000);
    expect(state.results.length).toBeGreaterThan(0);
  });
});
