import { configDefaults, defineProject } from 'vitest/config';

/**
 * Files about the embedded database alone (its data-folder lock, and the operator CLI on a data folder): they run
 * the same whatever database the API tests use, so the PostgreSQL run of the suite leaves them out.
 */
const EMBEDDED_ONLY = [
  'test/db/data-lock.test.ts',
  'test/cli/operator-cli.test.ts',
  'test/contests/operator-cli.test.ts',
];

/**
 * Files about several real server processes on one PostgreSQL and one Redis: the scaled mode has no embedded
 * database, so only the PostgreSQL run of the suite has them, and only with a Redis (TAIKAI_TEST_REDIS_URL).
 */
const POSTGRES_ONLY = ['test/cluster/**'];

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.TAIKAI_TEST_DATABASE_URL ? EMBEDDED_ONLY : POSTGRES_ONLY),
      ...(process.env.TAIKAI_TEST_REDIS_URL ? [] : POSTGRES_ONLY),
    ],
    // One migrated database template per run (PGlite, and PostgreSQL when TAIKAI_TEST_DATABASE_URL is set);
    // every test file starts from a copy of it.
    globalSetup: ['test/support/global-setup.ts'],
    // Tests wait for events; these bounds only stop a test that hangs, far above any run on a loaded machine.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
