import { type Job, Queue, WaitingError, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { connectRedis, type RedisSettings } from './redis';

/**
 * A table's queue lock lasts this long (ms) and is renewed at half of it; a process that died leaves its tables'
 * locks to expire, and the stalled check (every `STALLED_CHECK_MS`) hands them to another process. Together they
 * bound how long a dead process's tables wait: about 8 s. A busy process has 3 s to renew; shorter locks were lost
 * under load (2 000 tables on a loaded 2-core machine) and moved tables for nothing.
 */
export const TABLE_LOCK_MS = 6000;
export const STALLED_CHECK_MS = 2000;

/** How a table left this process: its game ended here (or another process holds it), or it is handed over. */
export type TableOutcome = 'ended' | 'handover';

/** What the queues ask of this process. */
export type QueueWork = {
  /**
   * Runs the table until it ends here (finished, stopped, or lost); `owner` is this take's job token, written into
   * the game's row so that a process that lost the table writes nothing more.
   */
  runTable(uuid: string, owner: string): Promise<TableOutcome>;
  /** The queue lock of these tables could not be renewed: another process may take them; stop them here. */
  lostTables(uuids: string[]): void;
  /** One scheduler pass (due plans, expiry, auto-match): the queue runs one at a time across the cluster. */
  schedulerPass(): Promise<void>;
  /**
   * Redis is back after it was away: it may have come back empty (a restart without persistence), so every
   * running game needs its table job again.
   */
  reconnected(): Promise<void>;
};

type TableJob = { uuid: string };

/** The queues by name. */
export type QueueName = 'tables' | 'scheduler';

/** A queue's jobs by state. */
export type JobCounts = { waiting: number; active: number; delayed: number };

/**
 * The scaled mode's BullMQ queues. `tables`: a job per running game (job id = game uuid), held by the process
 * running it for as long as the game runs, its lock renewed; a process that dies stops renewing, and the stalled
 * check gives the job to another process, which resumes the game. `scheduler`: a repeatable job every `tickMs` and
 * a deduplicated job per kick, processed with a global concurrency of one, so that exactly one pass runs at a
 * time across the cluster, and a pass that a dying process left behind runs again elsewhere.
 */
export class ClusterQueues {
  private readonly tables: Queue<TableJob>;
  private readonly scheduler: Queue;
  private tableWorker: Worker<TableJob> | null = null;
  private schedulerWorker: Worker | null = null;
  private closed = false;
  /** Jobs this process's workers found stalled (their holder stopped renewing the lock) and took back, per queue. */
  readonly stalled: Record<QueueName, number> = { tables: 0, scheduler: 0 };
  private readonly connections = new Set<ReturnType<typeof connectRedis>>();

  constructor(
    private readonly settings: RedisSettings,
    private readonly log: FastifyBaseLogger,
    private readonly options: { tablesPerProcess: number; tickMs: number },
  ) {
    this.tables = new Queue<TableJob>('tables', {
      connection: this.connection('tables'),
      prefix: settings.prefix,
    });
    this.scheduler = new Queue('scheduler', {
      connection: this.connection('scheduler'),
      prefix: settings.prefix,
    });
    for (const queue of [this.tables, this.scheduler]) queue.on('error', (error) => this.warn(error));
  }

  /** Starts taking tables and scheduler passes. */
  async start(work: QueueWork): Promise<void> {
    await this.setUp();
    let connected = true;
    const watched = this.connection('watch');
    watched.on('close', () => {
      connected = false;
    });
    watched.on('ready', () => {
      if (connected || this.closed) return;
      connected = true;
      this.setUp()
        .then(() => work.reconnected())
        .catch((error) => this.warn(error));
    });
    await watched.ping();
    this.tableWorker = new Worker<TableJob>(
      'tables',
      async (job: Job<TableJob>, token?: string) => {
        const outcome = await work.runTable(job.data.uuid, token ?? job.id ?? '');
        // A table handed over (this process is stopping) goes back to the queue for another process now.
        if (outcome === 'handover' && token) {
          await job.moveToWait(token);
          throw new WaitingError();
        }
      },
      {
        connection: this.connection('table-worker'),
        prefix: this.settings.prefix,
        concurrency: this.options.tablesPerProcess,
        lockDuration: TABLE_LOCK_MS,
        stalledInterval: STALLED_CHECK_MS,
        // A table may be taken over any number of times (each time its process died).
        maxStalledCount: Number.MAX_SAFE_INTEGER,
        removeOnComplete: { count: 0 },
        removeOnFail: { count: 0 },
      },
    );
    this.tableWorker.on('lockRenewalFailed', (jobIds) => work.lostTables(jobIds));
    this.schedulerWorker = new Worker('scheduler', () => work.schedulerPass(), {
      connection: this.connection('scheduler-worker'),
      prefix: this.settings.prefix,
      concurrency: 1,
      lockDuration: TABLE_LOCK_MS,
      stalledInterval: STALLED_CHECK_MS,
      maxStalledCount: Number.MAX_SAFE_INTEGER,
      removeOnComplete: { count: 0 },
      removeOnFail: { count: 0 },
    });
    for (const worker of [this.tableWorker, this.schedulerWorker])
      worker.on('error', (error) => this.warn(error));
    this.tableWorker.on('stalled', () => this.stalled.tables++);
    this.schedulerWorker.on('stalled', () => this.stalled.scheduler++);
  }

  /** Each queue's jobs waiting, running and delayed, across the cluster. */
  async jobCounts(): Promise<Record<QueueName, JobCounts>> {
    const count = async (queue: Queue): Promise<JobCounts> => {
      const c = await queue.getJobCounts('waiting', 'active', 'delayed');
      return { waiting: c.waiting ?? 0, active: c.active ?? 0, delayed: c.delayed ?? 0 };
    };
    const [tables, scheduler] = await Promise.all([count(this.tables), count(this.scheduler)]);
    return { tables, scheduler };
  }

  /** The scheduler's settings, which live in Redis: one pass at a time, and a pass every `tickMs`. */
  private async setUp(): Promise<void> {
    await this.scheduler.setGlobalConcurrency(1);
    await this.scheduler.upsertJobScheduler(
      'tick',
      { every: this.options.tickMs },
      { name: 'pass', opts: { removeOnComplete: true, removeOnFail: true } },
    );
  }

  /** Queues running games' tables; a game that already has a job keeps it (the job id is the game's uuid). */
  async place(uuids: string[]): Promise<void> {
    if (uuids.length === 0 || this.closed) return;
    await this.tables.addBulk(
      uuids.map((uuid) => ({
        name: 'table',
        data: { uuid },
        opts: { jobId: uuid, removeOnComplete: true, removeOnFail: true },
      })),
    );
  }

  /** A scheduler pass soon, on whichever process takes it; kicks while one waits are one pass. */
  kick(): void {
    if (this.closed) return;
    this.scheduler
      .add('pass', null, { deduplication: { id: 'kick' }, removeOnComplete: true, removeOnFail: true })
      .catch((error) => this.warn(error));
  }

  /**
   * Stops taking work, once the jobs in hand are settled (tables handed over go back to the queue). A process that
   * dies instead leaves its tables' locks to expire, and other processes take them over.
   */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([this.tableWorker?.close(), this.schedulerWorker?.close()]);
    await Promise.allSettled([this.tables.close(), this.scheduler.close()]);
    await Promise.allSettled([...this.connections].map((c) => c.quit()));
  }

  private connection(name: string) {
    const connection = connectRedis(this.settings, name);
    connection.on('error', (error) => this.warn(error));
    this.connections.add(connection);
    return connection;
  }

  private warn(error: unknown): void {
    if (!this.closed) this.log.warn({ err: error }, 'cluster queues: Redis error');
  }
}
