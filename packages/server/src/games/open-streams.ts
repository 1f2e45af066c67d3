import { ErrorCode } from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import type { SessionSignal } from '../domains/accounts/session-signals';
import { ContestError, messageOf } from '../http/errors';
import { OpenCounts } from './live-limits';

/** What the registry needs of an open server-sent event stream. */
export type OpenStream = {
  accountId: number;
  uniqueId: number;
  /** The session's SHA-256, as ended sessions are announced. */
  hash: string;
  /** Checks the session and the viewer's right now; ends the stream when either is gone. */
  recheck: () => void;
  /** Ends the stream telling the viewer why. */
  close: (code: number) => void;
  /** Ends the stream without a word (the server closes). */
  end: () => void;
};

/**
 * The open event streams of one kind (season events, spectators) on this process, counted per account and per
 * address (their caps), and told of ended sessions and changed rights.
 */
export class OpenStreams<S extends OpenStream> {
  readonly all = new Set<S>();
  private readonly perAccount: OpenCounts<number>;
  private readonly perAddress: OpenCounts<string>;

  constructor(
    limits: { streamsPerAccount: number; streamsPerAddress: number },
    /** What they are, as a refusal names them (`event streams`). */
    private readonly what: string,
  ) {
    this.perAccount = new OpenCounts(limits.streamsPerAccount);
    this.perAddress = new OpenCounts(limits.streamsPerAddress);
  }

  /** Counts a stream about to open, or refuses it (2502, HTTP 429) when its account or address has too many. */
  admit(accountId: number, ip: string): void {
    if (!this.perAccount.open(accountId)) throw this.tooMany('for this account');
    if (this.perAddress.open(ip)) return;
    this.perAccount.close(accountId);
    throw this.tooMany('from this address');
  }

  /** Gives back what `admit` counted. */
  release(accountId: number, ip: string): void {
    this.perAccount.close(accountId);
    this.perAddress.close(ip);
  }

  /** Ended sessions end their streams at once; a change of rights in a tournament has its streams checked now. */
  signal(signal: SessionSignal): void {
    // A stream checks its session and rights periodically: signals lost meanwhile are caught up with then.
    if (signal.kind === 'lost') return;
    if (signal.kind === 'ended') {
      const hashes = new Set(signal.tokenHashes);
      for (const stream of [...this.all]) if (hashes.has(stream.hash)) stream.close(ErrorCode.NOT_LOGGED_IN);
      return;
    }
    const ids = signal.accountIds === 'all' ? null : new Set(signal.accountIds);
    for (const stream of [...this.all])
      if (stream.uniqueId === signal.uniqueId && (!ids || ids.has(stream.accountId))) stream.recheck();
  }

  private tooMany(where: string): ContestError {
    return new ContestError(ErrorCode.LIMIT_REACHED, {
      status: 429,
      message: `${messageOf(ErrorCode.LIMIT_REACHED)} (too many ${this.what} open ${where})`,
    });
  }
}

/**
 * The registry of one kind of stream for an app: told of ended sessions and changed rights while the app runs,
 * and ending every open stream before the app closes (open streams never end on their own: the close would wait
 * for them).
 */
export function openStreamsOf<S extends OpenStream>(app: FastifyInstance, what: string): OpenStreams<S> {
  const streams = new OpenStreams<S>(app.deps.config.live, what);
  app.addHook('preClose', (done) => {
    for (const stream of streams.all) stream.end();
    done();
  });
  const unsubscribe = app.deps.sessions.subscribe((signal) => streams.signal(signal));
  app.addHook('onClose', (_app, done) => {
    unsubscribe();
    done();
  });
  return streams;
}
