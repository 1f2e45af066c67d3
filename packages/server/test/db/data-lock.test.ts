import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { lockDataDir } from '../../src/db/data-lock';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'taikai-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

it('a data folder held by a live process is refused, with that process named', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'taikai.pid'), String(process.ppid));
  expect(() => lockDataDir(dir)).toThrow(`in use by process ${process.ppid}`);
});

it('a lock left by a dead process is taken over, and released on close', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'taikai.pid'), '999999999');
  const release = lockDataDir(dir);
  release();
  const again = lockDataDir(dir);
  again();
});
