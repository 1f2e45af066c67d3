import { spawnSync } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot, webDist } from './paths';

/** The test runner sets NODE_ENV=test, which would make React's development build: build for production. */
function buildEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
  return env;
}

/**
 * The console this run serves, in a folder of the run's own (`outDir`), so a rebuild of
 * packages/web/dist during the run cannot pull chunks from under the browser. Built once per run;
 * with TAIKAI_E2E_SKIP_BUILD=1 and an existing packages/web/dist, that build is copied instead.
 */
export function prepareConsole(outDir: string): void {
  const started = Date.now();
  if (process.env.TAIKAI_E2E_SKIP_BUILD === '1' && existsSync(resolve(webDist, 'index.html'))) {
    cpSync(webDist, outDir, { recursive: true });
    console.log(`[e2e] console copied from ${webDist}`);
    return;
  }
  const run = spawnSync(
    'npm',
    ['run', 'build', '-w', '@taikai/web', '--', '--outDir', outDir, '--emptyOutDir'],
    { cwd: repoRoot, env: buildEnv(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (run.status !== 0) {
    throw new Error(`console build failed (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
  }
  if (!existsSync(resolve(outDir, 'index.html')))
    throw new Error(`console build wrote no ${outDir}/index.html`);
  console.log(`[e2e] console built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
