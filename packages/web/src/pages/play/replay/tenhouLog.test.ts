import type { GameLog } from '@taikai/engine';
import { toTenhou } from '@taikai/engine';
import { describe, expect, it } from 'vitest';
import { playGame } from '../table/model/engineGame.testkit';
import { answers, choicesAt } from '../table/model/options';
import { readTenhou, replayTable } from './tenhouLog';

/** A finished game of the engine (seat 0 calls and declares riichi when it may) and its record log. */
async function recordedGame(seed: string, roundType = 2): Promise<GameLog> {
  const players = roundType > 10 ? 3 : 4;
  const { events } = await playGame({
    seed,
    roundType,
    robotLevel: 2,
    decide: ({ messages }) => {
      const c = choicesAt(messages, players);
      if (c.tsumo || c.ron) return answers.win();
      if (c.riichi.length) return answers.riichi(c.riichi[0]);
      if (c.kans.length) return answers.kan(c.kans[0].m, c.kans[0].kind);
      if (c.pon.length) return answers.call(c.pon[0]);
      if (c.chi.length) return answers.call(c.chi[0]);
      return c.discards.length ? answers.discard(c.discards[c.discards.length - 1]) : answers.pass();
    },
  });
  const finished = events.find((e) => e.type === 'finished');
  if (finished?.type !== 'finished') throw new Error('the game did not finish');
  return finished.log;
}

type Entry = Record<string, Record<string, unknown>>;

/** The moves of a hand log as comparable text (kan dora reveals apart: their moment depends on the rule). */
function moves(entries: readonly Entry[]): string[] {
  return entries.flatMap((e) => {
    const [key] = Object.keys(e);
    const v = e[key];
    if (key === 'kaigang') return [];
    if (key === 'qipai') return [`qipai ${JSON.stringify(v.defen)} ${v.baopai} ${JSON.stringify(v.shoupai)}`];
    if (key === 'hule')
      return [`hule ${v.l} ${v.baojia} ${v.shoupai} ${JSON.stringify(v.fenpei)} ${v.defen}`];
    if (key === 'pingju') return [`pingju ${v.name} ${JSON.stringify(v.fenpei)}`];
    return [`${key} ${v.l} ${v.p ?? v.m}`];
  });
}

describe('a record read back from its Tenhou log', () => {
  it.each([
    ['four players, South game', '7'.repeat(64), 2],
    ['three players, East game', '8'.repeat(64), 11],
  ])(
    'gives the moves of every hand as the engine played them (%s)',
    async (_label, seed, roundType) => {
      const log = await recordedGame(seed, roundType);
      const game = readTenhou(toTenhou(log) as never);
      expect(game.players).toBe(roundType > 10 ? 3 : 4);
      expect(game.hands).toHaveLength(log.paipu.log.length);
      game.hands.forEach((hand, h) => {
        const engine = log.paipu.log[h] as Entry[];
        expect(moves(hand.messages as Entry[])).toEqual(moves(engine));
        const reveals = (list: readonly Entry[]) =>
          list.filter((e) => 'kaigang' in e).map((e) => e.kaigang.baopai);
        expect(reveals(hand.messages as Entry[])).toEqual(reveals(engine));
      });
      // Every step draws: the last of each hand shows its result.
      for (let h = 0; h < game.hands.length; h++) {
        const last = replayTable(game, h, game.hands[h].messages.length - 1, 0);
        expect(last.results.length).toBeGreaterThan(0);
      }
    },
    60_000,
  );
});
