import { defineProject } from 'vitest/config';

export default defineProject({
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Tests wait for events; this bound only stops a test that hangs, far above any run on a loaded machine.
    testTimeout: 600_000,
  },
});
