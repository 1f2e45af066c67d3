import { ErrorCode } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { type Cluster, type PrivatePostgres, privatePostgres, startCluster } from '../support/cluster';
import { type Answer, call, login } from './http';

// A PostgreSQL restart under a running server (a PostgreSQL of the test's own, stopped and started again): while
// it is down every call that needs the database answers at once with a clear error, the server keeps running,
// and once PostgreSQL is back the same server answers again, sessions and all. Its readiness probe follows:
// /readyz answers 503 naming the database while it is down, and 200 again once it is back; /healthz stays 200.

/** Polls /readyz until `until` holds for its answer (the test's own time limit only stops a hang). */
async function readyz(url: string, until: (answer: Answer) => boolean): Promise<Answer> {
  for (;;) {
    const answer = await call(url, 'GET', 'readyz', { prefix: '' });
    if (until(answer)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const EMAIL = 'restart@example.test';
const PASSWORD = 'restart-Passw0rd';

describe.each([
  { mode: 'one process', redis: false as const },
  { mode: 'one process of the scaled mode (Redis)', redis: undefined },
])('PostgreSQL restarts under $mode', ({ redis }) => {
  let postgres: PrivatePostgres;
  let cluster: Cluster;

  beforeAll(async () => {
    postgres = await privatePostgres();
    cluster = await startCluster({ processes: 1, redis, postgres: postgres.url });
    await cluster.cli(
      'account',
      'create',
      '--email',
      EMAIL,
      '--nickname',
      'restarter',
      '--password',
      PASSWORD,
    );
  });
  afterAll(async () => {
    try {
      // A failed test may leave PostgreSQL down: the cluster's database is dropped there.
      if (postgres && !postgres.running) await postgres.start();
      await cluster?.stop();
    } finally {
      await postgres?.remove();
    }
  });

  it('calls answer 503 with code 1 while it is down, and succeed again once it is back', async () => {
    onTestFailed(() => console.log(cluster.logs()));
    const [url] = cluster.urls;
    const session = await login(url, EMAIL, PASSWORD);
    expect(session.status).toBe(200);
    const token: string = session.body.data.token;
    const before = await call(url, 'GET', 'fetch_account_info', { token });
    expect(before.status).toBe(200);
    const ready = await call(url, 'GET', 'readyz', { prefix: '' });
    expect(ready.status, JSON.stringify(ready.body)).toBe(200);
    expect(ready.body.checks.redis).toBe(redis === false ? undefined : 'ok');
    // A logout tells the other processes over PostgreSQL (NOTIFY): that connection too sees the restart.
    const other: string = (await login(url, EMAIL, PASSWORD)).body.data.token;
    expect((await call(url, 'POST', 'logout', { token: other, prefix: '/api' })).status).toBe(200);

    await postgres.stop();
    const whileDown = [
      () => call(url, 'GET', 'fetch_account_info', { token }),
      () => login(url, EMAIL, PASSWORD),
      () => call(url, 'GET', 'fetch_contest_list', { token }),
    ];
    for (const attempt of whileDown) {
      const started = performance.now();
      const res = await attempt();
      const ms = performance.now() - started;
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body.error.code).toBe(ErrorCode.SYSTEM_ERROR);
      // Refused at once (the port is closed), not waited out: far below the pool's connect timeout.
      expect(ms).toBeLessThan(5000);
    }
    // What needs no database still answers.
    expect((await call(url, 'GET', 'server_time')).status).toBe(200);
    // Not ready, naming the database; the process itself lives.
    const notReady = await readyz(url, (a) => a.status !== 200);
    expect(notReady.status, JSON.stringify(notReady.body)).toBe(503);
    expect(notReady.body.status).toBe('not ready');
    expect(['unavailable', 'timeout']).toContain(notReady.body.checks.database);
    expect((await call(url, 'GET', 'healthz', { prefix: '' })).body).toEqual({ status: 'ok' });
    expect(cluster.processes[0].running).toBe(true);

    await postgres.start();
    const readyAgain = await readyz(url, (a) => a.status === 200);
    expect(readyAgain.body.checks).toMatchObject({ database: 'ok', migrations: 'ok' });
    const after = await call(url, 'GET', 'fetch_account_info', { token });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(after.body.data).toEqual(before.body.data);
    expect((await login(url, EMAIL, PASSWORD)).status).toBe(200);
    expect(cluster.processes[0].running).toBe(true);
  });
});
