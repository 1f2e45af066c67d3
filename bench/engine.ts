/**
 * `npm run bench:engine`: the engine's figures on this machine.
 *  1. seconds per South game for each robot level (our fast shanten installed), and level 2 on the rules
 *     engine's own shanten (the speed-up factor; the same seeds must give the same games);
 *  2. games per minute of the worker pool with every worker busy;
 *  3. the overhead of our table runtime against the bare rules engine dealing the same seeded walls;
 *  4. heap per idle table waiting on its player seats, measured inside a worker;
 *  5. three players (sanma): seconds per South game for each robot level, and the common robot's strength
 *     against the simple one (each seed played with the common robot in each seat beside two simple ones).
 *  6. chuanma (Sichuan): seconds per game of 4 hands (round type 1, the exchange on) for each robot level, and
 *     the level-2 robot's strength against level 1 (each seed with level 2 in each seat beside three level 1).
 *  7. xuezhandaodi (Battle of Asura): seconds per East game (the exchange on) for each robot level;
 *  8. guyi_mode (the ancient local yaku): seconds per East game for each robot level.
 * Each figure runs a bounded batch (a few minutes in all). Set BENCH_SCALE=0.5 for a quicker, noisier run, and
 * BENCH_ONLY=levels,pool,overhead,memory,sanma,chuanma,xuezhan,guyi (any of them) to run some parts only.
 */
import { availableParallelism, loadavg } from 'node:os';
import { installFastShanten, installStockShanten, type RuleFields } from '@taikai/engine';
import { measureIdleTables } from './idle-tables';
import { measureOverhead } from './overhead';
import { measurePool } from './pool-rate';
import { type Figure, printFigures } from './report';
import { seedOf } from './seeds';
import { playTableGame, type TableResult } from './table-run';
import { timed } from './timing';

const scale = Number(process.env.BENCH_SCALE ?? 1);
const n = (count: number) => Math.max(1, Math.round(count * scale));
const figures: Figure[] = [];
const only = process.env.BENCH_ONLY?.split(',');
const wanted = (part: string) => !only || only.includes(part);
const say = (text: string) => console.log(text);
const fmt = (x: number, digits = 2) => x.toFixed(digits);

say(
  `taikai engine benchmark — ${availableParallelism()} cores, Node ${process.version}, load ${loadavg()
    .map((l) => fmt(l))
    .join(' ')}`,
);

async function gamesAt(level: number, seeds: string[]) {
  const results: TableResult[] = [];
  const t = await timed(async () => {
    for (const seed of seeds) results.push(await playTableGame(seed, [level, level, level, level]));
  });
  return { ...t, results, perGame: t.wall / seeds.length, cpuPerGame: t.cpu / seeds.length };
}

if (wanted('levels')) {
  // 1. Seconds per South game by robot level.
  installFastShanten();
  const perLevel: Record<number, number> = {};
  const levelGames: Record<number, number> = { 0: n(10), 1: n(10), 2: n(2) };
  let fastLevel2: Awaited<ReturnType<typeof gamesAt>> | null = null;
  for (const level of [0, 1, 2]) {
    // One East game first, so the robot's code is compiled and the shanten tables filled before timing.
    await playTableGame(seedOf(`warm-up-${level}`), [level, level, level, level], 1);
    const seeds = Array.from({ length: levelGames[level] }, (_, i) => seedOf(`level-${i}`));
    const run = await gamesAt(level, seeds);
    if (level === 2) fastLevel2 = run;
    perLevel[level] = run.perGame;
    const hands = run.results.reduce((a, r) => a + r.hands, 0);
    say(
      `level ${level}: ${seeds.length} South games, ${hands} hands, ${fmt(run.perGame, 3)} s/game (cpu ${fmt(run.cpuPerGame, 3)})`,
    );
    figures.push({
      name: `s per South game, ai_level ${level} (fast shanten)`,
      value: `${fmt(run.perGame, 3)} s (cpu ${fmt(run.cpuPerGame, 3)})`,
    });
  }

  installStockShanten();
  const stockSeeds = Array.from({ length: levelGames[2] }, (_, i) => seedOf(`level-${i}`));
  const stock = await gamesAt(2, stockSeeds);
  installFastShanten();
  const fast = fastLevel2!;
  const sameGames = stock.results.every((r, i) => r.scores.join() === fast.results[i].scores.join());
  say(
    `level 2 on stock shanten: ${fmt(stock.perGame, 3)} s/game (cpu ${fmt(stock.cpuPerGame, 3)}); same games as with ours: ${sameGames ? 'yes' : 'NO'}`,
  );
  figures.push({
    name: 's per South game, ai_level 2 (stock shanten)',
    value: `${fmt(stock.perGame, 3)} s (cpu ${fmt(stock.cpuPerGame, 3)})`,
  });
  const speedUp = stock.perGame / fast.perGame;
  const cpuSpeedUp = stock.cpuPerGame / fast.cpuPerGame;
  // The CPU is shared with other work on this machine: the goal is read on CPU time, wall time is shown too.
  figures.push({
    name: 'ai_level 2 speed-up from fast shanten (cpu per game)',
    value: `${fmt(cpuSpeedUp)}× (wall ${fmt(speedUp)}×)${sameGames ? '' : ' games differ!'}`,
    goal: '≥ 2.5×',
    pass: cpuSpeedUp >= 2.5 && sameGames,
  });
}

if (wanted('pool')) {
  // 2. The pool with every worker busy.
  const workers = availableParallelism();
  for (const [level, games] of [
    [2, n(2 * workers)],
    [1, n(20 * workers)],
  ] as const) {
    const rate = await measurePool(level, games, workers);
    say(
      `pool, ai_level ${level}: ${rate.games} South games on ${rate.workers} workers in ${fmt(rate.seconds, 1)} s`,
    );
    figures.push({
      name: `pool games per minute, ai_level ${level} (${workers} workers)`,
      value: fmt(rate.gamesPerMinute, 1),
    });
  }
}

if (wanted('overhead')) {
  // 3. Our table runtime against the bare engine, same seeded walls, same robots. The bare engine has no
  // South/West extension (have_nanruxiru) and no all-last stop of ours (have_helezhongju, have_tingpaizhongju):
  // they are off here for both, so the two play the same games (checked hand by hand during the warm-up).
  const sameRule = { have_nanruxiru: 0, have_helezhongju: 0, have_tingpaizhongju: 0 };
  const plans = [
    { level: 0, games: n(60), block: 10 },
    { level: 1, games: n(12), block: 2 },
  ];
  for (const { level, games, block } of plans) {
    const seeds = Array.from({ length: games }, (_, i) => seedOf(`overhead-${i}`));
    const o = await measureOverhead({ level, seeds, rule: sameRule, rounds: 7, block });
    const ms = (s: number) => fmt(s * 1000, 3);
    const mid = o.rounds.find((r) => r.ratio === o.ratio) ?? o.rounds[0];
    say(
      `overhead, ai_level ${level}: ${o.games} games (${o.tableHands} hands at the table, ${o.bareHands} in the bare engine; same games: ${o.sameGames ? 'yes' : 'NO'}), blocks of ${block}; rounds ${o.rounds.map((r) => `${fmt(r.ratio, 3)}×`).join(' ')}; median round: table ${ms(mid.table)} ms/hand, bare engine ${ms(mid.bare)} ms/hand`,
    );
    figures.push({
      name: `table runtime / bare engine, ai_level ${level} (cpu per hand, median of ${o.rounds.length})`,
      value: `${fmt(o.ratio, 3)}×${o.sameGames ? '' : ' games differ!'}`,
      goal: '≤ 1.1×',
      pass: o.ratio <= 1.1 && o.sameGames,
    });
  }
}

if (wanted('memory')) {
  // 4. Memory per idle table waiting on its player seats, inside a worker.
  const idle = await measureIdleTables(n(1000));
  const kb = idle.bytesPerTable / 1024;
  say(
    `idle tables: ${idle.waiting}/${idle.tables} parked on a player decision in ${fmt(idle.parkedIn, 2)} s; heap ${fmt(idle.heapBefore / 2 ** 20, 1)} → ${fmt(idle.heapAfter / 2 ** 20, 1)} MB; off-heap ${fmt(idle.externalPerTable / 1024, 1)} KB/table`,
  );
  figures.push({
    name: `heap per idle table (${idle.tables} tables, all seats players)`,
    value: `${fmt(kb, 1)} KB`,
    goal: '≤ 1 MB',
    pass: idle.waiting === idle.tables && idle.bytesPerTable <= 2 ** 20,
  });
}

if (wanted('sanma')) {
  // 5. Three-player South games by robot level, then the common robot against the simple one.
  installFastShanten();
  const sanmaGames: Record<number, number> = { 0: n(10), 1: n(10), 2: n(2) };
  for (const level of [0, 1, 2]) {
    await playTableGame(seedOf(`sanma-warm-up-${level}`), [level, level, level], 11);
    const seeds = Array.from({ length: sanmaGames[level] }, (_, i) => seedOf(`sanma-level-${i}`));
    const results: TableResult[] = [];
    const t = await timed(async () => {
      for (const seed of seeds) results.push(await playTableGame(seed, [level, level, level], 12));
    });
    const hands = results.reduce((a, r) => a + r.hands, 0);
    const perGame = t.wall / seeds.length;
    say(
      `sanma level ${level}: ${seeds.length} South games, ${hands} hands, ${fmt(perGame, 3)} s/game (cpu ${fmt(t.cpu / seeds.length, 3)})`,
    );
    figures.push({ name: `s per three-player South game, ai_level ${level}`, value: `${fmt(perGame, 3)} s` });
  }
  const strength = { common: 0, simple: 0, commonFirst: 0, games: 0 };
  for (let i = 0; i < n(20); i++) {
    for (let seat = 0; seat < 3; seat++) {
      const levels = [1, 1, 1];
      levels[seat] = 2;
      const { scores } = await playTableGame(seedOf(`sanma-strength-${i}`), levels, 11);
      strength.games++;
      strength.common += scores[seat];
      strength.simple += (scores.reduce((a, b) => a + b, 0) - scores[seat]) / 2;
      if (scores[seat] === Math.max(...scores)) strength.commonFirst++;
    }
  }
  const mean = (x: number) => x / strength.games;
  say(
    `sanma strength: ${strength.games} East games (common robot in each seat beside two simple robots): common ${fmt(mean(strength.common), 0)} points on average, simple ${fmt(mean(strength.simple), 0)}; common 1st in ${strength.commonFirst}`,
  );
  figures.push({
    name: 'three-player common robot vs simple (mean final points, East games)',
    value: `${fmt(mean(strength.common), 0)} vs ${fmt(mean(strength.simple), 0)} (1st ${fmt((100 * strength.commonFirst) / strength.games, 0)}%)`,
    goal: 'common ≥ simple',
    pass: strength.common >= strength.simple,
  });
}

if (wanted('chuanma')) {
  // 6. Chuanma games of 4 hands by robot level, then level 2 against level 1.
  installFastShanten();
  const rule = { chuanma: 1, huansanzhang: 1, can_jifei: 0 };
  for (const level of [0, 1, 2]) {
    const levels = [level, level, level, level];
    await playTableGame(seedOf(`chuanma-warm-up-${level}`), levels, 1, rule);
    const seeds = Array.from({ length: n(40) }, (_, i) => seedOf(`chuanma-level-${i}`));
    let hands = 0;
    const t = await timed(async () => {
      for (const seed of seeds) hands += (await playTableGame(seed, levels, 1, rule)).hands;
    });
    const perGame = t.wall / seeds.length;
    say(
      `chuanma level ${level}: ${seeds.length} games of 4 hands, ${hands} hands, ${fmt(perGame, 3)} s/game (cpu ${fmt(t.cpu / seeds.length, 3)})`,
    );
    figures.push({
      name: `s per chuanma game (4 hands), ai_level ${level}`,
      value: `${fmt(perGame, 3)} s (cpu ${fmt(t.cpu / seeds.length, 3)})`,
    });
  }
  const strength = { strong: 0, simple: 0, first: 0, games: 0 };
  for (let i = 0; i < n(25); i++) {
    for (let seat = 0; seat < 4; seat++) {
      const levels = [1, 1, 1, 1];
      levels[seat] = 2;
      const { scores } = await playTableGame(seedOf(`chuanma-strength-${i}`), levels, 1, rule);
      strength.games++;
      strength.strong += scores[seat];
      strength.simple += (scores.reduce((a, b) => a + b, 0) - scores[seat]) / 3;
      if (scores[seat] === Math.max(...scores)) strength.first++;
    }
  }
  const mean = (x: number) => x / strength.games;
  say(
    `chuanma strength: ${strength.games} games (level 2 in each seat beside three level 1): level 2 ${fmt(mean(strength.strong), 0)} points on average, level 1 ${fmt(mean(strength.simple), 0)}; level 2 1st in ${strength.first}`,
  );
  figures.push({
    name: 'chuanma level 2 vs level 1 (mean final points, games of 4 hands)',
    value: `${fmt(mean(strength.strong), 0)} vs ${fmt(mean(strength.simple), 0)} (1st ${fmt((100 * strength.first) / strength.games, 0)}%)`,
  });
}

/** Seconds per East game of a mode's rule at each robot level (`games[level]` seeded games after a warm-up). */
async function eastGamesOf(part: string, label: string, rule: RuleFields, games: Record<number, number>) {
  installFastShanten();
  for (const level of [0, 1, 2]) {
    const levels = [level, level, level, level];
    await playTableGame(seedOf(`${part}-warm-up-${level}`), levels, 1, rule);
    const seeds = Array.from({ length: games[level] }, (_, i) => seedOf(`${part}-level-${i}`));
    let hands = 0;
    const t = await timed(async () => {
      for (const seed of seeds) hands += (await playTableGame(seed, levels, 1, rule)).hands;
    });
    const perGame = t.wall / seeds.length;
    say(
      `${part} level ${level}: ${seeds.length} East games, ${hands} hands, ${fmt(perGame, 3)} s/game (cpu ${fmt(t.cpu / seeds.length, 3)})`,
    );
    figures.push({
      name: `s per ${label} East game, ai_level ${level}`,
      value: `${fmt(perGame, 3)} s (cpu ${fmt(t.cpu / seeds.length, 3)})`,
    });
  }
}

// 7. Xuezhandaodi East games (4 hands, the exchange on) by robot level.
if (wanted('xuezhan'))
  await eastGamesOf(
    'xuezhan',
    'xuezhandaodi',
    { xuezhandaodi: 1, huansanzhang: 1 },
    { 0: n(40), 1: n(20), 2: n(4) },
  );

// 8. East games with the ancient local yaku (guyi_mode) by robot level.
if (wanted('guyi')) await eastGamesOf('guyi', 'guyi_mode', { guyi_mode: 1 }, { 0: n(40), 1: n(20), 2: n(4) });

say('');
printFigures(figures);
