/** Game states (spec §3): 1 waiting, 2 started/running, 3 finished, 4 expired, 5 cancelled or terminated. */
export const GameState = { WAITING: 1, RUNNING: 2, FINISHED: 3, EXPIRED: 4, STOPPED: 5 } as const;
