import { randomUUID } from 'node:crypto';
import { LIMITS } from '@taikai/protocol';
import { SpectateBuffer } from './spectate-buffer';

// Spectators of running games, on this process: the delayed buffers of the games whose tables run here, and the
// spectator streams open here, each fed the released events of its game. A released event is written once and
// handed to every stream of the game here, and once to each other process with streams of it (scaled mode).

/** A spectator stream, as the hub feeds it. */
export type SpectateSink = {
  /** Released events (SSE `data:` lines), encoded once for all the game's spectators here. */
  send(chunk: Buffer): void;
  /** The game ended (its `ended` line was sent), or the table left this process: the stream ends. */
  end(): void;
};

/** What the hub asks of the other processes (scaled mode); the relay carries it. */
export type SpectateRemote = {
  /** Asks the process running the table (every process) for the game's events; `id` names the answer. */
  watch(id: string | null, uuid: string, delayMs: number): void;
  /** This process has no spectator of the game any more. */
  unwatch(owner: string, uuid: string): void;
  /** A released event of a game running here, to the processes whose spectators watch it. */
  line(peers: string[], uuid: string, text: string, last: boolean): void;
};

/** How long a stream waits for the process running its table to answer before it ends (ms). */
const ANSWER_TIMEOUT_MS = 10_000;

type Watcher = { sink: SpectateSink; ready: boolean };

export class SpectateHub {
  /** The games whose tables run here. */
  private readonly buffers = new Map<string, { buffer: SpectateBuffer; delayMs: number | null }>();
  /** uuid → the streams of this process that watch it. */
  private readonly watchers = new Map<string, Set<Watcher>>();
  /** uuid → the other processes with streams of it (for the games whose tables run here). */
  private readonly peers = new Map<string, Set<string>>();
  /** uuid → the process that answered this process's watch of it (games whose tables run elsewhere). */
  private readonly owners = new Map<string, { peer: string; delayMs: number }>();
  /** A catch-up asked of another process: id → the stream waiting for it. */
  private readonly asked = new Map<string, { uuid: string; watcher: Watcher; delayMs: number }>();
  private remote: SpectateRemote | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** Scaled mode: how the hub reaches the other processes. */
  connect(remote: SpectateRemote): void {
    this.remote = remote;
  }

  // The table's side.

  /** A table starts (or resumes) here: its spectators are fed from this process. */
  open(uuid: string): void {
    if (this.buffers.has(uuid)) return;
    const buffer = new SpectateBuffer(this.now, (text, last) => this.released(uuid, text, last));
    this.buffers.set(uuid, { buffer, delayMs: null });
  }

  /** A seat's message at a table running here, as the seat received it. */
  record(uuid: string, seat: number, msg: Record<string, unknown>): void {
    this.open(uuid);
    this.buffers.get(uuid)?.buffer.push(seat, msg, this.now());
  }

  /** The game ended here: spectators are told after the delay; the buffer is forgotten after the longest delay. */
  ended(uuid: string): void {
    const held = this.buffers.get(uuid);
    if (!held) return;
    held.buffer.end(this.now());
    setTimeout(
      () => {
        if (this.buffers.get(uuid) === held && held.buffer.finished()) this.drop(uuid);
      },
      LIMITS.SPECTATE_DELAY_MAX_S * 1000 + 1000,
    ).unref();
  }

  /** The table left this process (handed over, or taken by another): its streams here end and reconnect. */
  drop(uuid: string): void {
    const held = this.buffers.get(uuid);
    if (!held) return;
    held.buffer.close();
    this.buffers.delete(uuid);
    this.peers.delete(uuid);
    for (const watcher of this.watchers.get(uuid) ?? []) watcher.sink.end();
  }

  /** Another process's spectators watch a game: its catch-up, or null when its table does not run here. */
  watchFor(peer: string, uuid: string, delayMs: number): string | null {
    const held = this.buffers.get(uuid);
    if (!held) return null;
    const lines = this.watchBuffer(uuid, delayMs);
    const set = this.peers.get(uuid) ?? new Set<string>();
    set.add(peer);
    this.peers.set(uuid, set);
    return lines;
  }

  unwatchFor(peer: string, uuid: string): void {
    this.peers.get(uuid)?.delete(peer);
    this.idle(uuid);
  }

  // The spectators' side.

  /**
   * A stream of this process starts watching a game at `delayMs`: the events owed to it first (the opening and
   * the released part of the hand in progress), then live ones. Answers how to stop.
   */
  watch(uuid: string, delayMs: number, sink: SpectateSink): () => void {
    const watcher: Watcher = { sink, ready: false };
    const set = this.watchers.get(uuid) ?? new Set<Watcher>();
    set.add(watcher);
    this.watchers.set(uuid, set);
    const stop = () => {
      set.delete(watcher);
      if (set.size > 0) return;
      this.watchers.delete(uuid);
      const owner = this.owners.get(uuid);
      this.owners.delete(uuid);
      if (owner) this.remote?.unwatch(owner.peer, uuid);
      this.idle(uuid);
    };
    if (this.buffers.has(uuid)) {
      const owed = this.watchBuffer(uuid, delayMs);
      if (owed) sink.send(Buffer.from(owed));
      watcher.ready = true;
      return stop;
    }
    if (!this.remote) {
      sink.end();
      return stop;
    }
    const id = randomUUID();
    this.asked.set(id, { uuid, watcher, delayMs });
    setTimeout(() => {
      if (this.asked.delete(id)) sink.end();
    }, ANSWER_TIMEOUT_MS).unref();
    this.remote.watch(id, uuid, delayMs);
    return stop;
  }

  /** The process running a game answered a watch of this one. */
  caughtUp(peer: string, id: string, owed: string): void {
    const asked = this.asked.get(id);
    if (!asked) return;
    this.asked.delete(id);
    if (!this.watchers.get(asked.uuid)?.has(asked.watcher)) {
      if (!this.watchers.has(asked.uuid)) this.remote?.unwatch(peer, asked.uuid);
      return;
    }
    this.owners.set(asked.uuid, { peer, delayMs: asked.delayMs });
    if (owed) asked.watcher.sink.send(Buffer.from(owed));
    asked.watcher.ready = true;
  }

  /** A released event of a game running on another process. */
  received(uuid: string, text: string, last: boolean): void {
    this.deliver(uuid, text, last);
    if (last) this.owners.delete(uuid);
  }

  /** A process was heard (again): the games this process watches there are asked for again (no catch-up). */
  peerJoined(): void {
    for (const [uuid, owner] of this.owners) this.remote?.watch(null, uuid, owner.delayMs);
  }

  /** A process fell silent: what it watched here stops; what this process watched there ends (and reconnects). */
  peerGone(peer: string): void {
    for (const [uuid, set] of this.peers) {
      set.delete(peer);
      this.idle(uuid);
    }
    for (const [uuid, owner] of [...this.owners]) {
      if (owner.peer !== peer) continue;
      this.owners.delete(uuid);
      for (const watcher of this.watchers.get(uuid) ?? []) watcher.sink.end();
    }
  }

  /** Spectator streams open on this process. */
  get openStreams(): number {
    let n = 0;
    for (const set of this.watchers.values()) n += set.size;
    return n;
  }

  close(): void {
    for (const uuid of [...this.buffers.keys()]) this.drop(uuid);
  }

  private watchBuffer(uuid: string, delayMs: number): string {
    const held = this.buffers.get(uuid) as { buffer: SpectateBuffer; delayMs: number | null };
    held.delayMs = delayMs;
    return held.buffer.watch(delayMs);
  }

  /** A game running here released an event: to its streams here, and once to each process watching it. */
  private released(uuid: string, text: string, last: boolean): void {
    const peers = this.peers.get(uuid);
    if (peers && peers.size > 0) this.remote?.line([...peers], uuid, text, last);
    this.deliver(uuid, text, last);
    if (last) {
      this.buffers.get(uuid)?.buffer.close();
      this.buffers.delete(uuid);
      this.peers.delete(uuid);
    }
  }

  private deliver(uuid: string, text: string, last: boolean): void {
    const set = this.watchers.get(uuid);
    if (!set) return;
    const chunk = Buffer.from(text);
    for (const watcher of [...set]) {
      if (!watcher.ready) continue;
      watcher.sink.send(chunk);
      if (last) watcher.sink.end();
    }
  }

  /** A game running here that nobody watches any more stops releasing. */
  private idle(uuid: string): void {
    const held = this.buffers.get(uuid);
    if (!held || this.watchers.has(uuid) || (this.peers.get(uuid)?.size ?? 0) > 0) return;
    held.delayMs = null;
    held.buffer.unwatch();
  }
}
