import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A stand-in for the built console: index.html, the table's page (table.html) and one asset, in a temporary folder
 * the caller removes.
 */
export function fakeConsoleBuild(): string {
  const webDist = mkdtempSync(join(tmpdir(), 'taikai-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>taikai console</title>');
  writeFileSync(join(webDist, 'table.html'), '<!doctype html><title>taikai table</title>');
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'main.js'), 'console.log(1)');
  return webDist;
}
