import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableEvent } from '../src/events';
import { replayGame } from '../src/log/replay';
import { createTablePool, type TablePool } from '../src/pool';
import { installFastShanten } from '../src/shanten/install';
import { type ResumeFrom, Table, type TableOptions } from '../src/table';
import type { Progress } from '../src/table-game';
import { verifyGame } from '../src/verify';
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
  starts: { hand: number; progress: Progress }[];
  handLogs: unknown[];
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
  for (const e of events) {
    if (e.type === 'hand_start') {
      const { type, tableId, hand, ...progress } = e;
      starts.push(persisted({ hand, progress }));
    }
    if (e.type === 'hand_end') handLogs[e.hand] = persisted(e.handLog);
  }
  return { events, finished: finishedOf(events), starts, handLogs };
}

async function playTable(setup: Setup, resumeFrom?: ResumeFrom): Promise<Played> {
  const events: TableEvent[] = [];
  const table = new Table({ ...optionsOf(setup, resumeFrom), onEvent: (e) => events.push(e) });
  table.start();
  await table.done;
  return recorded(events);
}

/** Where the host would resume after a crash during hand `k` of a recorded game. */
const resumeAt = (played: Played, k: number): ResumeFrom => ({
  hand: k,
  progress: played.starts[k].progress,
  log: played.handLogs.slice(0, k),
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
        original = await playTable(setup);
      }, 120_000);

      it('hand_start and hand_end number the hands from 0, and each handLog is that hand of the final log', () => {
        const { starts, handLogs, finished } = original;
        const hands = finished.log.paipu.log.length;
        expect(hands).toBeGreaterThan(3);
        expect(starts.map((s) => s.hand)).toEqual([...Array(hands).keys()]);
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
        it(`resumed at ${where}, it finishes with the same log, settlement and progress`, async () => {
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
        }, 120_000);
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
  }, 120_000);

  it('a resume without the seed is refused by pool.start, and the table does not run', async () => {
    const setup: Setup = { name: 'no-seed', seed: '', rule: {}, roundType: 1, levels: [0, 0, 0, 0] };
    const { seed, ...options } = optionsOf(setup, {
      hand: 0,
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
    expect(() => table({ hand: 0, progress: start, log: [] })).toThrow(
      'resumeFrom needs the seed the game was started with',
    );
  });

  it('with a log that does not hold every hand before the one resumed', () => {
    expect(() => table({ hand: 1, progress: start, log: [] }, setup.seed)).toThrow(
      /log must hold the records of the 1 hands/,
    );
    expect(() => table({ hand: 1, progress: start, log: [[{ zimo: {} }]] }, setup.seed)).toThrow(
      /log\[0\] is not a hand record/,
    );
  });

  it('with a hand number or progress out of shape', () => {
    expect(() => table({ hand: -1, progress: start, log: [] }, setup.seed)).toThrow(
      /hand must be a whole number/,
    );
    expect(() => table({ hand: 0, progress: { ...start, ju: 4 }, log: [] }, setup.seed)).toThrow(
      /ju \(0-3\)/,
    );
    expect(() => table({ hand: 0, progress: { ...start, scores: [25000] }, log: [] }, setup.seed)).toThrow(
      /four scores/,
    );
  });
});
