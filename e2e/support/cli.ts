import { inject } from 'vitest';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run taikai -- <args>` against the server's data; throws when the command fails. */
export async function taikaiCli(...args: string[]): Promise<CliResult> {
  const res = await fetch(`${inject('controlUrl')}/cli`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ args }),
  });
  const body = (await res.json()) as CliResult & { error?: string };
  if (!res.ok) throw new Error(`cli ${args.join(' ')}: ${body.error}`);
  if (body.code !== 0) {
    throw new Error(`cli ${args.join(' ')} exited with ${body.code}:\n${body.stdout}\n${body.stderr}`);
  }
  return body;
}
