import type { GameLog } from '@taikai/engine';
import { toTenhou } from '@taikai/engine';
import { describe, expect, it } from 'vitest';
import { playGame } from '../table/model/engineGame.testkit';
import { answers, choicesAt } from '../table/model/options';
import { readTenhou, replayTable, yakuOf } from './tenhouLog';

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

describe('yakuman read back from the log', () => {
  const four = { dealer: false, tsumo: false, players: 4 };

  it('han and single yakuman are read as written', () => {
    expect(yakuOf(['立直(1飜)', '断幺九(1飜)'], '30符2飜2000点', four)).toEqual({
      hupai: [
        { name: '立直', fanshu: 1 },
        { name: '断幺九', fanshu: 1 },
      ],
      yakuman: 0,
    });
    expect(yakuOf(['国士無双(役満)'], '役満32000点', four)).toEqual({
      hupai: [{ name: '国士無双', fanshu: '*' }],
      yakuman: 1,
    });
  });

  it('a double yakuman, written like a single one, is told by what was paid', () => {
    expect(yakuOf(['四暗刻単騎(役満)'], '役満64000点', four).hupai).toEqual([
      { name: '四暗刻単騎', fanshu: '**' },
    ]);
    // Where the rule has no double yakuman the same hand pays one.
    expect(yakuOf(['四暗刻単騎(役満)'], '役満32000点', four).yakuman).toBe(1);
    // The dealer's tsumo of three yakuman: 48000 from each of three.
    expect(
      yakuOf(['大四喜(役満)', '字一色(役満)'], '役満48000∀点', { ...four, dealer: true, tsumo: true }),
    ).toEqual({
      hupai: [
        { name: '大四喜', fanshu: '**' },
        { name: '字一色', fanshu: '*' },
      ],
      yakuman: 3,
    });
  });

  it('three players: a tsumo pays in full or with tsumo loss, and both are read', () => {
    const win = { dealer: false, tsumo: true, players: 3 };
    expect(yakuOf(['国士無双十三面(役満)'], '役満24000-40000点', win).yakuman).toBe(2);
    expect(yakuOf(['国士無双十三面(役満)'], '役満16000-32000点', win).yakuman).toBe(2);
    expect(yakuOf(['国士無双十三面(役満)'], '役満8000-16000点', win).yakuman).toBe(1);
  });

  it('大七星 (guyi_mode) is read as a double yakuman when it was paid as one', () => {
    const four = { dealer: false, tsumo: false, players: 4 };
    expect(yakuOf(['大七星(役満)'], '役満64000点', four).hupai).toEqual([{ name: '大七星', fanshu: '**' }]);
    expect(yakuOf(['大七星(役満)'], '役満32000点', four).yakuman).toBe(1);
  });
});
