import { createServer, type Server } from 'node:http';
import type { ServerProcess } from './server-process';

/**
 * A small HTTP endpoint of the test run itself (not of taikai): tests running in workers ask it to run
 * operator CLI commands against the server's data, with the environment of the process that started it.
 * POST /cli {commands: string[][]} → [{code, stdout, stderr}, …] (stops at the first failing command).
 */
export function startControlServer(server: ServerProcess, port: number): Promise<Server> {
  const control = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/cli') {
      res.writeHead(404).end();
      return;
    }
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', async () => {
      try {
        const { commands } = JSON.parse(body) as { commands: unknown };
        const valid =
          Array.isArray(commands) &&
          commands.every((c) => Array.isArray(c) && c.every((a) => typeof a === 'string'));
        if (!valid) throw new Error('commands: string[][]');
        const result = await server.cli(commands as string[][]);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
      } catch (err) {
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: String(err) }));
      }
    });
  });
  return new Promise((resolve, reject) => {
    control.once('error', reject);
    control.listen(port, '127.0.0.1', () => resolve(control));
  });
}
