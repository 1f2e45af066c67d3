import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../support/world';

// Login protection under parallel requests (PostgreSQL runs them truly in parallel; PGlite serialises).

let world: World;
beforeAll(async () => {
  world = await startWorld({ LOGIN_FAILURES_PER_ACCOUNT: '10' });
});
afterAll(() => world.close());

const login = (body: Record<string, unknown>, ip?: string) =>
  world.post('/api/login', body, ip ? { headers: { 'x-forwarded-for': ip } } : {});

async function loginCode(email: string): Promise<string> {
  await world.post('/api/send_code', { email, purpose: 'login' });
  return (await world.lastMail(email))!.code!;
}

describe('login protection in parallel', () => {
  it('30 parallel wrong passwords: at most 10 are checked, the rest answer 1028', async () => {
    const org = await world.organiser();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        login({ account: org.account.email, password: 'wrong-pass', type: 0 }),
      ),
    );
    const codes = answers.map((a) => a.body.error?.code);
    expect(codes.filter((c) => c === 1003).length).toBeLessThanOrEqual(10);
    expect(codes.filter((c) => c === 1028).length).toBeGreaterThanOrEqual(20);
    expect(codes.every((c) => c === 1003 || c === 1028)).toBe(true);
  });

  it('one login code used 10 times in parallel opens exactly one session', async () => {
    const org = await world.organiser();
    const code = await loginCode(org.account.email);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => login({ account: org.account.email, code, type: 0 })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.error?.code === 116)).toHaveLength(9);
  });

  it('9 parallel wrong guesses and the right code: at most 5 guesses are ever checked', async () => {
    for (let run = 0; run < 3; run++) {
      const org = await world.organiser();
      const code = await loginCode(org.account.email);
      const wrong = code === '000000' ? '111111' : '000000';
      const answers = await Promise.all([
        ...Array.from({ length: 9 }, () => login({ account: org.account.email, code: wrong, type: 0 })),
        login({ account: org.account.email, code, type: 0 }),
      ]);
      const rows = await world.database.db.execute(
        `select attempts from verification_codes where email = '${org.account.email}'`,
      );
      const left = (rows as unknown as { rows: { attempts: number }[] }).rows;
      // The right code either won one of the five guesses (and is used up) or came too late.
      if (answers[9].status === 200) expect(left).toEqual([]);
      else expect(left).toEqual([{ attempts: 5 }]);
      // Once five guesses are taken, the right code opens nothing.
      const after = await login({ account: org.account.email, code, type: 0 });
      expect(after.status).not.toBe(200);
    }
  });

  it('a registration code used in parallel creates one account', async () => {
    const email = 'race@example.test';
    await world.post('/api/send_code', { email, purpose: 'register' });
    const code = (await world.lastMail(email))!.code;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        world.post('/api/register', { email, password: 'hunter22', nickname: `Racer${i}`, code }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  });
});

describe('a lock-out is not handed to an attacker', () => {
  it('failures from one address refuse that address only; the owner elsewhere still logs in', async () => {
    const proxied = await startWorld({
      TRUST_PROXY: '1',
      LOGIN_FAILURES_PER_ACCOUNT: '3',
      TAIKAI_DEV_OUTBOX: '',
    });
    try {
      const org = await proxied.organiser();
      const from = (ip: string, password: string) =>
        proxied.post(
          '/api/login',
          { account: org.account.email, password, type: 0 },
          { headers: { 'x-forwarded-for': ip } },
        );
      for (let i = 0; i < 3; i++) await from('203.0.113.9', 'guess-guess');
      expect((await from('203.0.113.9', org.account.password)).body.error.code).toBe(1028);
      expect((await from('198.51.100.20', org.account.password)).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('from many addresses together, the global bound applies to passwords and keys, not to mailed codes', async () => {
    const proxied = await startWorld({
      TRUST_PROXY: '1',
      LOGIN_FAILURES_PER_ACCOUNT: '3',
      LOGIN_FAILURES_PER_ACCOUNT_GLOBAL: '5',
      TAIKAI_DEV_OUTBOX: '',
    });
    try {
      const org = await proxied.organiser();
      for (let i = 0; i < 6; i++) {
        await proxied.post(
          '/api/login',
          { account: org.account.email, password: 'guess-guess', type: 0 },
          { headers: { 'x-forwarded-for': `203.0.113.${i}` } },
        );
      }
      const owner = await proxied.post(
        '/api/login',
        { account: org.account.email, password: org.account.password, type: 0 },
        { headers: { 'x-forwarded-for': '198.51.100.20' } },
      );
      expect(owner.body.error.code).toBe(1028);
    } finally {
      await proxied.close();
    }
  });
});

describe('per-address limits', () => {
  it('count both path prefixes together', async () => {
    const limited = await startWorld({ LOGIN_RATE_PER_IP: '4' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const path = i % 2 ? '/api/contest_gate/api/login' : '/api/login';
        statuses.push((await limited.post(path, { account: 'x@example.test', password: 'whatever' })).status);
      }
      expect(statuses.slice(0, 4)).not.toContain(429);
      expect(statuses.slice(4)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('answer timing', () => {
  it('an unknown e-mail answers no sooner than a known one with a wrong password', async () => {
    const org = await world.organiser();
    const time = async (account: string) => {
      const started = performance.now();
      await login({ account, password: 'wrong-pass', type: 0 }, '192.0.2.1');
      return performance.now() - started;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 9; i++) {
      known.push(await time(org.account.email));
      unknown.push(await time(`ghost${i}@example.test`));
    }
    // Both pay for one password check (tens of ms); before, the unknown one answered about 6 times faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });
});
