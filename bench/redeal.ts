/**
 * Draws known after a restart: robot games are stopped in the middle of a hand (a random hand, after a random
 * number of its draws) and resumed from that hand's start, as the host does after a restart. Of the draws made
 * before the stop, how many come again at the same place of the hand once it is dealt again: on the next deal
 * attempt (a fresh wall, as the host deals it now) and, for comparison, on the same attempt (the same wall).
 * Every resumed record must verify against its seed. `BENCH_GAMES` (40) games, half of them three-player.
 */
import {
  attemptsOf,
  installFastShanten,
  type ResumeFrom,
  Table,
  type TableEvent,
  verifyGame,
} from '@taikai/engine';
import { seedOf } from './seeds';

type Finished = Extract<TableEvent, { type: 'finished' }>;

interface Played {
  finished: Finished;
  starts: Map<number, ResumeFrom['progress']>;
}

async function play(
  seed: string,
  levels: number[],
  roundType: number,
  resumeFrom?: ResumeFrom,
): Promise<Played> {
  let finished: Finished | null = null;
  let failure: string | null = null;
  const starts = new Map<number, ResumeFrom['progress']>();
  const table = new Table({
    tableId: `redeal-${seed.slice(0, 8)}`,
    rule: {},
    roundType,
    seats: levels.map((level) => ({ kind: 'robot' as const, level })),
    seed,
    ...(resumeFrom ? { resumeFrom } : {}),
    onEvent: (e) => {
      if (e.type === 'hand_start') {
        const { chang, ju, ben, liqibang, scores } = e;
        starts.set(e.hand, { chang, ju, ben, liqibang, scores });
      } else if (e.type === 'finished') finished = e;
      else if (e.type === 'failed') failure = e.error;
    },
  });
  table.start();
  await table.done;
  if (failure) throw new Error(failure);
  if (!finished) throw new Error('the table did not finish');
  return { finished, starts };
}

/** The tiles drawn in one hand of a record, in order (draws and replacement draws, every seat). */
const drawsOf = (hand: unknown[]): string[] =>
  (hand as Record<string, { p: string } | undefined>[]).flatMap((e) => {
    const draw = e.zimo ?? e.gangzimo;
    return draw ? [draw.p] : [];
  });

/** A number in [0, n) from a label, so every run stops the games at the same places. */
const pick = (label: string, n: number) => Number.parseInt(seedOf(label).slice(0, 8), 16) % n;

installFastShanten();
const games = Number(process.env.BENCH_GAMES ?? 40);
const figures = { seen: 0, sameWall: 0, freshWall: 0, verified: 0 };
for (let g = 0; g < games; g++) {
  const sanma = g % 2 === 1;
  const levels = sanma ? [1, 1, 1] : [1, 1, 1, 1];
  const roundType = sanma ? 11 : 1;
  const seed = seedOf(`redeal-${g}`);
  const original = await play(seed, levels, roundType);
  const log = original.finished.log;
  const hand = pick(`redeal-hand-${g}`, log.paipu.log.length);
  const played = drawsOf(log.paipu.log[hand]);
  // Stopped after some of the hand's draws (at least one).
  const seen = played.slice(0, 1 + pick(`redeal-cut-${g}`, Math.max(1, played.length)));
  const resumeAt = (attempt: number): ResumeFrom => ({
    hand,
    attempt,
    progress: original.starts.get(hand) as ResumeFrom['progress'],
    log: log.paipu.log.slice(0, hand),
    attempts: attemptsOf(log).slice(0, hand),
  });
  for (const attempt of [0, 1]) {
    const resumed = await play(seed, levels, roundType, resumeAt(attempt));
    const again = drawsOf(resumed.finished.log.paipu.log[hand]);
    const same = seen.filter((tile, i) => again[i] === tile).length;
    if (attempt === 0) figures.sameWall += same;
    else figures.freshWall += same;
    if (verifyGame(seed, resumed.finished.log).ok) figures.verified++;
  }
  figures.seen += seen.length;
}

const pct = (n: number) => `${((100 * n) / Math.max(1, figures.seen)).toFixed(1)} %`;
console.log(
  `games stopped mid-hand and resumed: ${games} (half three-player), draws seen before the stop: ${figures.seen}`,
);
console.log(
  `draws that came again at the same place, dealt on the same wall: ${figures.sameWall} (${pct(figures.sameWall)})`,
);
console.log(
  `draws that came again at the same place, dealt on the next attempt: ${figures.freshWall} (${pct(figures.freshWall)})`,
);
console.log(
  'by chance, two unrelated walls agree at a place about 1 time in 34 (four players) or 27 (three players): 2.9–3.7 %',
);
console.log(`resumed records that verify: ${figures.verified} of ${2 * games}`);
