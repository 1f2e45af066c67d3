import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { lockDataDir } from '../../src/db/data-lock';

const lockModule = join(dirname(fileURLToPath(import.meta.url)), '../../src/db/data-lock.ts');
const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'taikai-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A live process that is not taikai. */
function unrelatedProcess(): ChildProcess {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

/** Another process that opens the data folder the way the server does, and holds it until killed. */
function holderProcess(dir: string): Promise<ChildProcess> {
  const script = `import(${JSON.stringify(lockModule)}).then((m) => { m.lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000); });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      if (String(d).includes('locked')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
}

it('a data folder held by another live taikai process is refused, with that process named', async () => {
  const dir = tempDir();
  const holder = await holderProcess(dir);
  expect(readFileSync(join(dir, 'taikai.pid'), 'utf8')).toMatch(new RegExp(`^${holder.pid} \\d+$`));
  expect(() => lockDataDir(dir)).toThrow(`in use by process ${holder.pid}; stop it first`);

  const gone = new Promise((r) => holder.once('exit', r));
  holder.kill('SIGKILL');
  await gone;
  lockDataDir(dir)();
});

it('a stale lock naming a live process that is not taikai does not block', () => {
  const dir = tempDir();
  const other = unrelatedProcess();
  writeFileSync(join(dir, 'taikai.pid'), String(other.pid));
  const release = lockDataDir(dir);
  expect(readFileSync(join(dir, 'taikai.pid'), 'utf8')).toMatch(new RegExp(`^${process.pid} \\d+$`));
  release();
});

it('a stale lock whose pid now belongs to a process started later does not block', () => {
  const dir = tempDir();
  // The test runner's parent is alive and a Node process, but did not start at the recorded time.
  writeFileSync(join(dir, 'taikai.pid'), `${process.ppid} 1`);
  lockDataDir(dir)();
});

it('a lock left by a dead process is taken over, and released on close', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'taikai.pid'), '999999999');
  const release = lockDataDir(dir);
  release();
  const again = lockDataDir(dir);
  again();
});
