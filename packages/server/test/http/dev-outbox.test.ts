import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { HANG_GUARD_MS } from '../support/hang-guard';
import { startWorld } from '../support/world';

// The dev outbox serves every verification code to anyone who asks: it runs only where nobody else can ask.

const bin = join(dirname(fileURLToPath(import.meta.url)), '../../bin/taikai.mjs');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function serve(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'taikai-outbox-'));
  dirs.push(dataDir);
  const run = spawnSync(process.execPath, [bin, 'serve'], {
    env: { ...process.env, DATABASE_URL: '', PORT: '0', TAIKAI_DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
    timeout: HANG_GUARD_MS,
  });
  return { code: run.status, err: run.stderr, dataDir };
}

describe('TAIKAI_DEV_OUTBOX=1', () => {
  it('refuses to start unless the server listens on loopback only, and opens nothing', () => {
    const hosts: Record<string, string>[] = [
      {},
      { HOST: '0.0.0.0' },
      { HOST: '::' },
      { HOST: '192.168.1.20' },
    ];
    for (const env of hosts) {
      const res = serve({ TAIKAI_DEV_OUTBOX: '1', ...env });
      expect(res.code, JSON.stringify(env)).toBe(1);
      expect(res.err).toContain('TAIKAI_DEV_OUTBOX=1');
      expect(res.err).toContain('HOST=127.0.0.1, ::1 or localhost');
      expect(existsSync(join(res.dataDir, 'pg'))).toBe(false);
    }
  });

  it('refuses to start behind a reverse proxy', () => {
    const res = serve({ TAIKAI_DEV_OUTBOX: '1', HOST: '127.0.0.1', TRUST_PROXY: '1' });
    expect(res.code).toBe(1);
    expect(res.err).toContain('TRUST_PROXY=1');
  });

  it('on loopback it serves the outbox and warns loudly in the log; mail files are the owner’s only', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const world = await startWorld({ HOST: '::1', LOG_LEVEL: 'warn' }, { logStream });
    try {
      expect(lines.join('')).toMatch(/"level":40.*TAIKAI_DEV_OUTBOX=1: every verification code is served/);
      await world.post('/api/send_code', { email: 'own@example.test', purpose: 'register' });
      expect((await world.lastMail('own@example.test'))?.code).toMatch(/^\d{6}$/);

      const outbox = join(world.config.dataDir, 'outbox');
      expect(statSync(outbox).mode & 0o777).toBe(0o700);
      const files = readdirSync(outbox);
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) expect(statSync(join(outbox, f)).mode & 0o777).toBe(0o600);
    } finally {
      await world.close();
    }
  });
});
