import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { type Database, openPglite } from '../../src/db/client';
import { accountByEmail } from '../../src/domains/accounts/queries';
import { HANG_GUARD_MS } from '../support/hang-guard';

// The operator CLI as an operator runs it (`npm run taikai -- …`), against an embedded data folder.

const bin = join(dirname(fileURLToPath(import.meta.url)), '../../bin/taikai.mjs');
let dataDir: string;

function taikai(...args: string[]) {
  const run = spawnSync(process.execPath, [bin, ...args], {
    env: { ...process.env, TAIKAI_DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: HANG_GUARD_MS,
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'taikai-cli-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('operator CLI', () => {
  it('creates an account, grants currency, refuses taking more than held, denies creation, announces', async () => {
    const created = taikai('account', 'create', '--email', 'Op.Test@example.test', '--nickname', 'OpTest');
    expect(created.code, created.err).toBe(0);
    expect(created.out).toMatch(/account \d{8} \(internal id \d+\) created: op\.test@example\.test/);
    expect(created.out).toMatch(/password: \S{12,}/);

    const granted = taikai('account', 'grant', 'op.test@example.test', '120');
    expect(granted.out).toContain('now 120');
    const tooMuch = taikai('account', 'take', 'op.test@example.test', '500');
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.err).toContain('error 501');
    expect(taikai('account', 'deny-create', 'op.test@example.test').code).toBe(0);
    expect(taikai('announce', '--lang', 'en', '--title', 'Hello', '--content', 'Season one').code).toBe(0);
    const unknown = taikai('account', 'grant', 'nobody@example.test', '5');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('error 1002');

    const database: Database = await openPglite({ dataDir });
    try {
      const row = await accountByEmail(database.db, 'op.test@example.test');
      expect(row).toMatchObject({ nickname: 'OpTest', currency: 120, canCreate: false });
    } finally {
      await database.close();
    }
  });

  it('runs through the server while it holds the data folder; the log names the command, never its words', async () => {
    const server = spawn(process.execPath, [bin, 'serve'], {
      env: { ...process.env, TAIKAI_DATA_DIR: dataDir, DATABASE_URL: '', HOST: '127.0.0.1', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    try {
      await new Promise<void>((resolve, reject) => {
        server.stdout.on('data', (d) => {
          out += d;
          if (out.includes('taikai listening')) resolve();
        });
        server.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
      });
      const granted = taikai('account', 'grant', 'op.test@example.test', '5');
      expect(granted.code, granted.err).toBe(0);
      expect(granted.out).toContain('now 125');
      const password = taikai('account', 'password', 'op.test@example.test', '--password', 'Secret-Word-42');
      expect(password.code, password.err).toBe(0);
      // A refusal comes back with its code, as when the CLI runs alone.
      const tooMuch = taikai('account', 'take', 'op.test@example.test', '500');
      expect(tooMuch.code).toBe(1);
      expect(tooMuch.err).toContain('error 501');
    } finally {
      const gone = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await gone;
    }
    expect(out).toContain('"command":"account"');
    expect(out).not.toContain('Secret-Word-42');
    // The server is gone: the CLI opens the folder itself, and finds what the server wrote.
    expect(taikai('account', 'grant', 'op.test@example.test', '5').out).toContain('now 130');
  });

  it('explains its usage on an unknown command', () => {
    const res = taikai('frobnicate');
    expect(res.code).toBe(1);
    expect(res.err).toContain('unknown command: frobnicate');
    expect(res.err).toContain('account create');
  });
});

it('the config has embedded defaults', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, devOutbox: false, smtp: undefined });
  expect(config.dataDir.endsWith('.data')).toBe(true);
  expect(config.webDist.endsWith(join('packages', 'web', 'dist'))).toBe(true);
});
