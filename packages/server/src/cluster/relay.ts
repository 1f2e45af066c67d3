import { randomUUID } from 'node:crypto';
import type { ControlResult, Reply } from '@taikai/engine';
import type { PlayerLinkOut } from '@taikai/protocol';
import type { LiveHub, LiveMessage } from '../games/live-hub';
import type { Presence, PresenceChange, PresenceHeld } from '../games/presence';
import type { SpectateHub } from '../games/spectate-hub';
import type { ClusterBus } from './bus';

/** A running game's seats as every process knows them: which account sits where, and in which season. */
export type SeatedGame = { uuid: string; uniqueId: number; seasonId: number; accounts: number[] };

/** What the relay asks of this process's game host, for a game or a player it holds. */
export type LocalTables = {
  answer(accountId: number, gameUuid: string, askId: number, reply: Reply): void;
  stamp(accountId: number, gameUuid: string, stamp: number): void;
  /** `null` when this process does not run the game. */
  control(uuid: string, action: ControlAction): Promise<ControlResult> | null;
  /** The table state of the games this process runs with the account seated. */
  tableState(accountId: number): PlayerLinkOut[];
  /** The games this process runs. */
  seatedHere(): SeatedGame[];
  /**
   * Another process runs these games now (it started or took them over); with `all`, these are all it runs (what
   * it was known to run before and is not among them ended).
   */
  seatedElsewhere(peer: string, games: SeatedGame[], all: boolean): void;
  /** These games ended (on another process). */
  unseated(uuids: string[]): void;
  /** A process fell silent (it died): the games it ran are being taken over. */
  peerGone(peer: string): void;
  /** Whether an account has links anywhere may have changed: its seats here are auto-played or not. */
  linksChanged(accountId: number): void;
};

export type ControlAction = 'pause' | 'resume' | 'terminate';

type Dump = { presence: PresenceHeld; links: number[]; seats: SeatedGame[] };

/** How long a call to the process running a table waits for its answer (ms). */
const CALL_TIMEOUT_MS = 10_000;

/**
 * The game host's traffic between processes, over the bus: live fan-outs (season streams, player links, lobbies),
 * who is ready (each process's links), which accounts have links open where (a seat is auto-played only when its
 * player has no link on any process), which process runs which game, and the calls that must reach the process
 * running a table (decisions, stamps, controls, a returning player's table state).
 */
export class ClusterRelay {
  /** peer → the accounts with a link open there. */
  private readonly linksAt = new Map<string, Set<number>>();
  private readonly pending = new Map<string, (result: unknown) => void>();

  constructor(
    private readonly bus: ClusterBus,
    private readonly live: LiveHub,
    private readonly presence: Presence,
    private readonly tables: LocalTables,
    spectators?: SpectateHub,
  ) {
    // A player's messages go only to the processes where the player has a link; the rest to every process.
    live.relayTo((message) => {
      if (message.to !== 'account') return bus.send('live', message);
      for (const peer of this.peersLinked(message.accountId)) bus.send('live', message, peer);
    });
    bus.on<LiveMessage>('live', (message) => live.receive(message));

    presence.onHeld((change) => bus.send('presence', change));
    bus.on<PresenceChange>('presence', (change, peer) => presence.applyRemote(peer, change));

    bus.on<{ accountId: number; linked: boolean }>('links', ({ accountId, linked }, peer) => {
      const set = this.linksAt.get(peer) ?? new Set<number>();
      if (linked) set.add(accountId);
      else set.delete(accountId);
      this.linksAt.set(peer, set);
      tables.linksChanged(accountId);
    });

    bus.on<SeatedGame[]>('seated', (games, peer) => tables.seatedElsewhere(peer, games, false));
    bus.on<string[]>('unseated', (uuids) => tables.unseated(uuids));

    bus.on<{ accountId: number; gameUuid: string; askId: number; reply: Reply }>('answer', (m) =>
      tables.answer(m.accountId, m.gameUuid, m.askId, m.reply),
    );
    bus.on<{ accountId: number; gameUuid: string; stamp: number }>('stamp', (m) => {
      try {
        tables.stamp(m.accountId, m.gameUuid, m.stamp);
      } catch {
        // A refused stamp from another process is dropped, as a flood is.
      }
    });
    bus.on<{ id: string; uuid: string; action: ControlAction }>('control', (m, peer) => {
      tables
        .control(m.uuid, m.action)
        ?.then((result) => bus.send('reply', { id: m.id, result }, peer))
        .catch(() => bus.send('reply', { id: m.id, result: { ok: false, state: 'missing' } }, peer));
    });
    bus.on<{ id: string; accountId: number }>('table_state', (m, peer) => {
      const out = tables.tableState(m.accountId);
      if (out.length > 0) bus.send('reply', { id: m.id, result: out }, peer);
    });
    bus.on<{ id: string; result: unknown }>('reply', ({ id, result }) => this.pending.get(id)?.(result));

    if (spectators) this.spectate(spectators);

    // A process heard (again) tells what it holds; one that fell silent holds nothing any more.
    bus.onPeerJoined((peer) => bus.send('want', null, peer));
    bus.on('want', (_m, peer) => bus.send('dump', this.dump(), peer));
    bus.on<Dump>('dump', (dump, peer) => {
      presence.replacePeer(peer, dump.presence);
      const before = this.linksAt.get(peer) ?? new Set<number>();
      const now = new Set(dump.links);
      this.linksAt.set(peer, now);
      for (const id of new Set([...before, ...now])) tables.linksChanged(id);
      tables.seatedElsewhere(peer, dump.seats, true);
    });
    bus.onPeerLeft((peer) => {
      tables.peerGone(peer);
      presence.forgetPeer(peer);
      const gone = this.linksAt.get(peer) ?? new Set<number>();
      this.linksAt.delete(peer);
      for (const id of gone) tables.linksChanged(id);
    });
  }

  /**
   * Spectators: a process with spectators of a game asks every process for it (`spectate_watch`); the one running
   * its table answers the catch-up to that process alone, then sends it each release once (`spectate_line`:
   * the events released together), until told the process has no spectator of it left (`spectate_unwatch`). Lines and their
   * catch-up travel on the asking process's own channel, in order. A lost message ends nothing: a process heard
   * again is asked again, one that fell silent is forgotten and its streams reconnect.
   */
  private spectate(hub: SpectateHub): void {
    const bus = this.bus;
    hub.connect({
      watch: (id, uuid, delayMs) => bus.send('spectate_watch', { id, uuid, delayMs }),
      unwatch: (owner, uuid) => bus.send('spectate_unwatch', { uuid }, owner),
      line: (peers, uuid, text, last) => {
        for (const peer of peers) bus.send('spectate_line', { uuid, text, last }, peer);
      },
    });
    bus.on<{ id: string | null; uuid: string; delayMs: number }>('spectate_watch', (m, peer) => {
      const owed = hub.watchFor(peer, m.uuid, m.delayMs);
      if (owed !== null && m.id) bus.send('spectate_catchup', { id: m.id, owed }, peer);
    });
    bus.on<{ uuid: string }>('spectate_unwatch', (m, peer) => hub.unwatchFor(peer, m.uuid));
    bus.on<{ id: string; owed: string }>('spectate_catchup', (m, peer) => hub.caughtUp(peer, m.id, m.owed));
    bus.on<{ uuid: string; text: string; last: boolean }>('spectate_line', (m) =>
      hub.received(m.uuid, m.text, m.last),
    );
    bus.onPeerJoined(() => hub.peerJoined());
    bus.onPeerLeft((peer) => hub.peerGone(peer));
  }

  /** Whether the account has a player link open on another process. */
  linkedElsewhere(accountId: number): boolean {
    for (const set of this.linksAt.values()) if (set.has(accountId)) return true;
    return false;
  }

  private peersLinked(accountId: number): string[] {
    const peers: string[] = [];
    for (const [peer, set] of this.linksAt) if (set.has(accountId)) peers.push(peer);
    return peers;
  }

  /** After a link of this process opened or closed: whether the account still has one here. */
  linkedHere(accountId: number, linked: boolean): void {
    this.bus.send('links', { accountId, linked });
  }

  seated(games: SeatedGame[]): void {
    this.bus.send('seated', games);
  }

  unseated(uuids: string[]): void {
    this.bus.send('unseated', uuids);
  }

  /** To the process that runs the game (`owner`; every process while it is not known). */
  answer(owner: string | undefined, accountId: number, gameUuid: string, askId: number, reply: Reply): void {
    this.bus.send('answer', { accountId, gameUuid, askId, reply }, owner);
  }

  stamp(owner: string | undefined, accountId: number, gameUuid: string, stamp: number): void {
    this.bus.send('stamp', { accountId, gameUuid, stamp }, owner);
  }

  /** A control of a game another process runs; `missing` when none answers in time. */
  control(owner: string | undefined, uuid: string, action: ControlAction): Promise<ControlResult> {
    return this.call<ControlResult>('control', { uuid, action }, { ok: false, state: 'missing' }, owner);
  }

  /** The table state of the account's games on other processes, delivered as each answers. */
  tableState(accountId: number, send: (out: PlayerLinkOut) => void): void {
    const id = randomUUID();
    this.pending.set(id, (result) => {
      for (const out of result as PlayerLinkOut[]) send(out);
    });
    setTimeout(() => this.pending.delete(id), CALL_TIMEOUT_MS).unref();
    this.bus.send('table_state', { id, accountId });
  }

  private call<T>(topic: string, message: object, fallback: T, to?: string): Promise<T> {
    const id = randomUUID();
    return new Promise<T>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve(fallback);
      }, CALL_TIMEOUT_MS);
      timer.unref();
      this.pending.set(id, (result) => {
        clearTimeout(timer);
        this.pending.delete(id);
        resolve(result as T);
      });
      this.bus.send(topic, { id, ...message }, to);
    });
  }

  private dump(): Dump {
    return {
      presence: this.presence.heldHere(),
      links: this.live.linkedAccounts(),
      seats: this.tables.seatedHere(),
    };
  }
}
