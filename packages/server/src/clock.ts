/** Time source of the services, in unix seconds. Tests move it forward. */
export type Clock = { now(): number };

export const systemClock: Clock = { now: () => Math.floor(Date.now() / 1000) };

/** A clock that follows the system clock plus an adjustable offset. */
export function offsetClock(): Clock & { advance(seconds: number): void } {
  let offset = 0;
  return {
    now: () => Math.floor(Date.now() / 1000) + offset,
    advance(seconds: number) {
      offset += seconds;
    },
  };
}
