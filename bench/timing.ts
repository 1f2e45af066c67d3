/** Wall-clock and CPU seconds of a piece of work (CPU: this process, all threads). */
export interface Timed<T> {
  value: T;
  wall: number;
  cpu: number;
}

export async function timed<T>(work: () => T | Promise<T>): Promise<Timed<T>> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await work();
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(cpu0);
  return { value, wall, cpu: (c.user + c.system) / 1e6 };
}
