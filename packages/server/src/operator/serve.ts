import type { FastifyInstance } from 'fastify';
import { backupBySocket } from '../backup/cli';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { describeError, OPERATOR_COMMANDS } from './commands';
import { listenOperatorSocket, type OperatorRequest } from './socket';

/** What a command run for the CLI answers: the lines it printed, and the error it ended with, if any. */
export type CommandOutcome = { output: string[]; error?: string };

/**
 * The operator socket of a server on the embedded database, which holds the data folder: the CLI's `backup`
 * and operator commands (accounts, announcements, tournaments, review, archives) run here while the server
 * serves, with its sessions and live channels (a ban closes the account's links at once). On PostgreSQL the CLI
 * opens the database itself and none is needed. Null when there is none.
 */
export async function startOperatorSocket(
  config: Config,
  database: Database,
  app: FastifyInstance,
): Promise<{ close(): Promise<void> } | null> {
  if (database.kind !== 'pglite') return null;
  const runCommand = async (request: OperatorRequest): Promise<CommandOutcome> => {
    const { args, cwd } = request;
    if (!Array.isArray(args) || !args.every((a) => typeof a === 'string') || typeof cwd !== 'string')
      throw new Error('cli needs "args" (strings) and "cwd"');
    const [name, ...rest] = args as string[];
    const command =
      name !== undefined && Object.hasOwn(OPERATOR_COMMANDS, name) ? OPERATOR_COMMANDS[name] : undefined;
    if (!command) throw new Error(`unknown operator command: ${name ?? ''}`);
    // The command's words may hold a password: only its name is logged.
    app.log.info({ command: name, sub: rest[0] }, 'operator command');
    const output: string[] = [];
    try {
      await command(rest, {
        withCtx: (run) => run({ ...app.deps, actor: null, ip: 'cli', now: app.deps.clock.now() }),
        print: (line) => output.push(line),
        cwd,
      });
      return { output };
    } catch (err) {
      return { output, error: describeError(err) };
    }
  };
  try {
    return await listenOperatorSocket(
      config.dataDir,
      { backup: backupBySocket(config, database, app.log), cli: runCommand },
      app.log,
    );
  } catch (err) {
    // The server runs without it (a data folder path too long for a Unix socket, say): operator commands then
    // need the server stopped.
    app.log.warn(
      { err },
      'the operator socket could not be opened: operator commands need the server stopped',
    );
    return null;
  }
}
