import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (the npm workspace root). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Where the built console lives; the server serves it. */
export const webDist = resolve(repoRoot, 'packages/web/dist');
/** Screenshots and logs of a run (gitignored). */
export const artifactsDir = resolve(repoRoot, 'e2e/screenshots');
