/**
 * The entry of each server process that `bench:cluster` starts (`node --import tsx bench/cluster-probe.ts serve`):
 * the server exactly as `packages/server/src/main.ts serve` runs it, and beside it a probe that answers the
 * benchmark over the process's IPC channel with what only the process can see of itself — the main thread's
 * event-loop utilisation and delay, its CPU time (all threads) and memory — over the window between a `mark` and
 * a `sample`. With `profile` in the
 * `mark`, the main thread is profiled over that window (the V8 sampling profiler, as `--cpu-prof` writes it).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/** Benchmark → server process. */
export type ToProbe = { op: 'mark'; profile?: string } | { op: 'sample' };

/** Server process → benchmark: the window since the last `mark`. */
export interface ProbeSample {
  kind: 'sample';
  seconds: number;
  /** Event-loop utilisation of the main thread, 0–1. */
  elu: number;
  /** Event-loop delay of the main thread (ms). */
  lagP50: number;
  lagP99: number;
  lagMax: number;
  /** CPU seconds of the whole process (main thread and workers) per second of the window. */
  cpu: number;
  rss: number;
  heapUsed: number;
  /** Where the main thread's profile was written, when one was asked for. */
  profile?: string;
}

const send = process.send?.bind(process);
if (send) {
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  let elu = performance.eventLoopUtilization();
  let cpu = process.cpuUsage();
  let at = performance.now();
  let profiling: { session: Session; path: string } | null = null;

  const startProfile = async (path: string) => {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 1000 });
    await session.post('Profiler.start');
    profiling = { session, path };
  };

  const stopProfile = async (): Promise<string | undefined> => {
    if (!profiling) return undefined;
    const { session, path } = profiling;
    profiling = null;
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    writeFileSync(path, JSON.stringify(profile));
    return path;
  };

  process.on('message', (message: ToProbe) => {
    if (message.op === 'mark') {
      lag.reset();
      elu = performance.eventLoopUtilization();
      cpu = process.cpuUsage();
      at = performance.now();
      if (message.profile) void startProfile(message.profile);
      return;
    }
    const seconds = (performance.now() - at) / 1000;
    const used = process.cpuUsage(cpu);
    const memory = process.memoryUsage();
    const sample: ProbeSample = {
      kind: 'sample',
      seconds,
      elu: performance.eventLoopUtilization(elu).utilization,
      lagP50: lag.percentile(50) / 1e6,
      lagP99: lag.percentile(99) / 1e6,
      lagMax: lag.max / 1e6,
      cpu: (used.user + used.system) / 1e6 / seconds,
      rss: memory.rss,
      heapUsed: memory.heapUsed,
    };
    void stopProfile().then((profile) => send({ ...sample, ...(profile ? { profile } : {}) }));
  });
}

// The server itself: `main.ts` reads its command (`serve`) from this process's arguments.
await import('../packages/server/src/main');
