import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One migrated database template per run (PGlite, and PostgreSQL when TAIKAI_TEST_DATABASE_URL is set);
    // every test file starts from a copy of it.
    globalSetup: ['test/support/global-setup.ts'],
    // Tests wait for events; these bounds only stop a test that hangs, far above any run on a loaded machine.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
