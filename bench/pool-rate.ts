/** Games per minute of the worker pool with every worker busy: N robot tables started at once. */
import { createTablePool } from '@taikai/engine';
import { seedOf } from './seeds';

export interface PoolRate {
  games: number;
  workers: number;
  seconds: number;
  gamesPerMinute: number;
}

export async function measurePool(level: number, games: number, workers: number): Promise<PoolRate> {
  const pool = createTablePool({ workers });
  try {
    const started = performance.now();
    const done: Promise<void>[] = [];
    for (let g = 0; g < games; g++) {
      done.push(
        new Promise<void>((resolve, reject) => {
          void pool
            .start({
              tableId: `pool-${level}-${g}`,
              rule: {},
              roundType: 2,
              seats: [0, 1, 2, 3].map(() => ({ kind: 'robot' as const, level })),
              seed: seedOf(`pool-${level}-${g}`),
              onEvent: (e) => {
                if (e.type === 'finished') resolve();
                else if (e.type === 'failed' || e.type === 'terminated') reject(new Error(`table ${e.type}`));
              },
            })
            .catch(reject);
        }),
      );
    }
    await Promise.all(done);
    const seconds = (performance.now() - started) / 1000;
    return { games, workers, seconds, gamesPerMinute: (games / seconds) * 60 };
  } finally {
    await pool.close();
  }
}
