import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { type Cluster, startCluster } from '../support/cluster';
import { EventStream } from '../support/event-stream';
import { PlayerClient } from '../support/table-player';
import { call } from './http';
import {
  createAccounts,
  ENV,
  holdInHand,
  loginAt,
  type Player,
  readyAt,
  runningSeason,
  type Season,
} from './seasons';

// Live traffic of the scaled mode with the sender on one process and the receiver on another: who is ready, the
// season's event stream, lobby chat, a table's controls and its player's decisions, a logout ending a link, and
// a player's ready state when the process holding the link dies.

describe('two processes', () => {
  let cluster: Cluster;
  let org: Player;
  let a: Player;
  let b: Player;
  let season: Season;
  let urls: string[];
  beforeAll(async () => {
    cluster = await startCluster({ processes: 2, env: ENV });
    urls = cluster.urls;
    const emails = await createAccounts(cluster, 3);
    await cluster.cli('account', 'grant', emails[0], '600');
    org = await loginAt(urls[0], emails[0]);
    a = await loginAt(urls[0], emails[1]);
    b = await loginAt(urls[1], emails[2]);
    season = await runningSeason(urls[0], org, [a, b]);
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  const readyList = async (base: string) => {
    const answer = await call(base, 'GET', 'ready_player_list', { token: org.token, body: season });
    expect(answer.body.error).toBeUndefined();
    return (answer.body.data as { account_id: number }[]).map((p) => p.account_id);
  };

  it('ready on one process: the other lists the player, and its season stream hears it', async () => {
    onTestFailed(() => console.log(cluster.logs()));
    const stream = await EventStream.open(urls[1], org.token, season);
    if (!(stream instanceof EventStream)) throw new Error(`no stream: ${stream.status}`);
    const client = await readyAt(urls[0], a, season);
    await stream.until(() => stream.changes().some((c) => c.kind === 'ready'), 'a ready change');
    expect(await readyList(urls[1])).toEqual([a.id]);
    // Not ready any more once the link closes, on every process.
    client.close();
    await stream.until(
      () => stream.changes().filter((c) => c.kind === 'ready').length >= 2,
      'a second ready change',
    );
    expect(await readyList(urls[1])).toEqual([]);
    stream.close();
  });

  it('a chat message sent through one process reaches a link on the other', async () => {
    onTestFailed(() => console.log(cluster.logs()));
    const reader = await readyAt(urls[0], a, season);
    const writer = await readyAt(urls[1], b, season);
    writer.send({ op: 'chat_send', text: 'across the cluster' });
    const heard = await reader.until((ms) =>
      ms.find((m) => m.op === 'chat' && (m.message as { text?: string }).text === 'across the cluster'),
    );
    expect((heard.message as { account_id: number }).account_id).toBe(b.id);
    reader.close();
    writer.close();
  });

  it("a table's controls and its player's decisions reach the process that runs it", async () => {
    onTestFailed(() => console.log(cluster.logs()));
    const client = await readyAt(urls[0], a, season);
    client.holdWhen = holdInHand(0);
    const planned = await call(urls[1], 'POST', 'create_game_plan', {
      token: org.token,
      body: { ...season, account_list: [a.id, 0, 0, 0] },
    });
    expect(planned.body.error).toBeUndefined();
    const uuid = (await client.until((ms) => ms.find((m) => m.op === 'game_start'))).game_uuid as string;
    await client.until(() => (client.held ? true : undefined));
    // The process that runs the table, and the other one, which the organiser calls.
    const owner = await Promise.race(
      cluster.processes.map(async (p) => {
        await p.logLine(new RegExp(`"game":"${uuid}".*table taken`));
        return p.index;
      }),
    );
    const other = urls[1 - owner];
    const pause = async (resume: 1 | 2) => {
      const answer = await call(other, 'POST', 'pause_contest_running_game', {
        token: org.token,
        body: { unique_id: season.unique_id, uuid, resume },
      });
      expect(answer.body.error).toBeUndefined();
    };
    await pause(1);
    await client.until((ms) => ms.find((m) => m.op === 'game_paused' && m.paused === true));
    await pause(2);
    await client.until((ms) => ms.find((m) => m.op === 'game_paused' && m.paused === false));
    // The player's decisions go from the link's process to the table's: the game moves on to its next hand.
    const hands = client.messages.filter(
      (m) => m.op === 'game_message' && 'qipai' in (m.msg as object),
    ).length;
    client.release();
    await client.until((ms) =>
      ms.filter((m) => m.op === 'game_message' && 'qipai' in (m.msg as object)).length > hands
        ? true
        : undefined,
    );
    const stopped = await call(other, 'POST', 'terminate_contest_running_game', {
      token: org.token,
      body: { unique_id: season.unique_id, uuid },
    });
    expect(stopped.body.error).toBeUndefined();
    await client.until((ms) => ms.find((m) => m.op === 'game_end' && m.game_uuid === uuid && m.terminated));
    client.close();
  });

  it('a spectator on one process watches a table that runs on the other, behind the delay', async () => {
    onTestFailed(() => console.log(cluster.logs()));
    const delay = 1;
    const set = await call(urls[0], 'POST', 'update_contest_base', {
      token: org.token,
      body: { unique_id: season.unique_id, setting: { spectate_delay: delay } },
    });
    expect(set.body.error).toBeUndefined();
    const client = await readyAt(urls[0], a, season);
    client.holdWhen = holdInHand(0);
    const planned = await call(urls[0], 'POST', 'create_game_plan', {
      token: org.token,
      body: { ...season, account_list: [a.id, 0, 0, 0] },
    });
    expect(planned.body.error).toBeUndefined();
    const uuid = (await client.until((ms) => ms.find((m) => m.op === 'game_start'))).game_uuid as string;
    const owner = await Promise.race(
      cluster.processes.map(async (p) => {
        await p.logLine(new RegExp(`"game":"${uuid}".*table taken`));
        return p.index;
      }),
    );
    const query = { unique_id: season.unique_id, uuid };
    const stream = await EventStream.open(urls[1 - owner], org.token, query, '/api/contest/spectate_game');
    if (!(stream instanceof EventStream))
      throw new Error(`no stream: ${stream.status} ${await stream.text()}`);
    const seen = () =>
      stream.frames.flatMap((f, i) =>
        'data' in f ? [{ event: JSON.parse(f.data), arrived: stream.arrivals[i] }] : [],
      );
    const deals = () =>
      new Set(seen().flatMap(({ event }) => (event.type === 'seat' && event.msg.qipai ? [event.seat] : [])));
    await stream.until(() => deals().size === 4, "every seat's deal");
    expect(seen()[0].event).toMatchObject({ type: 'hello', delay, uuid });
    // Released once old enough on the table's process, carried once to this one.
    for (const { event, arrived } of seen())
      if (event.type === 'seat') expect(event.at + delay * 1000).toBeLessThanOrEqual(arrived);
    client.release();
    const stopped = await call(urls[owner], 'POST', 'terminate_contest_running_game', {
      token: org.token,
      body: { unique_id: season.unique_id, uuid },
    });
    expect(stopped.body.error).toBeUndefined();
    await stream.ended;
    expect(seen().at(-1)?.event.type).toBe('ended');
    client.close();
  });

  it("a logout through one process closes the account's link on the other", async () => {
    onTestFailed(() => console.log(cluster.logs()));
    const session = await loginAt(urls[1], b.email);
    const client = new PlayerClient(urls[0].replace(/^http/, 'ws'), session.token);
    await client.until((ms) => ms.find((m) => m.op === 'authed'));
    const out = await call(urls[1], 'POST', 'logout', { prefix: '/api', token: session.token });
    expect(out.status).toBe(200);
    await client.closed;
  });

  it('a process that stops hands its tables to the others at once', async () => {
    onTestFailed(() => console.log(cluster.logs()));
    let client = await readyAt(urls[1], b, season);
    client.holdWhen = holdInHand(0);
    const planned = await call(urls[0], 'POST', 'create_game_plan', {
      token: org.token,
      body: { ...season, account_list: [b.id, 0, 0, 0] },
    });
    expect(planned.body.error).toBeUndefined();
    const uuid = (await client.until((ms) => ms.find((m) => m.op === 'game_start'))).game_uuid as string;
    await client.until(() => (client.held ? true : undefined));
    const taken = new RegExp(`"game":"${uuid}".*table taken`);
    const owner = await Promise.race(
      cluster.processes.map(async (p) => {
        await p.logLine(taken);
        return p.index;
      }),
    );
    const heir = cluster.processes[1 - owner];
    const from = heir.mark();
    const stoppedAt = Date.now();
    await cluster.processes[owner].stop();
    await heir.logLine(taken, from);
    console.info(`a stopping process's table was taken over in ${Date.now() - stoppedAt} ms`);
    // The player, back on the other process if theirs stopped, plays the game to its end there.
    if (owner === 1) {
      client.close();
      client = new PlayerClient(urls[0].replace(/^http/, 'ws'), b.token);
    }
    client.release();
    await client.until((ms) => ms.find((m) => m.op === 'game_end' && m.game_uuid === uuid));
    client.close();
    await cluster.restart(owner);
  });

  it('ready survives the death of the process holding the link: the player reconnects elsewhere', async () => {
    onTestFailed(() => console.log(cluster.logs()));
    const first = await readyAt(urls[0], a, season);
    expect(await readyList(urls[1])).toEqual([a.id]);
    await cluster.kill(0);
    first.close();
    const again = await readyAt(urls[1], a, season);
    expect(await readyList(urls[1])).toEqual([a.id]);
    // And the player is seated from there.
    const planned = await call(urls[1], 'POST', 'create_game_plan', {
      token: org.token,
      body: { ...season, account_list: [a.id, 0, 0, 0] },
    });
    expect(planned.body.error).toBeUndefined();
    const uuid = (await again.until((ms) => ms.find((m) => m.op === 'game_start'))).game_uuid as string;
    await again.until((ms) => ms.find((m) => m.op === 'game_end' && m.game_uuid === uuid));
    again.close();
  });
});
