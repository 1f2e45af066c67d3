import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('the pool outside the test runner', () => {
  it('runs its TypeScript workers under plain node --import tsx', () => {
    const script = fileURLToPath(new URL('./support/pool-smoke.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      // Only a run that hangs is cut off.
      timeout: 300_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const settlement = JSON.parse(run.stdout);
    expect(settlement.players).toHaveLength(4);
    expect(settlement.players.reduce((s: number, p: { total_point: number }) => s + p.total_point, 0)).toBe(
      0,
    );
  });
});
