import type { XuezhanRecordLog } from '@taikai/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { playGame } from '../table/model/engineGame.testkit';
import { answers, choicesAt } from '../table/model/options';
import { handOver } from '../table/model/tableState';
import { replayTable } from './tenhouLog';
import { readXuezhan } from './xuezhanLog';

// The replay of a xuezhandaodi record the engine wrote: a game played by the engine (seat 0 wins when offered).

describe('the replay of a xuezhandaodi record', () => {
  let log: XuezhanRecordLog;
  beforeAll(async () => {
    const { events } = await playGame({
      seed: '4'.repeat(64),
      rule: { xuezhandaodi: 1, huansanzhang: 1 },
      robotLevel: 2,
      decide: ({ messages }) => {
        const asked = messages[messages.length - 1] as { huan?: { shoupai: string } };
        if (asked.huan) return {};
        const c = choicesAt(messages, 4);
        if (c.tsumo || c.ron) return answers.win();
        return c.discards.length ? answers.discard(c.discards[c.discards.length - 1]) : answers.pass();
      },
    });
    const finished = events.find((e) => e.type === 'finished') as unknown as { log: XuezhanRecordLog };
    log = finished.log;
  }, 60_000);

  it('steps through every hand with every hand open, every win where it happened, the result at the end', () => {
    const game = readXuezhan(log);
    expect(log.mode).toBe('xuezhan');
    expect(game.hands).toHaveLength(log.paipu.log.length);
    let wins = 0;
    game.hands.forEach((hand, h) => {
      const last = hand.messages.length - 1;
      const dealt = replayTable(game, h, 0, 0);
      for (const s of dealt.seats) expect(s.hand.toString()).not.toContain('_');
      hand.messages.forEach((msg, step) => {
        if (!('hule' in msg)) return;
        wins++;
        const state = replayTable(game, h, step, 0);
        const winner = state.xuezhan?.winners.at(-1) ?? -1;
        expect(state.seats[winner].hand.toString()).not.toContain('_');
        expect(handOver(state)).toBe(step === last);
      });
      const end = replayTable(game, h, last, 0);
      expect(handOver(end)).toBe(true);
      expect(end.results.length).toBeGreaterThan(0);
      expect(end.results.filter((r) => r.kind === 'win')).toHaveLength(end.xuezhan?.winners.length ?? -1);
    });
    expect(wins).toBeGreaterThan(game.hands.length);
  });
});
