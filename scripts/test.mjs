#!/usr/bin/env node
// Runs every test suite of taikai and closes with one line "N passed, N failed[, N skipped]".
//   1. unit and API tests on the embedded database (PGlite): protocol, engine, server, web
//   2. the API suite again on PostgreSQL (TAIKAI_TEST_DATABASE_URL, or a local server at 127.0.0.1:5432)
//   3. browser journeys in headless Debian Chromium against the built console and a real server
//   4. static checks: the TypeScript type check and Biome's lint and format check, one result each
// Pass suite names (core, postgres, e2e, static) to run only those.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, '.test-results');
const chromium = process.env.TAIKAI_CHROMIUM ?? '/usr/bin/chromium';
const wanted = new Set(process.argv.slice(2));
const totals = { passed: 0, failed: 0, skipped: 0 };

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

function runVitest(name, projects, env = {}) {
  const outputFile = join(resultsDir, `${name}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`);
  console.log(`\n=== ${name}: vitest ${projects.join(', ')}`);
  const run = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (!existsSync(outputFile)) {
    console.log(`=== ${name}: the runner produced no results (exit ${run.status})`);
    totals.failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  // A file that fails to load has no tests of its own: count it as one failure so it cannot pass silently.
  const brokenFiles = report.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  );
  const failed = report.numFailedTests + brokenFiles.length;
  const skipped = report.numPendingTests + report.numTodoTests;
  totals.passed += report.numPassedTests;
  totals.failed += failed;
  totals.skipped += skipped;
  if (run.status !== 0 && failed === 0) totals.failed += 1;
  console.log(`=== ${name}: ${report.numPassedTests} passed, ${failed} failed, ${skipped} skipped`);
}

async function postgresUrl() {
  if (process.env.TAIKAI_TEST_DATABASE_URL) return process.env.TAIKAI_TEST_DATABASE_URL;
  const candidate = 'postgres://postgres@127.0.0.1:5432/postgres';
  try {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: candidate, connectionTimeoutMillis: 2000 });
    await client.connect();
    await client.end();
    return candidate;
  } catch {
    return undefined;
  }
}

function ensureChromium() {
  if (existsSync(chromium)) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Installing Debian chromium for the browser tests…');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit' });
  }
  return existsSync(chromium);
}

/** Runs `run(url)` on a new empty database of the PostgreSQL server at `serverUrl`, dropped afterwards. */
async function withFreshDatabase(serverUrl, run) {
  const { default: pg } = await import('pg');
  const name = `taikai_e2e_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** A whole command counted as one check. */
function runCheck(name, command, args) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const ok = run.status === 0;
  if (ok) totals.passed += 1;
  else totals.failed += 1;
  console.log(`=== ${name}: ${ok ? 'passed' : 'failed'}`);
}

const runs = (name) => wanted.size === 0 || wanted.has(name);
// Probed once: the API suite and the browser suite both run on it.
const pgUrl = runs('postgres') || runs('e2e') ? await postgresUrl() : undefined;

if (runs('core')) runVitest('core', ['protocol', 'engine', 'server', 'web']);

if (runs('postgres')) {
  if (pgUrl) runVitest('postgres', ['server'], { TAIKAI_TEST_DATABASE_URL: pgUrl });
  else
    console.log(
      '\n=== postgres: no PostgreSQL server reachable (set TAIKAI_TEST_DATABASE_URL); suite not run',
    );
}

if (runs('e2e')) {
  if (ensureChromium()) {
    runVitest('e2e', ['e2e'], { TAIKAI_CHROMIUM: chromium });
    // The same journeys with the server on PostgreSQL.
    if (pgUrl) {
      await withFreshDatabase(pgUrl, (databaseUrl) =>
        runVitest('e2e-postgres', ['e2e'], {
          TAIKAI_CHROMIUM: chromium,
          TAIKAI_E2E_DATABASE_URL: databaseUrl,
        }),
      );
    } else console.log('\n=== e2e-postgres: no PostgreSQL server reachable; suite not run');
  } else {
    console.log(`\n=== e2e: no Chromium at ${chromium} (apt-get install -y chromium); suite not run`);
    totals.failed += 1;
  }
}

if (runs('static')) {
  runCheck('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  runCheck('lint', 'npx', ['biome', 'check', '.']);
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
