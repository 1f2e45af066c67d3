import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (the npm workspace root). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Where the built console lives; the server serves it. */
export const webDist = resolve(repoRoot, 'packages/web/dist');
/**
 * Screenshots and logs of a run (gitignored): TAIKAI_E2E_ARTIFACTS, relative to the repository root, or
 * e2e/screenshots. Two runs at once (one per database) each need their own.
 */
export const artifactsDir = resolve(repoRoot, process.env.TAIKAI_E2E_ARTIFACTS || 'e2e/screenshots');
