// Builds the two pages into one folder (`--outDir`, default dist), each on its own so neither shapes the other's
// chunks: the console (index.html, with the players' pages as lazy routes), then a game's table opened directly
// (table.html), which loads none of the console's script. The server answers table.html for /play/game/<uuid>.
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const args = process.argv.slice(2);
const at = args.indexOf('--outDir');
const outDir = at >= 0 ? args[at + 1] : 'dist';
const root = fileURLToPath(new URL('.', import.meta.url));

await build({ root, build: { outDir, emptyOutDir: true } });
await build({
  root,
  build: {
    outDir,
    emptyOutDir: false,
    rollupOptions: { input: fileURLToPath(new URL('table.html', import.meta.url)) },
  },
});
