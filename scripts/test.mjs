#!/usr/bin/env node
// Runs every test suite of taikai and closes with one line "N passed, N failed, N skipped".
//   core          unit and API tests on the embedded database (PGlite): protocol, engine, server, web
//   postgres      the API suite again on PostgreSQL (TAIKAI_TEST_DATABASE_URL, or a local server at 127.0.0.1:5432),
//                 in the scaled mode when a Redis answers (TAIKAI_TEST_REDIS_URL, or 127.0.0.1:6379), and then the
//                 tests with several real server processes (cluster)
//   e2e           browser journeys in headless Debian Chromium against the built console and a real server,
//                 on PGlite, then those listed in E2E_ON_BOTH_DATABASES again on a fresh PostgreSQL database
//                 (e2e-postgres)
//   static        the TypeScript type check, Biome's lint and format check and the import-circle check, one
//                 result each
// Pass suite names (core, postgres, e2e, static) to run only those.
//
// The suites run in two lanes of about equal length at once (see the lanes at the end): the browser journeys, which
// mostly wait on the server and Chromium, each beside test suites that keep a core busy.
// Each suite writes its output to .test-results/<name>.log; the whole log is printed when that suite ends, so the
// outputs never interleave.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, '.test-results');
const chromium = process.env.TAIKAI_CHROMIUM ?? '/usr/bin/chromium';
const wanted = new Set(process.argv.slice(2));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Every failure by name ("suite: file › test"), repeated at the end so a log's last lines say what failed. */
const failures = [];
const durations = [];

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

function seconds(ms) {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

/**
 * Runs one command with its output in .test-results/<name>.log, prints that log when it ends and resolves to
 * the exit status (null when it could not start or was killed).
 */
function runLogged(name, command, args, env = {}) {
  const logFile = join(resultsDir, `${name}.log`);
  const fd = openSync(logFile, 'w');
  const started = Date.now();
  console.log(`=== ${name}: started, output in .test-results/${name}.log`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', fd, fd],
      env: { ...process.env, ...env },
    });
    let failedToStart;
    child.on('error', (err) => {
      failedToStart = err;
    });
    child.on('close', (status) => {
      closeSync(fd);
      durations.push(`${name} ${seconds(Date.now() - started)}`);
      console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
      process.stdout.write(readFileSync(logFile, 'utf8'));
      if (failedToStart) console.log(`=== ${name}: could not start: ${failedToStart.message}`);
      resolve(failedToStart ? null : status);
    });
  });
}

/** The first lines of a failed test's first message (colour codes removed), indented under its name. */
function reasonOf(messages) {
  const first = (messages ?? [])[0];
  if (!first) return '';
  const lines = first
    // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(0, 6);
  return lines.map((line) => `\n      ${line.slice(0, 300)}`).join('');
}

async function runVitest(name, projects, env = {}, extra = []) {
  const outputFile = join(resultsDir, `${name}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...extra];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`);
  const status = await runLogged(name, 'npx', args, env);
  if (!existsSync(outputFile)) {
    console.log(`=== ${name}: the runner produced no results (exit ${status})`);
    totals.failed += 1;
    failures.push(`${name}: no results (exit ${status})`);
    return;
  }
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  // A file that fails to load has no tests of its own: count it as one failure so it cannot pass silently.
  const brokenFiles = report.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  );
  const failed = report.numFailedTests + brokenFiles.length;
  for (const file of report.testResults) {
    const where = relative(process.cwd(), file.name);
    if (file.status === 'failed' && file.assertionResults.length === 0)
      failures.push(`${name}: ${where} (did not load)`);
    for (const test of file.assertionResults) {
      if (test.status === 'failed')
        failures.push(`${name}: ${where} › ${test.fullName ?? test.title}${reasonOf(test.failureMessages)}`);
    }
  }
  const skipped = report.numPendingTests + report.numTodoTests;
  totals.passed += report.numPassedTests;
  totals.failed += failed;
  totals.skipped += skipped;
  if (status !== 0 && failed === 0) {
    totals.failed += 1;
    failures.push(`${name}: the runner exited ${status}`);
  }
  console.log(`=== ${name}: ${report.numPassedTests} passed, ${failed} failed, ${skipped} skipped`);
}

/** A whole command counted as one check. */
async function runCheck(name, command, args, env = {}) {
  const ok = (await runLogged(name, command, args, env)) === 0;
  if (ok) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(`${name}: ${command} ${args.join(' ')}`);
  }
  console.log(`=== ${name}: ${ok ? 'passed' : 'failed'}`);
  return ok;
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

/** The Redis of the scaled-mode tests: TAIKAI_TEST_REDIS_URL, or a local server at 127.0.0.1:6379 that answers. */
async function testRedisUrl() {
  if (process.env.TAIKAI_TEST_REDIS_URL) return process.env.TAIKAI_TEST_REDIS_URL;
  const candidate = 'redis://127.0.0.1:6379';
  const { Redis } = await import('ioredis');
  const client = new Redis(candidate, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return candidate;
  } catch {
    return undefined;
  } finally {
    client.disconnect();
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
    await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * The browser journeys run on PostgreSQL as well as on the embedded database: those where the game host, the
 * season's event stream and multi-row transactions meet under real concurrent connections.
 *   games           tables started from plans and the auto-match, live progress over the stream, records, terminate
 *   rankings        rankings recounted from records written by running tables, fresh through the stream
 *   teams           the xlsx import in one transaction, team changes announced live, the team ranking
 *   season-journey  a season's whole life: sign-up review, roster, blacklist, ending it
 */
const E2E_ON_BOTH_DATABASES = [
  'e2e/games.test.ts',
  'e2e/rankings.test.ts',
  'e2e/teams.test.ts',
  'e2e/season-journey.test.ts',
];

const runs = (name) => wanted.size === 0 || wanted.has(name);
// Probed once: the API suite and the browser suite both run on it.
const pgUrl = runs('postgres') || runs('e2e') ? await postgresUrl() : undefined;
const redisUrl = pgUrl ? await testRedisUrl() : undefined;
if (pgUrl && !redisUrl)
  console.log(
    '\nNo Redis answers at 127.0.0.1:6379 (set TAIKAI_TEST_REDIS_URL, or start redis-server): the PostgreSQL runs ' +
      'use one process without Redis, and the several-processes tests (server test/cluster) do not run.',
  );
/** What the PostgreSQL runs need besides the database: the scaled mode's Redis, when there is one. */
const scaledEnv = { TAIKAI_TEST_REDIS_URL: redisUrl ?? '' };

// Beside the browser journeys, one test worker per suite: the browser, its server and the tests then each have a
// core (two workers here made the whole run slower).
const workers = runs('e2e') ? ['--maxWorkers=1'] : [];

async function coreServer() {
  // On the embedded database, even when the caller names a PostgreSQL server for the suite below (.ci/run does).
  if (runs('core')) await runVitest('core-server', ['server'], { TAIKAI_TEST_DATABASE_URL: '' }, workers);
}

async function coreUnits() {
  if (runs('core')) await runVitest('core', ['protocol', 'engine', 'web'], {}, workers);
}

async function postgresSuite() {
  if (!runs('postgres')) return;
  // The several-processes files run beside, in the other lane (clusterSuite).
  if (pgUrl)
    await runVitest('postgres', ['server'], { TAIKAI_TEST_DATABASE_URL: pgUrl, ...scaledEnv }, [
      ...workers,
      '--exclude',
      'test/cluster/**',
    ]);
  else
    console.log(
      '\n=== postgres: no PostgreSQL server reachable (set TAIKAI_TEST_DATABASE_URL); suite not run',
    );
}

/** The server's tests with several real server processes on PostgreSQL and Redis (part of the postgres suite). */
async function clusterSuite() {
  if (!runs('postgres') || !pgUrl || !redisUrl) return;
  await runVitest('cluster', ['server'], { TAIKAI_TEST_DATABASE_URL: pgUrl, ...scaledEnv }, [
    ...workers,
    'test/cluster/',
  ]);
}

async function staticChecks() {
  if (!runs('static')) return;
  await runCheck('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  await runCheck('lint', 'npx', ['biome', 'check', '.']);
  await runCheck('import-circles', 'node', ['scripts/import-cycles.mjs']);
}

const e2eEnv = { TAIKAI_CHROMIUM: chromium, TAIKAI_E2E_SKIP_BUILD: '1' };

/** Chromium and the production build of the console, once for both browser suites; false when either failed. */
async function prepareBrowserSuites() {
  if (!runs('e2e')) return false;
  if (!ensureChromium()) {
    console.log(`\n=== e2e: no Chromium at ${chromium} (apt-get install -y chromium); suite not run`);
    totals.failed += 1;
    return false;
  }
  // Built once for production (the runs copy it, TAIKAI_E2E_SKIP_BUILD); a failed build fails the suite.
  const built =
    (await runLogged('console-build', 'npm', ['run', 'build', '-w', '@taikai/web'], {
      NODE_ENV: 'production',
    })) === 0;
  if (!built) {
    console.log('=== console-build: failed; browser suites not run');
    totals.failed += 1;
  }
  return built;
}

/**
 * The journeys whose server work depends on the database beyond single calls, again with the server on
 * PostgreSQL (screenshots and server log of their own). Every call is already run on PostgreSQL by the API suite;
 * the pages alone do not change with the database.
 */
async function e2ePostgres() {
  if (!pgUrl) {
    console.log('\n=== e2e-postgres: no PostgreSQL server reachable; suite not run');
    return;
  }
  try {
    await withFreshDatabase(pgUrl, (databaseUrl) =>
      runVitest(
        'e2e-postgres',
        ['e2e'],
        {
          ...e2eEnv,
          ...scaledEnv,
          TAIKAI_E2E_DATABASE_URL: databaseUrl,
          TAIKAI_E2E_ARTIFACTS: 'e2e/screenshots/postgres',
        },
        E2E_ON_BOTH_DATABASES,
      ),
    );
  } catch (err) {
    console.log(`\n=== e2e-postgres: ${err.message}`);
    totals.failed += 1;
  }
}

// Two lanes of about equal length (minutes on the 2-core machine, quiet): the console build, the browser journeys
// (13) and the PostgreSQL API suite (8) beside the server tests on PGlite (10), the other unit tests (5), the
// several-processes tests (3), the journeys on PostgreSQL (3) and the static checks (1). The journeys on PostgreSQL
// wait for the build.
const browsersReady = prepareBrowserSuites();
const laneA = async () => {
  if (await browsersReady) await runVitest('e2e', ['e2e'], e2eEnv);
  await postgresSuite();
};
const laneB = async () => {
  await coreServer();
  await coreUnits();
  await clusterSuite();
  if (await browsersReady) await e2ePostgres();
  await staticChecks();
};
await Promise.all([laneA(), laneB()]);

if (durations.length > 0) console.log(`\n=== took: ${durations.join(', ')}`);
if (failures.length > 0) console.log(`\n=== failed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
