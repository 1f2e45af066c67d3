/**
 * The timing tell: can a player tell from the pause after a discard that another player was offered a call?
 *
 * Real tables on the engine's worker pool, each with two player seats and two robots (ai_level 1). Seat 0 is the
 * observer: it answers every decision at once and notes, for each discard it is shown, the time until its next
 * message. Seat 1 is offered calls (ron, pon, chi, kan) and declines each after a random delay inside the call
 * window; it discards the tile it draws at once. Each table plays `TIMING_HANDS` hands, then stops.
 *
 * The best simple guesser, "an offer was made when the pause is longer (or shorter) than t", is trained on the
 * discards of half the tables and scored on the other half; its accuracy is set beside the base rate (always
 * guessing the commoner answer) and its balanced accuracy (the mean of its hit rates on offers and on no offer,
 * 50 % for a guess no better than chance).
 *
 * The same tables play twice: with the call window at 0 (the table as it was before the window: it moves on as
 * soon as every seat has answered) and at the engine's default; the difference in time per hand is what the
 * window costs. Then tables of four robots play with the window on, to show they do not wait.
 * `TIMING_WINDOW_MS` plays one run at that window only; `TIMING_TABLES` (24) tables play at once,
 * `TIMING_HANDS` (2) hands each; `TIMING_DECLINE_MS` (900) is the latest a decline comes, the earliest a ninth
 * of it.
 */
import {
  CALL_WINDOW_MS,
  createTablePool,
  type SeatSpec,
  type TableEvent,
  type TablePool,
} from '@taikai/engine';
import { seedOf } from './seeds';

const env = (name: string, fallback: number) => {
  const v = process.env[name];
  return v == null || v === '' ? fallback : Number(v);
};

const TABLES = env('TIMING_TABLES', 24);
const HANDS = env('TIMING_HANDS', 2);
const ONLY_WINDOW = process.env.TIMING_WINDOW_MS ? Number(process.env.TIMING_WINDOW_MS) : undefined;
const DECLINE_MAX = env('TIMING_DECLINE_MS', 900);
const DECLINE_MIN = DECLINE_MAX / 9;

const OBSERVER = 0;
const OFFERED = 1;

interface Sample {
  table: number;
  /** Milliseconds from the discard reaching the observer to the observer's next message. */
  delay: number;
  offered: boolean;
}

/** A deterministic stream of numbers in [0, 1) for the decline delays (xorshift32). */
function randomStream(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

interface TableRun {
  samples: Sample[];
  hands: number;
  handMs: number[];
  discards: number;
  offers: number;
}

type Msg = Record<string, { l?: number; jushu?: number } | undefined>;

const PEOPLE: SeatSpec[] = [
  { kind: 'player', name: 'observer' },
  { kind: 'player', name: 'offered' },
  { kind: 'robot', level: 1 },
  { kind: 'robot', level: 1 },
];
const ROBOTS: SeatSpec[] = [0, 1, 2, 3].map(() => ({ kind: 'robot', level: 1 }));

/** Plays one table for `HANDS` hands; `windowMs` undefined: the engine's default call window. */
function playTable(
  pool: TablePool,
  index: number,
  windowMs: number | undefined,
  seats: SeatSpec[],
): Promise<TableRun> {
  const tableId = `timing-tell-${index}`;
  const random = randomStream(index + 1);
  const run: TableRun = { samples: [], hands: 0, handMs: [], discards: 0, offers: 0 };
  // The k-th discard as each player seat saw it: whether seat 1 was offered a call, whether it discarded it.
  const offeredAt: boolean[] = [];
  const ownAt: boolean[] = [];
  let seen0 = 0;
  let seen1 = 0;
  let menfeng1 = 0;
  let pending: { k: number; t: number } | null = null;
  const observed: { k: number; delay: number }[] = [];
  let handStarted = 0;
  let stopping: Promise<unknown> = Promise.resolve();

  return new Promise<TableRun>((resolve, reject) => {
    const end = () => {
      for (const o of observed) {
        if (ownAt[o.k] === undefined || ownAt[o.k]) continue;
        run.samples.push({ table: index, delay: o.delay, offered: offeredAt[o.k] ?? false });
      }
      run.offers = run.samples.filter((s) => s.offered).length;
      void stopping.then(() => resolve(run), reject);
    };
    const onEvent = (e: TableEvent) => {
      const now = performance.now();
      switch (e.type) {
        case 'hand_start':
          handStarted = now;
          return;
        case 'hand_end':
          run.hands++;
          run.handMs.push(now - handStarted);
          if (run.hands === HANDS) stopping = pool.terminate(tableId);
          return;
        case 'finished':
        case 'terminated':
          end();
          return;
        case 'failed':
          reject(new Error(e.error));
          return;
        case 'seat_message':
          if (run.hands >= HANDS) return;
          break;
        default:
          return;
      }
      const msg = e.msg as Msg;
      if (e.seat === OBSERVER) {
        if (pending) {
          observed.push({ k: pending.k, delay: now - pending.t });
          pending = null;
        }
        if (msg.dapai) {
          run.discards++;
          pending = { k: seen0++, t: now };
        }
        if (e.ask) pool.answer(tableId, OBSERVER, e.ask.id, {});
        return;
      }
      if (e.seat !== OFFERED) return;
      if (msg.qipai) menfeng1 = (OFFERED - (msg.qipai.jushu ?? 0) + 4) % 4;
      if (msg.dapai) {
        const k = seen1++;
        ownAt[k] = msg.dapai.l === menfeng1;
        offeredAt[k] = e.ask != null;
      }
      if (!e.ask) return;
      const ask = e.ask;
      const offer = msg.dapai || msg.gang || msg.kita;
      if (!offer) {
        pool.answer(tableId, OFFERED, ask.id, {});
        return;
      }
      const delay = DECLINE_MIN + random() * (DECLINE_MAX - DECLINE_MIN);
      setTimeout(() => pool.answer(tableId, OFFERED, ask.id, {}), delay);
    };
    pool
      .start({
        tableId,
        rule: {},
        roundType: 2,
        seats,
        seed: seedOf(tableId),
        ...(windowMs != null ? { callWindowMs: windowMs } : {}),
        onEvent,
      })
      .catch(reject);
  });
}

interface Guesser {
  threshold: number;
  /** Guesses "offer" when the delay is above the threshold (else when below it). */
  above: boolean;
}

const guess = (g: Guesser, delay: number) => (g.above ? delay > g.threshold : delay <= g.threshold);

/** The threshold and direction that guess `samples` best. */
function train(samples: Sample[]): Guesser {
  const sorted = [...samples].sort((a, b) => a.delay - b.delay);
  const offers = sorted.filter((s) => s.offered).length;
  // Guessing "offer" above the cut: right for the no-offers at or below it and the offers above it.
  let best: Guesser & { right: number } = { threshold: -Infinity, above: true, right: offers };
  let quietBelow = 0;
  let offersBelow = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (sorted[i].offered) offersBelow++;
    else quietBelow++;
    if (i + 1 < sorted.length && sorted[i + 1].delay === sorted[i].delay) continue;
    const rightAbove = quietBelow + (offers - offersBelow);
    const rightBelow = sorted.length - rightAbove;
    const threshold = sorted[i].delay;
    if (rightAbove > best.right) best = { threshold, above: true, right: rightAbove };
    if (rightBelow > best.right) best = { threshold, above: false, right: rightBelow };
  }
  return { threshold: best.threshold, above: best.above };
}

function score(g: Guesser, samples: Sample[]) {
  const offers = samples.filter((s) => s.offered);
  const quiet = samples.filter((s) => !s.offered);
  const hitOffers = offers.filter((s) => guess(g, s.delay)).length;
  const hitQuiet = quiet.filter((s) => !guess(g, s.delay)).length;
  return {
    accuracy: (hitOffers + hitQuiet) / samples.length,
    baseRate: Math.max(offers.length, quiet.length) / samples.length,
    balanced:
      ((offers.length ? hitOffers / offers.length : 1) + (quiet.length ? hitQuiet / quiet.length : 1)) / 2,
  };
}

const quantile = (values: number[], q: number) => {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const ms = (x: number) => `${x.toFixed(1)} ms`;

interface Measure {
  label: string;
  samples: Sample[];
  offers: number[];
  quiet: number[];
  guesser: Guesser;
  held: ReturnType<typeof score>;
  inSample: ReturnType<typeof score>;
  hands: number;
  secondsPerHand: number;
  discardsPerHand: number;
  wall: number;
}

async function measure(label: string, windowMs: number | undefined, seats: SeatPeople): Promise<Measure> {
  const pool = createTablePool({ workers: 1 });
  const t0 = performance.now();
  const tables = seats === 'people' ? TABLES : Math.min(TABLES, 4);
  const runs = await Promise.all(
    Array.from({ length: tables }, (_, i) =>
      playTable(pool, i, windowMs, seats === 'people' ? PEOPLE : ROBOTS),
    ),
  );
  const wall = (performance.now() - t0) / 1000;
  await pool.close();
  const samples = runs.flatMap((r) => r.samples);
  const guesser = train(samples.filter((s) => s.table % 2 === 0));
  const hands = runs.reduce((a, r) => a + r.hands, 0);
  return {
    label,
    samples,
    offers: samples.filter((s) => s.offered).map((s) => s.delay),
    quiet: samples.filter((s) => !s.offered).map((s) => s.delay),
    guesser,
    held: score(
      guesser,
      samples.filter((s) => s.table % 2 === 1),
    ),
    inSample: score(train(samples), samples),
    hands,
    secondsPerHand: mean(runs.flatMap((r) => r.handMs)) / 1000,
    discardsPerHand: runs.reduce((a, r) => a + r.discards, 0) / Math.max(1, hands),
    wall,
  };
}

type SeatPeople = 'people' | 'robots';

const spread = (values: number[]) =>
  `${ms(quantile(values, 0.1))} / ${ms(quantile(values, 0.5))} / ${ms(quantile(values, 0.9))}`;

function print(runs: Measure[], robots: Measure[]) {
  const row = (label: string, cell: (m: Measure) => string) =>
    console.log(`${label.padEnd(48)}${runs.map((m) => cell(m).padEnd(36)).join('')}`);
  console.log(
    `timing tell: ${TABLES} tables × ${HANDS} hands of two people and two robots; declines at ${Math.round(DECLINE_MIN)}–${DECLINE_MAX} ms\n`,
  );
  row('', (m) => m.label);
  row('discards observed (not seat 1 own) / offers', (m) => `${m.samples.length} / ${m.offers.length}`);
  row('pause, no offer: p10 / p50 / p90', (m) => spread(m.quiet));
  row('pause, offer to seat 1: p10 / p50 / p90', (m) => spread(m.offers));
  row(
    'best guesser, trained on half the tables',
    (m) => `offer if pause ${m.guesser.above ? '>' : '≤'} ${ms(m.guesser.threshold)}`,
  );
  row('  accuracy on the other half', (m) => pct(m.held.accuracy));
  row('  base rate (always the commoner answer)', (m) => pct(m.held.baseRate));
  row('  balanced accuracy (50 % = chance)', (m) => pct(m.held.balanced));
  row(
    'best guesser in-sample (balanced)',
    (m) => `${pct(m.inSample.accuracy)} (${pct(m.inSample.balanced)})`,
  );
  row('hands / discards per hand', (m) => `${m.hands} / ${m.discardsPerHand.toFixed(1)}`);
  row('seconds per hand (deal to end)', (m) => `${m.secondsPerHand.toFixed(1)} s`);
  row('wall time', (m) => `${m.wall.toFixed(1)} s`);
  if (runs.length === 2)
    console.log(
      `\nthe window adds ${(runs[1].secondsPerHand - runs[0].secondsPerHand).toFixed(1)} s per hand`,
    );
  for (const r of robots)
    console.log(
      `four robots, ${r.label}: ${(r.secondsPerHand * 1000).toFixed(0)} ms per hand (${r.hands} hands)`,
    );
}

async function main() {
  if (ONLY_WINDOW != null) {
    print([await measure(`window ${ONLY_WINDOW} ms`, ONLY_WINDOW, 'people')], []);
    return;
  }
  const before = await measure('window 0 (as before)', 0, 'people');
  const after = await measure(`window ${CALL_WINDOW_MS} ms (default)`, undefined, 'people');
  const robots = [
    await measure('window 0', 0, 'robots'),
    await measure(`window ${CALL_WINDOW_MS} ms`, undefined, 'robots'),
  ];
  print([before, after], robots);
}

await main();
