import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'protocol',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Tests wait for events; this bound only stops a test that hangs, far above any run on a loaded machine.
    testTimeout: 600_000,
  },
});
