import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One migrated database template per run (PGlite, and PostgreSQL when TAIKAI_TEST_DATABASE_URL is set);
    // every test file starts from a copy of it.
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
