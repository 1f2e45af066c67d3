import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import {
  LocalSessionSignals,
  type SessionSignal,
  type SessionSignalListener,
  type SessionSignals,
} from '../domains/accounts/session-signals';

/** The PostgreSQL channel the signals travel on. */
export const SESSION_SIGNAL_CHANNEL = 'taikai_session_signals';
/** Token hashes per notification: a NOTIFY payload holds under 8000 bytes. */
const HASHES_PER_NOTE = 100;

type Note = { origin: string; signal: SessionSignal };

/**
 * Session signals between the processes of one PostgreSQL database, by NOTIFY and LISTEN: an operator's ban from
 * the CLI (a process of its own) closes a running server's channels at once. Each process delivers its own
 * signals to its subscribers directly and tells the others on the channel; what it hears from itself it drops.
 * A notification is lost when no listener is connected at that moment (the channels' periodic checks remain).
 */
export class PgSessionSignals implements SessionSignals {
  private readonly local = new LocalSessionSignals();
  /** Tells this process's notifications from the others'. */
  private readonly origin = randomUUID();
  private listener: pg.Client | null = null;
  private sender: pg.Pool | null = null;
  private readonly sending = new Set<Promise<unknown>>();
  private closed = false;
  private listened = false;

  constructor(
    private readonly url: string,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** Starts hearing the other processes (a server does; a CLI command only tells). Reconnects when cut off. */
  async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => {
      if (n.channel !== SESSION_SIGNAL_CHANNEL || !n.payload) return;
      const note = decodeNote(n.payload);
      if (note && note.origin !== this.origin) this.local.publish(note.signal);
    });
    client.on('error', (err) => {
      if (this.closed || this.listener !== client) return;
      this.listener = null;
      this.log.warn({ err }, 'session signals: the listening connection was lost; reconnecting');
      client.end().catch(() => {});
      this.listenAgain();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_SIGNAL_CHANNEL}`);
    } catch (err) {
      client.end().catch(() => {});
      throw err;
    }
    if (this.closed) {
      await client.end();
      return;
    }
    this.listener = client;
    if (this.listened) this.local.publish({ kind: 'lost' });
    this.listened = true;
  }

  /** Tries again every second until it hears again: PostgreSQL may be away for longer than one try. */
  private listenAgain(): void {
    setTimeout(() => {
      if (!this.closed) this.listen().catch(() => this.listenAgain());
    }, 1000).unref();
  }

  publish(signal: SessionSignal): void {
    this.local.publish(signal);
    if (this.closed) return;
    if (!this.sender) {
      this.sender = new pg.Pool({ connectionString: this.url, max: 1 });
      // An idle connection cut by the server (a PostgreSQL restart): unheard, the error would end the process.
      // The pool opens a new one for the next notification.
      this.sender.on('error', () => {});
    }
    for (const part of parts(signal)) {
      const payload = JSON.stringify({ origin: this.origin, signal: part } satisfies Note);
      const sent = this.sender
        .query('SELECT pg_notify($1, $2)', [SESSION_SIGNAL_CHANNEL, payload])
        .catch((err) => this.log.warn({ err }, 'session signals: a notification could not be sent'))
        .finally(() => this.sending.delete(sent));
      this.sending.add(sent);
    }
  }

  subscribe(listener: SessionSignalListener): () => void {
    return this.local.subscribe(listener);
  }

  /** Sends what is on its way, then stops hearing and closes the connections. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.sending]);
    this.closed = true;
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => {});
    await this.sender?.end().catch(() => {});
  }
}

/** A signal in notifications small enough for the channel. */
function parts(signal: SessionSignal): SessionSignal[] {
  if (signal.kind !== 'ended') return [signal];
  const out: SessionSignal[] = [];
  for (let i = 0; i < signal.tokenHashes.length; i += HASHES_PER_NOTE)
    out.push({ kind: 'ended', tokenHashes: signal.tokenHashes.slice(i, i + HASHES_PER_NOTE) });
  return out;
}

/** A notification as sent by `publish`, or null for anything else. */
function decodeNote(payload: string): Note | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  const note = value as { origin?: unknown; signal?: Record<string, unknown> };
  const s = note?.signal;
  if (typeof note?.origin !== 'string' || !s) return null;
  if (s.kind === 'ended' && Array.isArray(s.tokenHashes) && s.tokenHashes.every((h) => typeof h === 'string'))
    return { origin: note.origin, signal: { kind: 'ended', tokenHashes: s.tokenHashes as string[] } };
  const ids = s.accountIds;
  if (
    s.kind === 'access' &&
    Number.isInteger(s.uniqueId) &&
    (ids === 'all' || (Array.isArray(ids) && ids.every((id) => Number.isInteger(id))))
  )
    return {
      origin: note.origin,
      signal: { kind: 'access', uniqueId: s.uniqueId as number, accountIds: ids as number[] | 'all' },
    };
  return null;
}
