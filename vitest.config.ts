import { defineConfig } from 'vitest/config';

// Each workspace package is its own vitest project; scripts/test.mjs picks which ones a run includes.
export default defineConfig({
  test: {
    projects: ['packages/protocol', 'packages/engine', 'packages/server', 'packages/web', 'e2e'],
  },
});
