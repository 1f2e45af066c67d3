import type { Shoupai } from '@kobalab/majiang-core';
import { Majiang } from '@taikai/engine/player-view';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Decision, playGame } from './engineGame.testkit';
import { answers, type Choices, choicesAt, seatView } from './options';

/**
 * A deterministic chooser: it always wins, declares riichi when it may, takes a call now and then in half the
 * games (the others stay closed to reach riichi), and discards toward a ready hand.
 */
function chooser(seedNumber: number, calls = seedNumber % 2 === 0) {
  let state = seedNumber + 1;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state;
  };
  const pick = <T>(items: readonly T[]): T => items[next() % items.length];
  const sometimes = () => calls && next() % 4 === 0;
  return (c: Choices, hand: Shoupai): Record<string, string> => {
    if (c.tsumo || c.ron) return answers.win();
    if (c.kyuushu) return answers.kyuushu();
    if (c.riichi.length > 0) return answers.riichi(pick(c.riichi));
    if (c.kans.length > 0 && sometimes()) return answers.kan(c.kans[0].m, c.kans[0].kind);
    if (c.pon.length > 0 && sometimes()) return answers.call(pick(c.pon));
    if (c.chi.length > 0 && sometimes()) return answers.call(pick(c.chi));
    if (c.discards.length > 0) {
      // The discards that keep the hand closest to ready (shanten), one of them at random.
      const after = c.discards.map((p) => Majiang.Util.xiangting(hand.clone().dapai(p)));
      const best = Math.min(...after);
      return answers.discard(pick(c.discards.filter((_, i) => after[i] === best)));
    }
    return answers.pass();
  };
}

const sorted = (xs: readonly string[]) => [...xs].sort();

interface Seen {
  decisions: number;
  kinds: Set<string>;
  mismatches: unknown[];
}

/** Plays a game answering with the table's choices; checks each against the engine's own judgement. */
async function playChecked(seed: string, rule: Record<string, number> = {}, choose = chooser(7)) {
  const seen: Seen = { decisions: 0, kinds: new Set(), mismatches: [] };
  const replies: { reply: Record<string, string>; at: number }[] = [];
  const decide = ({ messages, allows }: Decision) => {
    const c = choicesAt(messages, 4, rule);
    seen.decisions++;
    const offered = {
      discards: sorted(c.discards),
      riichi: sorted(c.riichi),
      tsumo: c.tsumo,
      kyuushu: c.kyuushu,
      ron: c.ron,
      chi: sorted(c.chi),
      pon: sorted(c.pon),
      kans: sorted(c.kans.map((k) => k.m)),
    };
    const engine = {
      discards: sorted(allows.discards),
      riichi: sorted(allows.riichi),
      tsumo: allows.tsumo,
      kyuushu: allows.kyuushu,
      ron: allows.ron,
      chi: sorted(allows.chi),
      pon: sorted(allows.pon),
      kans: sorted(allows.kans),
    };
    if (JSON.stringify(offered) !== JSON.stringify(engine))
      seen.mismatches.push({ asked: messages.at(-1), offered, engine });
    for (const [k, v] of Object.entries(offered))
      if (v === true || (Array.isArray(v) && v.length)) seen.kinds.add(k);
    const reply = choose(c, seatView(messages, 4).shoupai);
    replies.push({ reply, at: messages.length });
    return reply;
  };
  const game = await playGame({ seed, rule, decide, robotLevel: 1 });
  return { ...game, seen, replies };
}

describe('the choices at a decision', () => {
  const games: Awaited<ReturnType<typeof playChecked>>[] = [];
  beforeAll(async () => {
    for (const seed of '123456789abcdef')
      games.push(await playChecked(seed.repeat(64), {}, chooser(games.length)));
  });

  it('are exactly what the rules engine allows, at every decision of whole games against robots', () => {
    const all = new Set<string>();
    for (const { seen, events } of games) {
      expect(seen.mismatches).toEqual([]);
      expect(events.at(-1)?.type).toBe('finished');
      for (const k of seen.kinds) all.add(k);
    }
    expect(games.reduce((n, g) => n + g.seen.decisions, 0)).toBeGreaterThan(100);
    // Calls, riichi and wins all came up.
    for (const kind of ['discards', 'riichi', 'pon', 'chi', 'ron', 'tsumo']) expect(all).toContain(kind);
  });

  it('every answer built from them is taken by the engine as given', () => {
    let calls = 0;
    for (const { messages, replies } of games) {
      for (const { reply, at } of replies) {
        const next = messages.slice(at);
        // What settled the decision: a call, a win, a draw, or the game moving on to the next draw or discard.
        const settled = next.find((m) =>
          ['dapai', 'fulou', 'gang', 'hule', 'pingju', 'zimo'].some((k) => k in m),
        );
        if (reply.dapai) expect((settled?.dapai as { p: string } | undefined)?.p).toBe(reply.dapai);
        if (reply.fulou) {
          calls++;
          // Taken, unless a win or another seat's call came first.
          const taken = (settled?.fulou as { m?: string } | undefined)?.m === reply.fulou;
          expect(taken || 'hule' in (settled ?? {}) || 'fulou' in (settled ?? {})).toBe(true);
        }
        if (reply.gang) expect((settled?.gang as { m?: string } | undefined)?.m).toBe(reply.gang);
        if (reply.hule) expect('hule' in (settled ?? {})).toBe(true);
      }
    }
    expect(calls).toBeGreaterThan(0);
  });

  it('with a minimum han (fanfu 2, 4) a win is offered exactly where the engine allows it', async () => {
    for (const [seed, fanfu] of [
      ['5', 2],
      ['6', 2],
      ['7', 4],
    ] as const) {
      const { seen } = await playChecked(seed.repeat(64), { fanfu });
      expect(seen.mismatches).toEqual([]);
    }
  });

  it('with guyi_mode (and fanfu 2) a win is offered exactly where the engine allows it, local yaku counted', async () => {
    for (const [seed, fanfu] of [
      ['8', 1],
      ['9', 2],
    ] as const) {
      const { seen } = await playChecked(seed.repeat(64), { guyi_mode: 1, fanfu }, chooser(Number(seed)));
      expect(seen.mismatches).toEqual([]);
      expect(seen.decisions).toBeGreaterThan(50);
    }
  });
});

describe('three players: a North set aside', () => {
  it('is offered exactly when the engine allows it, and the answer is taken', async () => {
    let offered = 0;
    let taken = 0;
    const mismatches: unknown[] = [];
    const asked: number[] = [];
    for (const seed of '1234') {
      const { messages } = await playGame({
        seed: seed.repeat(64),
        roundType: 11,
        robotLevel: 1,
        decide: ({ messages: sent, allows }) => {
          const c = choicesAt(sent, 3);
          if (c.kita !== allows.kita || sorted(c.discards).join() !== sorted(allows.discards).join())
            mismatches.push({ asked: sent.at(-1), kita: c.kita, engine: allows.kita });
          if (c.kita) {
            offered++;
            asked.push(sent.length);
            return answers.kita();
          }
          if (c.tsumo || c.ron) return answers.win();
          return c.discards.length > 0 ? answers.discard(c.discards[c.discards.length - 1]) : answers.pass();
        },
      });
      // What the table did next: the North set aside (not a discard or a draw).
      for (const at of asked.splice(0)) {
        const next = messages
          .slice(at)
          .find((m) => ['kita', 'dapai', 'zimo', 'hule', 'pingju'].some((k) => k in m));
        if (next && 'kita' in next) taken++;
      }
    }
    expect(mismatches).toEqual([]);
    expect(offered).toBeGreaterThan(0);
    expect(taken).toBe(offered);
  });
});

describe('guyi_mode: a win on the mode’s yaku alone', () => {
  // Seat 1's closed hand has no yaku of the rules: man, pin, sou, a West triplet and green dragons (Uumensai).
  const opening = (hand: string) => [
    { kaiju: { id: 1, rule: Majiang.rule(), title: '', player: ['A', 'B', 'C', 'D'], qijia: 0 } },
    {
      qipai: {
        zhuangfeng: 0,
        jushu: 0,
        changbang: 0,
        lizhibang: 0,
        defen: [25000, 25000, 25000, 25000],
        baopai: 'z7',
        shoupai: ['', hand, '', ''],
      },
    },
  ];
  const goAround = [
    { zimo: { l: 0, p: '' } },
    { dapai: { l: 0, p: 'z7_' } },
    { zimo: { l: 1, p: 'z7' } },
    { dapai: { l: 1, p: 'z7_' } },
    { zimo: { l: 2, p: '' } },
  ];

  it('Uumensai alone is offered with the mode (and a 2-han minimum), not without it', () => {
    const messages = [...opening('m123p456s78z333z66'), ...goAround, { dapai: { l: 2, p: 's9_' } }];
    expect(choicesAt(messages, 4, { guyi_mode: 1 }).ron).toBe(true);
    expect(choicesAt(messages, 4, { guyi_mode: 1, fanfu: 2 }).ron).toBe(true);
    expect(choicesAt(messages, 4, { guyi_mode: 1, fanfu: 4 }).ron).toBe(false);
    expect(choicesAt(messages, 4, {}).ron).toBe(false);
  });

  it('燕返し alone on a riichi declaration; renhou alone before the seat’s first draw', () => {
    const noYaku = 'm123p456s78z333m99';
    const riichi = [...opening(noYaku), ...goAround, { dapai: { l: 2, p: 's9_*' } }];
    expect(choicesAt(riichi, 4, { guyi_mode: 1 }).ron).toBe(true);
    expect(choicesAt(riichi, 4, { guyi_mode: 1, fanfu: 2 }).ron).toBe(false);
    const plain = [...opening(noYaku), ...goAround, { dapai: { l: 2, p: 's9_' } }];
    expect(choicesAt(plain, 4, { guyi_mode: 1 }).ron).toBe(false);
    const renhou = [...opening(noYaku), { zimo: { l: 0, p: '' } }, { dapai: { l: 0, p: 's9_' } }];
    expect(choicesAt(renhou, 4, { guyi_mode: 1, fanfu: 4 }).ron).toBe(true);
    expect(choicesAt(renhou, 4, {}).ron).toBe(false);
  });
});
