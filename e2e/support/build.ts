import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot, webDist } from './paths';

/** Builds the console once per run, unless TAIKAI_E2E_SKIP_BUILD=1 and a build already exists. */
export function buildConsole(): void {
  const built = existsSync(resolve(webDist, 'index.html'));
  if (process.env.TAIKAI_E2E_SKIP_BUILD === '1' && built) return;
  const started = Date.now();
  const run = spawnSync('npm', ['run', 'build', '-w', '@taikai/web'], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (run.status !== 0) {
    throw new Error(`console build failed (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
  }
  if (!existsSync(resolve(webDist, 'index.html')))
    throw new Error(`console build wrote no ${webDist}/index.html`);
  console.log(`[e2e] console built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
