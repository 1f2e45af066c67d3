import { createServer } from 'node:net';

/** Ports the browser tests may use. */
const PORT_RANGE = { first: 3300, last: 3399 } as const;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '0.0.0.0', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** First free port of the range, starting at a random offset so parallel runs rarely collide. */
export async function findFreePort(exclude: readonly number[] = []): Promise<number> {
  const size = PORT_RANGE.last - PORT_RANGE.first + 1;
  const start = Math.floor(Math.random() * size);
  for (let i = 0; i < size; i++) {
    const port = PORT_RANGE.first + ((start + i) % size);
    if (!exclude.includes(port) && (await isFree(port))) return port;
  }
  throw new Error(`no free port in ${PORT_RANGE.first}-${PORT_RANGE.last}`);
}
