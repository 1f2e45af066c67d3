import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { connectRedis, type RedisSettings, redisKey } from './redis';

/** How often a process says it is alive, and how long a silent one counts as alive still (ms). */
export const HEARTBEAT_MS = 1000;
export const PEER_SILENCE_MS = 5000;

type Envelope = { t: string; from: string; m: unknown };
type Handler = (message: never, from: string) => void;

/**
 * The processes' message bus over Redis pub/sub, every message a topic and a body: for all processes on the
 * deployment's channel, or for one (`to`) on that process's own channel, which only it reads. A process hears its
 * own broadcasts only where a topic asks for it (`own`). Each process says it is alive every second; the bus tells its listeners when a process is first
 * heard (at its start, or again after Redis came back or it was silent) and when one has been silent too long
 * (it died): what a process holds in memory for the others (who is ready, which links are open, which tables it
 * runs) is asked of it when it is heard, and forgotten when it is gone. A message sent while Redis is away is
 * lost; what depends on it is asked again when the peers are heard again.
 */
export class ClusterBus {
  /** This process, as the others know it. */
  readonly self = randomUUID();
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly channel: string;
  private readonly prefix: string;
  private readonly handlers = new Map<string, { handler: Handler; own: boolean }[]>();
  private readonly peers = new Map<string, number>();
  private readonly joined = new Set<(peer: string) => void>();
  private readonly left = new Set<(peer: string) => void>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private closed = false;

  constructor(
    settings: RedisSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.channel = redisKey(settings, 'bus');
    this.prefix = `${this.channel}:`;
    this.pub = connectRedis(settings, 'bus-pub');
    this.sub = connectRedis(settings, 'bus-sub');
    for (const connection of [this.pub, this.sub]) {
      connection.on('error', (error) => {
        if (!this.closed) this.log.warn({ err: error }, 'cluster bus: Redis connection error');
      });
    }
    this.sub.on('message', (_channel: string, text: string) => this.receive(text));
    // After Redis came back, every peer counts as new: what they hold is asked again (messages were lost).
    this.sub.on('ready', () => this.peers.clear());
  }

  async start(): Promise<void> {
    await this.sub.subscribe(this.channel, this.prefix + this.self);
    this.timer = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.timer.unref();
    this.beat();
  }

  /** Handles a topic's messages from the other processes (and this one's, with `own`). */
  on<T>(topic: string, handler: (message: T, from: string) => void, { own = false } = {}): void {
    const list = this.handlers.get(topic) ?? [];
    list.push({ handler: handler as Handler, own });
    this.handlers.set(topic, list);
  }

  /** To every process (`to` unset) or one. */
  send(topic: string, message: unknown, to?: string): void {
    if (this.closed) return;
    const envelope: Envelope = { t: topic, from: this.self, m: message };
    this.pub.publish(to ? this.prefix + to : this.channel, JSON.stringify(envelope)).catch((error) => {
      if (!this.closed) this.log.warn({ err: error, topic }, 'cluster bus: a message was not sent');
    });
  }

  /** Another process was heard for the first time (or again after silence or a Redis restart). */
  onPeerJoined(listener: (peer: string) => void): void {
    this.joined.add(listener);
  }

  /** Another process fell silent: it died, or lost Redis. */
  onPeerLeft(listener: (peer: string) => void): void {
    this.left.add(listener);
  }

  /** The processes heard within the silence limit, this one included. */
  alive(): string[] {
    return [this.self, ...this.peers.keys()];
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }

  private beat(): void {
    this.send('alive', null);
    const now = Date.now();
    for (const [peer, seen] of this.peers) {
      if (now - seen <= PEER_SILENCE_MS) continue;
      this.peers.delete(peer);
      for (const listener of this.left) listener(peer);
    }
  }

  private receive(text: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    const own = envelope.from === this.self;
    if (!own) {
      const known = this.peers.has(envelope.from);
      this.peers.set(envelope.from, Date.now());
      if (!known) for (const listener of this.joined) listener(envelope.from);
    }
    for (const { handler, own: wantsOwn } of this.handlers.get(envelope.t) ?? []) {
      if (own && !wantsOwn) continue;
      try {
        (handler as (m: unknown, from: string) => void)(envelope.m, envelope.from);
      } catch (error) {
        this.log.error({ err: error, topic: envelope.t }, 'cluster bus: a handler failed');
      }
    }
  }
}
