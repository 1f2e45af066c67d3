/** Games per minute of the worker pool with every worker busy: N robot tables started at once. */
import { createTablePool, type TablePool } from '@taikai/engine';
import { seedOf } from './seeds';

export interface PoolRate {
  games: number;
  workers: number;
  seconds: number;
  gamesPerMinute: number;
}

/** Plays `games` tables of four robots of `level` on the pool at once; resolves when all have finished. */
function playAll(
  pool: TablePool,
  label: string,
  level: number,
  games: number,
  roundType: number,
): Promise<void> {
  const done: Promise<void>[] = [];
  for (let g = 0; g < games; g++) {
    done.push(
      new Promise<void>((resolve, reject) => {
        void pool
          .start({
            tableId: `${label}-${level}-${g}`,
            rule: {},
            roundType,
            seats: [0, 1, 2, 3].map(() => ({ kind: 'robot' as const, level })),
            seed: seedOf(`${label}-${level}-${g}`),
            onEvent: (e) => {
              if (e.type === 'finished') resolve();
              else if (e.type === 'failed' || e.type === 'terminated') reject(new Error(`table ${e.type}`));
            },
          })
          .catch(reject);
      }),
    );
  }
  return Promise.all(done).then(() => undefined);
}

/** South games per minute with every worker busy, after one East game per worker to warm the workers up. */
export async function measurePool(level: number, games: number, workers: number): Promise<PoolRate> {
  const pool = createTablePool({ workers });
  try {
    await playAll(pool, 'pool-warm-up', level, workers, 1);
    const started = performance.now();
    await playAll(pool, 'pool', level, games, 2);
    const seconds = (performance.now() - started) / 1000;
    return { games, workers, seconds, gamesPerMinute: (games / seconds) * 60 };
  } finally {
    await pool.close();
  }
}
