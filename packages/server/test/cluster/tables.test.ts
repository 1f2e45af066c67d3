import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { type Cluster, type PrivateRedis, privateRedis, startCluster } from '../support/cluster';
import { PlayerClient } from '../support/table-player';
import { call } from './http';
import {
  createAccounts,
  createAccountsWithIds,
  ENV,
  holdInHand,
  loginAt,
  readyAt,
  recordsOf,
  runningSeason,
} from './seasons';

// The scaled mode with real processes: tables placed on any process through the queue, players whose links sit on
// other processes than their tables, a process killed mid-game (its tables resume on the others, every game ends
// with exactly one record), and Redis restarted mid-game (the cluster carries on).

/** Which process took each table, from the processes' logs ("table taken"). */
function tablesTaken(cluster: Cluster): Map<string, number[]> {
  const taken = new Map<string, number[]>();
  for (const p of cluster.processes) {
    for (const line of p.output.split('\n')) {
      if (!line.includes('table taken')) continue;
      const uuid = (JSON.parse(line) as { game: string }).game;
      taken.set(uuid, [...(taken.get(uuid) ?? []), p.index]);
    }
  }
  return taken;
}

describe('several processes, one of them killed', () => {
  const TABLES = 30;
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster({ processes: 3, env: ENV });
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('kill -9 of a process mid-game: its tables resume elsewhere, links reconnect, one record per game', async () => {
    onTestFailed(() => console.log(cluster.logs(120)));
    const emails = await createAccounts(cluster, TABLES + 1);
    await cluster.cli('account', 'grant', emails[0], '600');
    const urls = cluster.urls;
    const org = await loginAt(urls[0], emails[0]);
    const players = await Promise.all(emails.slice(1).map((e, i) => loginAt(urls[i % urls.length], e)));
    const season = await runningSeason(urls[1], org, players);

    // Each player's link on a process in turn; each table planned on another; they keep their tables waiting in
    // their second hand.
    const clients = await Promise.all(players.map((p, i) => readyAt(urls[i % urls.length], p, season)));
    for (const c of clients) c.holdWhen = holdInHand(1);
    for (const [i, p] of players.entries()) {
      const planned = await call(urls[(i + 1) % urls.length], 'POST', 'create_game_plan', {
        token: org.token,
        body: { ...season, account_list: [p.id, 0, 0, 0], remark: `table ${i}` },
      });
      expect(planned.body.error).toBeUndefined();
    }
    const games = await Promise.all(
      clients.map(
        async (c) => (await c.until((ms) => ms.find((m) => m.op === 'game_start'))).game_uuid as string,
      ),
    );
    expect(new Set(games).size).toBe(TABLES);
    await Promise.all(clients.map((c) => c.until(() => (c.held ? true : undefined))));

    // Every table runs on exactly one process; the busiest is killed.
    const before = tablesTaken(cluster);
    for (const uuid of games) expect(before.get(uuid)).toHaveLength(1);
    const load = [0, 1, 2].map((i) => games.filter((g) => before.get(g)?.[0] === i).length);
    console.info(`tables per process before the kill: ${load.join(', ')}`);
    const victim = load.indexOf(Math.max(...load));
    const orphans = games.filter((g) => before.get(g)?.[0] === victim);
    // Writes go on through every process while one dies: each one acknowledged is kept.
    const newcomers = await createAccountsWithIds(cluster, 24, 'late');
    const acknowledged: number[] = [];
    let killed: Promise<void> | null = null;
    let killedAt = 0;
    for (const [i, { id }] of newcomers.entries()) {
      if (i === 6) {
        killedAt = Date.now();
        killed = cluster.kill(victim);
      }
      const answer = await call(urls[i % urls.length], 'POST', 'add_contest_season_player', {
        token: org.token,
        body: { ...season, account_list: [id] },
      }).catch(() => null);
      if (answer?.status === 200 && answer.body.error === undefined) acknowledged.push(id);
    }
    await killed;
    expect(acknowledged.length).toBeGreaterThanOrEqual(newcomers.length - 8);
    // The players whose links were on the killed process come back at once on another one, as clients do.
    const survivors = [0, 1, 2].filter((i) => i !== victim);
    const moved = clients.flatMap((_c, i) => (i % urls.length === victim ? [i] : []));
    for (const i of moved) {
      clients[i].close();
      clients[i] = new PlayerClient(urls[survivors[i % 2]].replace(/^http/, 'ws'), players[i].token);
    }

    // Its tables are taken over by the others.
    await Promise.all(
      orphans.map((uuid) =>
        Promise.race(
          survivors.map((i) => cluster.processes[i].logLine(new RegExp(`"game":"${uuid}".*table taken`))),
        ),
      ),
    );
    console.info(`${orphans.length} tables of the killed process taken over in ${Date.now() - killedAt} ms`);
    const after = tablesTaken(cluster);
    for (const uuid of orphans) expect(after.get(uuid)).toHaveLength(2);
    // Each player who came back gets the table from the process that runs it now (at once, or when a table
    // taken over starts its hand again); a moved player who is not held plays on, and may finish first.
    await Promise.all(
      moved.map((i) =>
        clients[i].until((ms) =>
          ms.find((m) => (m.op === 'table_state' || m.op === 'game_end') && m.game_uuid === games[i]),
        ),
      ),
    );
    // Everyone plays on; every game ends once, with exactly one record.
    for (const c of clients) c.release();
    await Promise.all(
      clients.map((c, i) => c.until((ms) => ms.find((m) => m.op === 'game_end' && m.game_uuid === games[i]))),
    );
    const records = await recordsOf(urls[survivors[0]], org, season);
    expect(records.sort()).toEqual([...games].sort());
    const roster = await call(urls[survivors[1]], 'GET', 'contest_season_player_list', {
      token: org.token,
      body: { ...season, limit: 100 },
    });
    const listed = new Set(roster.body.data.list.map((p: { account_id: number }) => p.account_id));
    for (const id of acknowledged) expect(listed.has(id)).toBe(true);
    for (const c of clients) c.close();
  });
});

describe('several processes, Redis restarted mid-game', () => {
  const TABLES = 4;
  let redis: PrivateRedis;
  let cluster: Cluster;
  beforeAll(async () => {
    redis = await privateRedis();
    cluster = await startCluster({ processes: 2, env: ENV, redis: redis.url });
  });
  afterAll(async () => {
    await cluster?.stop();
    await redis?.stop();
  });

  it('the cluster carries on: the games end with one record each, and a game planned after starts', async () => {
    onTestFailed(() => console.log(cluster.logs(120)));
    const emails = await createAccounts(cluster, TABLES + 2);
    await cluster.cli('account', 'grant', emails[0], '600');
    const urls = cluster.urls;
    const org = await loginAt(urls[0], emails[0]);
    const players = await Promise.all(emails.slice(1).map((e, i) => loginAt(urls[i % 2], e)));
    const season = await runningSeason(urls[0], org, players);
    const clients = await Promise.all(players.map((p, i) => readyAt(urls[i % 2], p, season)));
    const playing = clients.slice(0, TABLES);
    for (const c of playing) c.holdWhen = holdInHand(0);
    for (const [i, p] of players.slice(0, TABLES).entries()) {
      const planned = await call(urls[i % 2], 'POST', 'create_game_plan', {
        token: org.token,
        body: { ...season, account_list: [p.id, 0, 0, 0] },
      });
      expect(planned.body.error).toBeUndefined();
    }
    const games = await Promise.all(
      playing.map(
        async (c) => (await c.until((ms) => ms.find((m) => m.op === 'game_start'))).game_uuid as string,
      ),
    );
    await Promise.all(playing.map((c) => c.until(() => (c.held ? true : undefined))));

    await redis.restart();

    // The games go on (decisions from links on either process reach their tables) and end once each.
    for (const c of playing) c.release();
    await Promise.all(
      playing.map((c, i) => c.until((ms) => ms.find((m) => m.op === 'game_end' && m.game_uuid === games[i]))),
    );
    // The scheduler runs again: a plan made now starts for the last player, who is still ready.
    const last = players[TABLES];
    const planned = await call(urls[1], 'POST', 'create_game_plan', {
      token: org.token,
      body: { ...season, account_list: [last.id, 0, 0, 0] },
    });
    expect(planned.body.error).toBeUndefined();
    const lastClient = clients[TABLES];
    const lastGame = (await lastClient.until((ms) => ms.find((m) => m.op === 'game_start')))
      .game_uuid as string;
    await lastClient.until((ms) => ms.find((m) => m.op === 'game_end' && m.game_uuid === lastGame));
    const records = await recordsOf(urls[0], org, season);
    expect(records.sort()).toEqual([...games, lastGame].sort());
    for (const c of clients) c.close();
  });
});
