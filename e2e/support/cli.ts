import { inject } from 'vitest';
import type { CliResult } from './server-process';

/**
 * Runs operator commands (`npm run taikai -- <args>`) against the server's data, in order; throws when one
 * fails. On the embedded database the server is stopped once for the whole batch and started again.
 */
export async function taikaiCli(...commands: string[][]): Promise<CliResult[]> {
  const res = await fetch(`${inject('controlUrl')}/cli`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ commands }),
  });
  const body = (await res.json()) as CliResult[] | { error: string };
  if (!res.ok || !Array.isArray(body)) throw new Error(`cli: ${'error' in body ? body.error : res.status}`);
  body.forEach((result, i) => {
    if (result.code !== 0) {
      throw new Error(
        `cli ${commands[i].join(' ')} exited with ${result.code}:\n${result.stdout}\n${result.stderr}`,
      );
    }
  });
  if (body.length !== commands.length)
    throw new Error(`cli: ${body.length} of ${commands.length} commands ran`);
  return body;
}
