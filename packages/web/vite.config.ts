import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const rootPackage = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'),
) as { version: string };

// The dev server forwards API calls to a taikai server (TAIKAI_API, default http://127.0.0.1:3000).
const apiTarget = process.env.TAIKAI_API ?? 'http://127.0.0.1:3000';

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
    // Dependencies choose their production code by NODE_ENV; tools loaded during the build may set it to
    // "development" when it is unset, so the build states it from the mode.
    'process.env.NODE_ENV': JSON.stringify(mode === 'production' ? 'production' : 'development'),
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The console's page; build.mjs builds a game's table (table.html) on its own into the same folder.
    chunkSizeWarningLimit: 800,
  },
}));
