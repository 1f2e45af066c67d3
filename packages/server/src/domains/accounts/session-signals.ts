// Word that sessions ended or that accounts lost a role, for the live channels (player links, season event
// streams) that were let in on them: they close at once instead of at their next periodic check. One closed set
// of signals, published by the services that end sessions and change roles, each after its transaction
// committed; every process's channels subscribe. The embedded server carries them in its own memory
// (`LocalSessionSignals`); on PostgreSQL they also travel between processes by NOTIFY (`db/session-signals-pg.ts`,
// so that the operator's CLI reaches a running server), and a server of several processes may carry the same
// plain-JSON signals over another pub/sub channel behind this interface. A signal may be lost (a process that is down hears nothing): the
// channels still check their session and rights periodically, and each message a link acts on checks them.

/** A session-related change the live channels act on. */
export type SessionSignal =
  /** These sessions (SHA-256 of their tokens) ended: logout, ban, new password, API key revoked. */
  | { kind: 'ended'; tokenHashes: string[] }
  /**
   * These accounts (`all`: every account) may have lost a role in a tournament (admin or observer removed, the
   * observer switch turned off): what they hold open there is checked again.
   */
  | { kind: 'access'; uniqueId: number; accountIds: number[] | 'all' }
  /**
   * Signals from the other processes may have been lost (this process's listening connection was cut and is
   * back): what was cached on their strength is read again. Told only inside the process.
   */
  | { kind: 'lost' };

export type SessionSignalListener = (signal: SessionSignal) => void;

export interface SessionSignals {
  /** Tells every subscriber, in this process and (scaled) in the others. Call it once the change committed. */
  publish(signal: SessionSignal): void;
  /** Hears every signal; answers the function that stops hearing. */
  subscribe(listener: SessionSignalListener): () => void;
  /** Sends what is on its way to the other processes and lets go of the connections. */
  close(): Promise<void>;
}

/** The signals of one process, delivered to its subscribers synchronously. */
export class LocalSessionSignals implements SessionSignals {
  private readonly listeners = new Set<SessionSignalListener>();

  publish(signal: SessionSignal): void {
    if (signal.kind === 'ended' && signal.tokenHashes.length === 0) return;
    if (signal.kind === 'access' && Array.isArray(signal.accountIds) && signal.accountIds.length === 0)
      return;
    for (const listener of [...this.listeners]) listener(signal);
  }

  subscribe(listener: SessionSignalListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async close(): Promise<void> {}
}
