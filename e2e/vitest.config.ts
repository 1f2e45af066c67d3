import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // Steps wait for what the page or the server shows; these bounds only stop a journey that hangs, far above
    // any run on a loaded machine.
    testTimeout: 900_000,
    hookTimeout: 900_000,
    fileParallelism: false,
  },
});
