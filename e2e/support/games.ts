import type { PlayerLinkIn, PlayerLinkOut } from '@taikai/protocol';
import { inject } from 'vitest';
import WebSocket from 'ws';
import { call, newIdentity, registerByApi } from './api';
import { eventually } from './console';
import { accountOf, createTournament, grantCurrency, type Tournament } from './people';

// Games for the browser journeys: a season that runs now with a roster, and scripted players who are ready
// through the player link (`/api/player/link`, server README "Live channels") and answer every decision with a
// pass or the default discard after a delay the test sets.

export interface RosterPlayer {
  who: ReturnType<typeof newIdentity>;
  token: string;
  accountId: number;
  publicId: number;
}

const nowS = () => Math.floor(Date.now() / 1000);
const DAY = 24 * 3600;

/**
 * Registers `count` accounts by API, with their internal and public ids. Nicknames start with their number and
 * `label` (at most 4 characters), so accounts registered in the same millisecond differ.
 */
export async function registerPlayers(label: string, count: number): Promise<RosterPlayer[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const who = newIdentity(`${i + 1}${label.slice(0, 4)}`);
      const token = await registerByApi(who);
      return { who, token, ...(await accountOf(token)) };
    }),
  );
}

/** Puts accounts on a season's roster, as the organiser's roster page does. */
export async function addToRoster(
  token: string,
  ids: { uniqueId: number; seasonId: number },
  players: readonly RosterPlayer[],
): Promise<void> {
  const added = await call<{ failed: unknown[] }>('/api/contest/add_contest_season_player', token, {
    unique_id: ids.uniqueId,
    season_id: ids.seasonId,
    account_list: players.map((p) => p.accountId),
  });
  if (added.failed.length > 0) throw new Error(`roster refused ${JSON.stringify(added.failed)}`);
}

/** A season as `fetch_contest_season_list` lists it (the fields read here). */
interface SeasonTimes {
  season_id: number;
  state: number;
  end_time: number;
}

const seasonTimes = async (token: string, ids: { uniqueId: number; seasonId: number }) => {
  const seasons = await call<SeasonTimes[]>(
    `/api/contest/fetch_contest_season_list?unique_id=${ids.uniqueId}`,
    token,
  );
  const season = seasons.find((s) => s.season_id === ids.seasonId);
  if (!season) throw new Error(`no season ${ids.seasonId}`);
  return season;
};

/**
 * Moves a pending season's start two seconds ahead (as a bot would: the console cannot start a season now),
 * with its auto-match window set to the whole season, and waits until it runs.
 */
export async function startSeasonNow(
  token: string,
  ids: { uniqueId: number; seasonId: number },
): Promise<void> {
  const { end_time } = await seasonTimes(token, ids);
  const start = nowS() + 2;
  await call('/api/contest/update_contest_season', token, {
    unique_id: ids.uniqueId,
    season_id: ids.seasonId,
    setting: { start_time: start, match_start_time: start, match_end_time: end_time },
  });
  await eventually(
    async () => (await seasonTimes(token, ids)).state,
    (state) => state === 2,
    `season ${ids.seasonId} running`,
  );
}

/**
 * A new organiser's tournament of four-player East games (round type 1) under `detail_rule`, with 5 + 10
 * seconds of thinking time, named `name` and the time it was made, with one new player on its roster and its
 * season running. `label` (2 to 4 characters) starts the accounts' nicknames.
 */
export async function tournamentWithOnePlayer(
  label: string,
  name: string,
  detail_rule: Record<string, unknown>,
): Promise<{ organiser: string; player: RosterPlayer; cup: Tournament }> {
  const who = newIdentity(`${label}org`);
  const [organiser, [player]] = await Promise.all([registerByApi(who), registerPlayers(label, 1)]);
  await grantCurrency(who.email);
  const now = nowS();
  const cup = await createTournament(organiser, {
    name: `${name} ${now}`,
    start: now + DAY,
    end: now + 30 * DAY,
    mode: 1,
  });
  await call('/api/contest/update_contest_base', organiser, {
    unique_id: cup.unique_id,
    setting: { game_rule_setting: { mode: 1, detail_rule: { ...detail_rule, time_fixed: 5, time_add: 10 } } },
  });
  const ids = { uniqueId: cup.unique_id, seasonId: cup.season_id };
  await addToRoster(organiser, ids, [player]);
  await startSeasonNow(organiser, ids);
  return { organiser, player, cup };
}

/** What a scripted player saw of one game. */
export interface LinkGame {
  seat: number;
  /** Decisions answered. */
  answers: number;
  paused: boolean;
  /** Set when the game ended: whether it was terminated. */
  ended?: { terminated: boolean };
}

/**
 * A scripted player on the player link: authenticates, enters a season's lobby, and answers every decision
 * (`game_message` with `ask`) with `{}` (pass, or discard the drawn tile) after `delayMs`, which the test may
 * change at any time (a slow table to watch, pause and resume; 0 to let it finish).
 */
export class ScriptedPlayer {
  delayMs: number;
  readonly games = new Map<string, LinkGame>();
  /** Every message the server sent, in order. */
  readonly received: PlayerLinkOut[] = [];
  private readonly socket: WebSocket;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private closed = false;

  private constructor(socket: WebSocket, delayMs: number) {
    this.socket = socket;
    this.delayMs = delayMs;
    socket.on('message', (data) => this.onMessage(JSON.parse(String(data)) as PlayerLinkOut));
  }

  /** Opens a link for the player, authenticated and in the season's lobby (not ready yet). */
  static async connect(
    player: { token: string },
    ids: { uniqueId: number; seasonId: number },
    { delayMs = 300 } = {},
  ): Promise<ScriptedPlayer> {
    const url = `${inject('baseUrl').replace(/^http/, 'ws')}/api/player/link`;
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const link = new ScriptedPlayer(socket, delayMs);
    socket.on('error', () => undefined);
    link.send({ op: 'auth', token: player.token });
    await link.next('authed');
    link.send({ op: 'enter', unique_id: ids.uniqueId, season_id: ids.seasonId });
    await link.next('entered');
    return link;
  }

  /** Says ready (or not) and waits for the server's confirmation. */
  async ready(ready = true): Promise<void> {
    const from = this.received.length;
    this.send({ op: 'ready', ready });
    await this.next('ready', from);
  }

  /** The one game this player sits in (once one has started). */
  async game(): Promise<{ uuid: string } & LinkGame> {
    const [uuid, game] = await eventually(
      async () => [...this.games][0],
      (entry) => entry !== undefined,
      'a game started for the scripted player',
    );
    return { uuid, ...game };
  }

  /** Waits until the player's game `uuid` has ended; answers whether it was terminated. */
  async ended(uuid: string): Promise<{ terminated: boolean }> {
    const game = await eventually(
      async () => this.games.get(uuid),
      (g) => g?.ended !== undefined,
      `game ${uuid} ended for the scripted player`,
    );
    return game?.ended as { terminated: boolean };
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.socket.close();
  }

  private send(message: PlayerLinkIn): void {
    this.socket.send(JSON.stringify(message));
  }

  /** The first message `op` from index `from` on (an `error` before it fails). */
  private async next<Op extends PlayerLinkOut['op']>(
    op: Op,
    from = 0,
  ): Promise<Extract<PlayerLinkOut, { op: Op }>> {
    const found = await eventually(
      async () => this.received.slice(from).find((m) => m.op === op || m.op === 'error'),
      (m) => m !== undefined,
      `player link: ${op}`,
    );
    if (found?.op === 'error') throw new Error(`player link refused: ${found.code} ${found.message}`);
    return found as Extract<PlayerLinkOut, { op: Op }>;
  }

  private onMessage(message: PlayerLinkOut): void {
    this.received.push(message);
    switch (message.op) {
      case 'game_start':
        if (!this.games.has(message.game_uuid))
          this.games.set(message.game_uuid, { seat: message.seat, answers: 0, paused: false });
        return;
      case 'game_message':
        if (message.ask) this.answerLater(message.game_uuid, message.ask.id);
        return;
      case 'table_state': {
        const last = message.messages[message.messages.length - 1];
        if (last?.ask) this.answerLater(message.game_uuid, last.ask.id);
        return;
      }
      case 'game_paused': {
        const game = this.games.get(message.game_uuid);
        if (game) game.paused = message.paused;
        return;
      }
      case 'game_end': {
        const game = this.games.get(message.game_uuid);
        if (game) game.ended = { terminated: message.terminated };
        return;
      }
      default:
        return;
    }
  }

  /** Answers decision `askId` with `{}` after the current delay. */
  private answerLater(gameUuid: string, askId: number): void {
    const answer = () => {
      if (this.closed || this.socket.readyState !== WebSocket.OPEN) return;
      this.send({ op: 'answer', game_uuid: gameUuid, ask_id: askId, reply: {} });
      const game = this.games.get(gameUuid);
      if (game) game.answers++;
    };
    if (this.delayMs <= 0) {
      answer();
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      answer();
    }, this.delayMs);
    this.timers.add(timer);
  }
}

/** Closes every link given (those that opened). */
export function closeAll(links: readonly (ScriptedPlayer | undefined)[]): void {
  for (const link of links) link?.close();
}

/**
 * Seats `player` at a new game of the tournament `cup` with three robots of `aiLevel`, planned by its organiser
 * (`token`), and answers its uuid. The player is ready on a link of its own that never answers (as a lobby page
 * would be), so the seat is not auto-played before the table page opens; the caller closes that link once the
 * page holds its own.
 */
export async function seatWithRobots(
  token: string,
  cup: Tournament,
  player: RosterPlayer,
  aiLevel: number,
): Promise<{ uuid: string; lobby: ScriptedPlayer }> {
  const lobby = await ScriptedPlayer.connect(
    player,
    { uniqueId: cup.unique_id, seasonId: cup.season_id },
    { delayMs: 3_600_000 },
  );
  await lobby.ready();
  await call('/api/contest/create_game_plan', token, {
    unique_id: cup.unique_id,
    season_id: cup.season_id,
    account_list: [player.accountId, 0, 0, 0],
    ai_level: aiLevel,
  });
  const game = await lobby.game();
  return { uuid: game.uuid, lobby };
}

/** A record as `fetch_contest_game_records` lists it (the fields rankings are made of). */
export interface PlayedRecord {
  uuid: string;
  removed: number;
  end_time: number;
  accounts: { account_id: number; seat: number }[];
  /** Seats in placement order (1st first), with settled points ×1000. */
  result: { players: { seat: number; total_point: number }[] };
}

/** A season's records, newest first (at most 100). */
export async function seasonRecords(
  token: string,
  ids: { uniqueId: number; seasonId: number },
): Promise<{ record_list: PlayedRecord[]; total: number }> {
  return call<{ record_list: PlayedRecord[]; total: number }>(
    `/api/contest/fetch_contest_game_records?unique_id=${ids.uniqueId}&season_id=${ids.seasonId}&limit=100`,
    token,
  );
}

/**
 * Plans one table per pair (the two players East and South, robots West and North), as the organiser's
 * "create game" does, and waits until the season has `total` records: the pairs' players must be ready on their
 * links and answer at once (`delayMs` 0) for East games to finish in a few seconds.
 */
export async function playRobotTables(
  token: string,
  ids: { uniqueId: number; seasonId: number },
  pairs: readonly (readonly [RosterPlayer, RosterPlayer])[],
  total: number,
): Promise<PlayedRecord[]> {
  for (const [east, south] of pairs)
    await call('/api/contest/create_game_plan', token, {
      unique_id: ids.uniqueId,
      season_id: ids.seasonId,
      account_list: [east.accountId, south.accountId, 0, 0],
    });
  const { record_list } = await eventually(
    () => seasonRecords(token, ids),
    (r) => r.total >= total,
    `${total} records`,
  );
  return record_list;
}
