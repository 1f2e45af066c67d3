import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableEvent } from '../src/events';
import { attemptsOf } from '../src/log/game-log';
import { replayGame } from '../src/log/replay';
import { createTablePool, type TablePool } from '../src/pool';
import { installFastShanten } from '../src/shanten/install';
import { type ResumeFrom, Table, type TableOptions } from '../src/table';
import type { Progress } from '../src/table-game';
import { verifyGame } from '../src/verify';
import { dealWall, wallCommitment } from '../src/walls';
import { finishedOf } from './support/robot-table';

installFastShanten();

type Finished = Extract<TableEvent, { type: 'finished' }>;

/** One game's setup: the same seed, rule, seats and starting points are given again to resume it. */
interface Setup {
  name: string;
  seed: string;
  rule: Record<string, number>;
  roundType: number;
  levels: number[];
  initPoints?: number[];
}

/** What the server keeps of a game as it plays: each hand's start and, once it ends, its record. */
interface Played {
  events: TableEvent[];
  finished: Finished;
  starts: { hand: number; attempt: number; progress: Progress }[];
  handLogs: unknown[];
  /** The deal attempt each hand was played on (`hand_end.attempt`). */
  attempts: number[];
}

/** Round-trips through JSON, as the server's database does. */
const persisted = <T>(value: T): T => JSON.parse(JSON.stringify(value));

const optionsOf = (setup: Setup, resumeFrom?: ResumeFrom): Omit<TableOptions, 'onEvent'> => ({
  tableId: setup.name,
  rule: setup.rule,
  roundType: setup.roundType,
  seed: setup.seed,
  seats: setup.levels.map((level) => ({ kind: 'robot' as const, level })),
  ...(setup.initPoints ? { initPoints: setup.initPoints } : {}),
  ...(resumeFrom ? { resumeFrom } : {}),
});

function recorded(events: TableEvent[]): Played {
  const starts: Played['starts'] = [];
  const handLogs: unknown[] = [];
  const attempts: number[] = [];
  for (const e of events) {
    if (e.type === 'hand_start') {
      const { type, tableId, hand, attempt, ...progress } = e;
      starts.push(persisted({ hand, attempt, progress }));
    }
    if (e.type === 'hand_end') {
      handLogs[e.hand] = persisted(e.handLog);
      attempts[e.hand] = e.attempt;
    }
  }
  return { events, finished: finishedOf(events), starts, handLogs, attempts };
}

async function playTable(setup: Setup, resumeFrom?: ResumeFrom): Promise<Played> {
  const events: TableEvent[] = [];
  const table = new Table({ ...optionsOf(setup, resumeFrom), onEvent: (e) => events.push(e) });
  table.start();
  await table.done;
  return recorded(events);
}

/** Each setup's uninterrupted game, played once for every test that resumes it. */
const originals = new Map<string, Promise<Played>>();
function originalOf(setup: Setup): Promise<Played> {
  let played = originals.get(setup.name);
  if (!played) {
    played = playTable(setup);
    originals.set(setup.name, played);
  }
  return played;
}

/**
 * Where a game picks up at the start of hand `k` of a recorded game, dealt on `attempt`: the host deals a hand
 * that was in progress at a crash on its next attempt (1 after the first deal); attempt 0 deals the hand's first
 * wall again, as the uninterrupted game did.
 */
const resumeAt = (played: Played, k: number, attempt = 0): ResumeFrom => ({
  hand: k,
  attempt,
  progress: played.starts[k].progress,
  log: played.handLogs.slice(0, k),
  attempts: attemptsOf(played.finished.log).slice(0, k),
});

/** The finished event as the server records it: the reason, the settlement, the final progress, the full log. */
const outcomeOf = ({ reason, settlement, progress, log, seed, commitment }: Finished) =>
  JSON.stringify({ reason, settlement, progress, log, seed, commitment });

const SETUPS: Setup[] = [
  { name: 'south-mixed', seed: 'a1'.repeat(32), rule: {}, roundType: 2, levels: [2, 1, 0, 2] },
  // Riichi sticks carried over draws: 2 on the table in East 2, 4 with 5 honba in the last hand.
  { name: 'south-sticks', seed: '16'.repeat(32), rule: {}, roundType: 2, levels: [1, 2, 1, 2] },
  {
    name: 'east-init-points',
    seed: '07'.repeat(32),
    rule: { have_nanruxiru: 0 },
    roundType: 1,
    levels: [0, 2, 1, 0],
    initPoints: [31000, 27000, 23000, 19000],
  },
  // Nobody reaches fandian: the game goes into South (have_nanruxiru), so the last hands are the extension.
  { name: 'east-extension', seed: '5'.repeat(64), rule: {}, roundType: 1, levels: [0, 0, 0, 0] },
  // Three players (sanma): three seats, three hands per wind.
  { name: 'sanma-south', seed: '3c'.repeat(32), rule: {}, roundType: 12, levels: [1, 2, 1] },
];

describe('a game resumes from the start of the hand in progress (host restart after kill -9)', () => {
  for (const setup of SETUPS) {
    describe(`${setup.name} (levels ${setup.levels.join('/')})`, () => {
      let original: Played;
      beforeAll(async () => {
        original = await originalOf(setup);
      });

      it('hand_start and hand_end number the hands from 0, and each handLog is that hand of the final log', () => {
        const { starts, handLogs, finished } = original;
        const hands = finished.log.paipu.log.length;
        expect(hands).toBeGreaterThan(3);
        expect(starts.map((s) => s.hand)).toEqual([...Array(hands).keys()]);
        expect(starts.every((s) => s.attempt === 0)).toBe(true);
        expect(finished.log.redeals).toBeUndefined();
        expect(handLogs).toEqual(persisted(finished.log.paipu.log));
        const ends = original.events.flatMap((e) => (e.type === 'hand_end' ? [e.hand] : []));
        expect(ends).toEqual([...Array(hands).keys()]);
      });

      const points: [string, (p: Played) => number][] = [
        ['the first hand', () => 0],
        ['a middle hand', (p) => Math.floor(p.starts.length / 2)],
        [
          'the first hand with riichi sticks (else honba) on the table',
          (p) => {
            const sticks = p.starts.findIndex((s) => s.progress.liqibang > 0);
            return sticks >= 0
              ? sticks
              : Math.max(
                  1,
                  p.starts.findIndex((s) => s.progress.ben > 0),
                );
          },
        ],
        ['the last hand', (p) => p.starts.length - 1],
      ];
      for (const [where, pick] of points) {
        it(`resumed at ${where} on its first wall, it finishes with the same log, settlement and progress`, async () => {
          const k = pick(original);
          const resumed = await playTable(setup, resumeAt(original, k));
          expect(resumed.events[0]).toEqual(original.events[0]);
          expect(resumed.starts[0]).toEqual(original.starts[k]);
          expect(resumed.starts).toEqual(original.starts.slice(k));
          expect(outcomeOf(resumed.finished)).toBe(outcomeOf(original.finished));
          expect(resumed.finished.log).toEqual(original.finished.log);
          expect(resumed.finished.settlement).toEqual(original.finished.settlement);
          expect(resumed.finished.progress).toEqual(original.finished.progress);
          expect(verifyGame(setup.seed, resumed.finished.log)).toMatchObject({ ok: true, problems: [] });
          const replayed = replayGame(resumed.finished.log, setup.seed, setup.rule, setup.initPoints);
          expect(JSON.stringify(replayed)).toBe(JSON.stringify(resumed.finished.log.paipu));
        });
      }
    });
  }
});

describe('a resumed game in the table pool', () => {
  let pool: TablePool;
  beforeAll(() => {
    pool = createTablePool({ workers: 1 });
  });
  afterAll(async () => {
    await pool.close();
  });

  const playPooled = (setup: Setup, resumeFrom?: ResumeFrom) =>
    new Promise<Played>((resolve, reject) => {
      const events: TableEvent[] = [];
      pool
        .start({
          ...optionsOf(setup, resumeFrom),
          onEvent: (e) => {
            events.push(e);
            if (e.type === 'finished' || e.type === 'failed' || e.type === 'terminated')
              resolve(recorded(events));
          },
        })
        .catch(reject);
    });

  it('resumed through pool.start at a middle hand, it finishes as the uninterrupted game did', async () => {
    const setup: Setup = {
      name: 'pooled',
      seed: '3e'.repeat(32),
      rule: {},
      roundType: 2,
      levels: [1, 2, 0, 1],
      initPoints: [30000, 25000, 25000, 20000],
    };
    const original = await playPooled(setup);
    const k = Math.floor(original.starts.length / 2);
    const resumed = await playPooled(setup, persisted(resumeAt(original, k)));
    expect(resumed.starts).toEqual(original.starts.slice(k));
    expect(outcomeOf(resumed.finished)).toBe(outcomeOf(original.finished));
    expect(verifyGame(setup.seed, resumed.finished.log).ok).toBe(true);
  });

  it('a resume without the seed is refused by pool.start, and the table does not run', async () => {
    const setup: Setup = { name: 'no-seed', seed: '', rule: {}, roundType: 1, levels: [0, 0, 0, 0] };
    const { seed, ...options } = optionsOf(setup, {
      hand: 0,
      attempt: 1,
      progress: { chang: 0, ju: 0, ben: 0, liqibang: 0, scores: [25000, 25000, 25000, 25000] },
      log: [],
    });
    await expect(pool.start({ ...options, onEvent: () => {} })).rejects.toThrow(/resumeFrom needs the seed/);
    expect(pool.size).toBe(0);
  });
});

describe('a resume that cannot be honoured is refused', () => {
  const setup: Setup = { name: 'bad', seed: '9d'.repeat(32), rule: {}, roundType: 1, levels: [0, 0, 0, 0] };
  const start: Progress = { chang: 0, ju: 1, ben: 0, liqibang: 0, scores: [25000, 25000, 25000, 25000] };
  const table = (resumeFrom: ResumeFrom, seed?: string) =>
    new Table({ ...optionsOf(setup, resumeFrom), seed, onEvent: () => {} });

  it('without the seed (the walls could not be dealt again)', () => {
    expect(() => table({ hand: 0, attempt: 1, progress: start, log: [] })).toThrow(
      'resumeFrom needs the seed the game was started with',
    );
  });

  it('with a log that does not hold every hand before the one resumed', () => {
    expect(() => table({ hand: 1, attempt: 1, progress: start, log: [] }, setup.seed)).toThrow(
      /log must hold the records of the 1 hands/,
    );
    expect(() => table({ hand: 1, attempt: 1, progress: start, log: [[{ zimo: {} }]] }, setup.seed)).toThrow(
      /log\[0\] is not a hand record/,
    );
  });

  it('with a hand number or progress out of shape', () => {
    expect(() => table({ hand: -1, attempt: 1, progress: start, log: [] }, setup.seed)).toThrow(
      /hand must be a whole number/,
    );
    expect(() => table({ hand: 0, attempt: 1, progress: { ...start, ju: 4 }, log: [] }, setup.seed)).toThrow(
      /ju \(0-3\)/,
    );
    expect(() =>
      table({ hand: 0, attempt: 1, progress: { ...start, scores: [25000] }, log: [] }, setup.seed),
    ).toThrow(/four scores/);
  });

  it('with a deal attempt, or the attempts of the hands before, out of shape', () => {
    for (const attempt of [-1, 1.5, 2 ** 32])
      expect(() => table({ hand: 0, attempt, progress: start, log: [] }, setup.seed)).toThrow(
        /attempt must be a whole number from 0/,
      );
    expect(() =>
      table({ hand: 1, attempt: 1, progress: start, log: [[{ qipai: {} }]], attempts: [0, 0] }, setup.seed),
    ).toThrow(/attempts must hold the deal attempts of the 1 hands/);
  });
});

/** The tiles drawn in one hand of a record, in order (draws and replacement draws, every seat). */
const drawsOf = (hand: unknown[]): string[] =>
  (hand as Record<string, { p: string } | undefined>[]).flatMap((e) => {
    const draw = e.zimo ?? e.gangzimo;
    return draw ? [draw.p] : [];
  });

/**
 * Where the host resumes a game (first run or itself resumed) at the start of hand `k`, dealt on `attempt`: the
 * earlier hands and their attempts from its record, the standing from hand `k`'s last `hand_start`.
 */
const resumeFromRecord = (played: Played, k: number, attempt: number): ResumeFrom => {
  const start = played.starts.find((s) => s.hand === k);
  if (!start) throw new Error(`hand ${k} was not dealt in this run`);
  return persisted({
    hand: k,
    attempt,
    progress: start.progress,
    log: played.finished.log.paipu.log.slice(0, k),
    attempts: attemptsOf(played.finished.log).slice(0, k),
  });
};

/** How many of the draws `seen` come again at the same place in `again`. */
const sameAt = (seen: string[], again: string[]) => seen.filter((tile, i) => again[i] === tile).length;

describe('a hand dealt again after a restart is dealt from a fresh wall, committed by the seed', () => {
  const figures = { seen: 0, again: 0 };
  afterAll(() => {
    console.info(
      `draws known after a restart: ${figures.again} of ${figures.seen} draws of the abandoned deals came again at the same place`,
    );
  });

  for (const setup of SETUPS) {
    it(`${setup.name}: the re-dealt hand differs, the record names both deals and verifies, replay gives it back`, async () => {
      const original = await originalOf(setup);
      const k = Math.floor(original.starts.length / 2);
      const players = setup.levels.length as 3 | 4;
      const resumed = await playTable(setup, resumeFromRecord(original, k, 1));
      expect(resumed.starts[0]).toEqual({ ...original.starts[k], attempt: 1 });
      expect(resumed.attempts[k]).toBe(1);

      const log = resumed.finished.log;
      // The hands before the restart are the ones played; the hand in progress is another deal.
      expect(log.paipu.log.slice(0, k)).toEqual(original.finished.log.paipu.log.slice(0, k));
      expect(log.paipu.log[k][0]).not.toEqual(original.finished.log.paipu.log[k][0]);
      const seen = drawsOf(original.finished.log.paipu.log[k]);
      const again = sameAt(seen, drawsOf(log.paipu.log[k]));
      figures.seen += seen.length;
      figures.again += again;
      expect(again).toBeLessThan(Math.max(3, seen.length / 4));

      const first = dealWall(setup.seed, k, log.red, players, 0);
      expect(dealWall(setup.seed, k, log.red, players, 1)).not.toEqual(first);
      expect(log.redeals).toEqual([{ hand: k, attempt: 1, abandoned: [wallCommitment(first)] }]);
      expect(verifyGame(setup.seed, log)).toEqual({
        ok: true,
        problems: [],
        hands: log.paipu.log.length,
        redealt: [{ hand: k, attempt: 1 }],
      });
      const replayed = replayGame(persisted(log), setup.seed, setup.rule, setup.initPoints);
      expect(JSON.stringify(replayed)).toBe(JSON.stringify(log.paipu));
    });
  }

  it('a hand restarted again is dealt a third wall; re-dealt hands before the one resumed carry into the record', async () => {
    // An East game of simple robots: quick to play three times.
    const setup = SETUPS[3];
    const original = await originalOf(setup);
    const players = setup.levels.length as 3 | 4;
    const first = await playTable(setup, resumeFromRecord(original, 1, 1));
    const twice = await playTable(setup, resumeFromRecord(first, 1, 2));
    const red = twice.finished.log.red;
    expect(twice.finished.log.redeals).toEqual([
      {
        hand: 1,
        attempt: 2,
        abandoned: [0, 1].map((a) => wallCommitment(dealWall(setup.seed, 1, red, players, a))),
      },
    ]);
    expect(verifyGame(setup.seed, twice.finished.log)).toMatchObject({
      ok: true,
      redealt: [{ hand: 1, attempt: 2 }],
    });

    // Restarted later in the game after the re-dealt hand 1 was played: the record names both re-deals.
    const k = Math.max(2, Math.floor(first.finished.log.paipu.log.length / 2));
    const again = await playTable(setup, resumeFromRecord(first, k, 1));
    expect(again.finished.log.redeals?.map(({ hand, attempt }) => ({ hand, attempt }))).toEqual([
      { hand: 1, attempt: 1 },
      { hand: k, attempt: 1 },
    ]);
    expect(verifyGame(setup.seed, again.finished.log)).toMatchObject({ ok: true, problems: [] });
    const replayed = replayGame(again.finished.log, setup.seed, setup.rule, setup.initPoints);
    expect(JSON.stringify(replayed)).toBe(JSON.stringify(again.finished.log.paipu));
  });

  it('a record that hides a re-deal, or names the wrong abandoned wall, does not verify', async () => {
    const setup = SETUPS[3];
    const original = await originalOf(setup);
    const k = 2;
    const { finished } = await playTable(setup, resumeFromRecord(original, k, 1));
    const hidden = structuredClone(finished.log);
    delete hidden.redeals;
    expect(verifyGame(setup.seed, hidden).ok).toBe(false);
    expect(verifyGame(setup.seed, hidden).problems.every((p) => p.startsWith(`hand ${k}:`))).toBe(true);

    const wrong = structuredClone(finished.log);
    wrong.redeals = [{ hand: k, attempt: 1, abandoned: ['0'.repeat(64)] }];
    expect(verifyGame(setup.seed, wrong).problems).toEqual([
      `hand ${k}: the abandoned wall of attempt 0 does not match its commitment`,
    ]);

    const garbled = structuredClone(finished.log);
    garbled.redeals = [{ hand: k, attempt: 'one', abandoned: null }] as never;
    expect(verifyGame(setup.seed, garbled).problems[0]).toBe(
      `hand ${k}: a re-deal's attempt one is not a whole number from 1`,
    );

    const skipped = structuredClone(finished.log);
    skipped.redeals = [{ hand: k, attempt: 1, abandoned: [] }];
    expect(verifyGame(setup.seed, skipped).problems[0]).toMatch(
      /played on attempt 1, the record names 0 walls/,
    );
  });
});
