import { expect } from 'vitest';
import { loadConfig } from '../../src/config';
import type { Ctx } from '../../src/context';
import { openPostgres } from '../../src/db/client';
import { createAccount } from '../../src/domains/accounts/operator';
import type { Cluster } from '../support/cluster';
import { handsSeen, type Message, PlayerClient } from '../support/table-player';
import { call } from './http';

// A running season on a real cluster, its players, their links: what the several-processes tests set up.

const PASSWORD = 'cluster-pass-1';
export const ENV = { TAIKAI_CALL_WINDOW_MS: '5', LOGIN_RATE_PER_IP: '10000' };

export type Season = { unique_id: number; season_id: number };
export type Player = { id: number; token: string; email: string };

/**
 * Accounts written straight through the accounts service on the cluster's database (the CLI, minus its start):
 * `<prefix><n>@example.test`, password `PASSWORD`; answers their e-mails.
 */
export async function createAccounts(cluster: Cluster, count: number, prefix = 'p'): Promise<string[]> {
  return (await createAccountsWithIds(cluster, count, prefix)).map((a) => a.email);
}

/** `createAccounts`, with the internal ids. */
export async function createAccountsWithIds(
  cluster: Cluster,
  count: number,
  prefix: string,
): Promise<{ email: string; id: number }[]> {
  const database = openPostgres(cluster.databaseUrl);
  try {
    const ctx = { db: database.db, now: Math.floor(Date.now() / 1000), config: loadConfig({}) } as Ctx;
    const out: { email: string; id: number }[] = [];
    for (let i = 0; i < count; i++) {
      const email = `${prefix}${i}@example.test`;
      const created = await createAccount(ctx, {
        email,
        nickname: `${prefix}Player${i}`,
        password: PASSWORD,
      });
      out.push({ email, id: created.id });
    }
    return out;
  } finally {
    await database.close();
  }
}

export async function loginAt(base: string, email: string): Promise<Player> {
  const answer = await call(base, 'POST', 'login', {
    prefix: '/api',
    body: { account: email, password: PASSWORD, type: 0 },
  });
  expect(answer.body.error).toBeUndefined();
  return { id: answer.body.data.account_id, token: answer.body.data.token, email };
}

/** A tournament whose season runs from now, with `players` on its roster. */
export async function runningSeason(base: string, org: Player, players: Player[]): Promise<Season> {
  const start = Math.floor(Date.now() / 1000) + 1;
  const created = await call(base, 'POST', 'create_contest', {
    token: org.token,
    body: {
      name: [{ lang: 'default', content: 'Cluster Cup' }],
      game_rule_setting: { mode: 2 },
      open_show: 1,
      start_time: start,
      end_time: start + 7 * 86_400,
    },
  });
  expect(created.body.error).toBeUndefined();
  const season = { unique_id: created.body.data.unique_id, season_id: created.body.data.season_id };
  const added = await call(base, 'POST', 'add_contest_season_player', {
    token: org.token,
    body: { ...season, account_list: players.map((p) => p.id) },
  });
  expect(added.body.error).toBeUndefined();
  // The season opens at its start time.
  while (Date.now() / 1000 < start + 1) await new Promise((r) => setTimeout(r, 100));
  return season;
}

/** A player's link on `base`, in the season's lobby and ready. */
export async function readyAt(base: string, player: Player, season: Season): Promise<PlayerClient> {
  const client = new PlayerClient(base.replace(/^http/, 'ws'), player.token);
  await client.until((ms) => ms.find((m) => m.op === 'authed'));
  client.send({ op: 'enter', ...season });
  await client.until((ms) => ms.find((m) => m.op === 'entered'));
  client.send({ op: 'ready', ready: true });
  await client.until((ms) => ms.find((m) => m.op === 'ready'));
  return client;
}

/** Once in `hand` (0-based) or later, with a few own draws in it, the player keeps the table waiting. */
export const holdInHand = (hand: number) => (ms: Message[]) => {
  const hands = handsSeen(ms);
  const last = (ms.at(-1)?.msg ?? {}) as { zimo?: { p?: string } };
  return hands.length > hand && (hands.at(-1)?.draws.length ?? 0) >= 2 && !!last.zimo?.p;
};

/** The uuids of the season's records. */
export async function recordsOf(base: string, org: Player, season: Season): Promise<string[]> {
  const records = await call(base, 'GET', 'fetch_contest_game_records', {
    token: org.token,
    body: { ...season, limit: 100 },
  });
  expect(records.body.error).toBeUndefined();
  return records.body.data.record_list.map((r: { uuid: string }) => r.uuid);
}
