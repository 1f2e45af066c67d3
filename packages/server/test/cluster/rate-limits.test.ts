import { ErrorCode } from '@taikai/protocol';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { type Cluster, type PrivateRedis, privateRedis, startCluster } from '../support/cluster';
import { type Answer, login } from './http';

// Per-address rate limits of the scaled mode: an address's calls count together whichever process serves them
// (the counters live in Redis), and a Redis outage neither hangs a call nor lifts the limits (each process then
// counts on its own until Redis is back).

const LIMIT = 4;
const ENV = { LOGIN_RATE_PER_IP: String(LIMIT), TRUST_PROXY: '1' };
const PREFIXES = ['/api', '/api/contest_gate/api'];

/** `count` logins from `from`, spread over `urls` in turn and over both URL prefixes. */
async function logins(urls: string[], from: string, count: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < count; i++) {
    const prefix = PREFIXES[Math.floor(i / urls.length) % PREFIXES.length];
    answers.push(
      await login(urls[i % urls.length], 'nobody@example.test', 'wrong-Passw0rd', { prefix, from }),
    );
  }
  return answers;
}

function expectRefused(answer: Answer) {
  expect(answer.status).toBe(429);
  expect(answer.body.error.code).toBe(ErrorCode.LOGIN_TOO_OFTEN);
}

describe('on the shared Redis', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster({ processes: 2, env: ENV });
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('logins from one address over two processes and both prefixes are counted together: the next is 429', async () => {
    onTestFailed(() => console.log(cluster.logs()));
    const answers = await logins(cluster.urls, '203.0.113.7', LIMIT + 2);
    for (const allowed of answers.slice(0, LIMIT)) expect(allowed.status).not.toBe(429);
    for (const refused of answers.slice(LIMIT)) expectRefused(refused);
    // Another address has a bucket of its own.
    const other = await logins(cluster.urls, '203.0.113.8', 1);
    expect(other[0].status).not.toBe(429);
    // The counters are the deployment's keys in Redis.
    const redis = new Redis(cluster.redis?.url ?? '');
    try {
      const keys = await redis.keys(`${cluster.redis?.prefix}:rate:*`);
      expect(keys.sort()).toEqual([
        `${cluster.redis?.prefix}:rate:203.0.113.7login`,
        `${cluster.redis?.prefix}:rate:203.0.113.8login`,
      ]);
    } finally {
      redis.disconnect();
    }
    // The count outlives a process: killed and started again, it still refuses that address.
    await cluster.kill(1);
    expect((await cluster.processes[1].exited()).signal).toBe('SIGKILL');
    await cluster.restart(1);
    expectRefused((await logins([cluster.urls[1]], '203.0.113.7', 1))[0]);
  });
});

describe('when Redis goes away and comes back', () => {
  let redis: PrivateRedis;
  let cluster: Cluster;
  beforeAll(async () => {
    redis = await privateRedis();
    cluster = await startCluster({ processes: 2, env: ENV, redis: redis.url });
  });
  afterAll(async () => {
    try {
      // A failed test may leave Redis down: the cluster's keys are deleted there.
      await redis?.start();
      await cluster?.stop();
    } finally {
      await redis?.stop();
    }
  });

  it('each process counts on its own while it is away, and they count together again once it is back', async () => {
    onTestFailed(() => console.log(cluster.logs()));
    const [first, second] = cluster.urls;
    await redis.stop();
    // One process alone: the limit holds there, answered at once rather than waiting for Redis.
    const alone = await logins([first], '198.51.100.1', LIMIT + 1);
    for (const allowed of alone.slice(0, LIMIT)) expect(allowed.status).not.toBe(429);
    expectRefused(alone[LIMIT]);
    await cluster.processes[0].logLine(/rate limits: .*this process counts on its own/);
    // The other process has not seen those calls.
    expect((await logins([second], '198.51.100.1', 1))[0].status).not.toBe(429);

    // Back (empty: it keeps nothing on disk). Each process counts in Redis again once its connection is back:
    // probe each with an address of its own until it says so.
    const marks = cluster.processes.map((p) => p.mark());
    await redis.start();
    for (const [i, p] of cluster.processes.entries()) {
      let back = false;
      const said = p.logLine(/rate limits: counting in Redis again/, marks[i]).then(() => {
        back = true;
      });
      while (!back) await login(p.url, 'probe@example.test', 'x', { from: `192.0.2.${i + 1}` });
      await said;
    }
    const together = await logins(cluster.urls, '198.51.100.2', LIMIT + 1);
    for (const allowed of together.slice(0, LIMIT)) expect(allowed.status).not.toBe(429);
    expectRefused(together[LIMIT]);
  });
});
