// Plays one table on a worker pool under plain `node --import tsx` and prints the finished event's settlement.
import { createTablePool } from '../../src/pool';

const pool = createTablePool({ workers: 1 });
const settlement = await new Promise((resolve, reject) => {
  pool
    .start({
      tableId: 'smoke',
      rule: {},
      roundType: 1,
      seed: '3'.repeat(64),
      seats: [0, 1, 2, 3].map(() => ({ kind: 'robot' as const, level: 1 })),
      onEvent: (event) => {
        if (event.type === 'finished') resolve(event.settlement);
        if (event.type === 'failed') reject(new Error(event.error));
      },
    })
    .catch(reject);
});
await pool.close();
process.stdout.write(JSON.stringify(settlement));
