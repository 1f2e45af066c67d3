import pino from 'pino';
import { backupCommand, restoreCommand } from './backup/cli';
import { startBackupSchedule } from './backup/schedule';
import { systemClock } from './clock';
import { assertDevOutboxIsLocal, type Config, loadConfig } from './config';
import type { Ctx } from './context';
import { type Database, openDatabase } from './db/client';
import { PgSessionSignals } from './db/session-signals-pg';
import * as operator from './domains/accounts/operator';
import { LocalSessionSignals } from './domains/accounts/session-signals';
import { GameHost } from './games/host';
import { createMailer } from './mail/mailer';
import { describeError, OPERATOR_COMMANDS, USAGE } from './operator/commands';
import { type CommandOutcome, startOperatorSocket } from './operator/serve';
import { askServer } from './operator/socket';
import { loadWordFilter } from './text/forbidden-words';

async function openMigrated(config: Config): Promise<Database> {
  const database = await openDatabase(config);
  await database.migrate();
  return database;
}

/** A service context for operator commands: no actor, recorded as coming from the CLI. */
function operatorCtx(config: Config, database: Database): Ctx {
  const log = pino({ level: 'warn' });
  return {
    config,
    db: database.db,
    mailer: createMailer(config, log),
    clock: systemClock,
    log,
    words: loadWordFilter(config.forbiddenWordsFile),
    // Operator commands start no games: a host that is never started.
    games: new GameHost({ db: database.db, clock: systemClock, log }),
    // On PostgreSQL a ban or a new password is told to running servers, which close the account's channels.
    sessions: config.databaseUrl ? new PgSessionSignals(config.databaseUrl, log) : new LocalSessionSignals(),
    actor: null,
    ip: 'cli',
    now: systemClock.now(),
  };
}

async function serve(config: Config): Promise<void> {
  // Refused before the database is opened.
  assertDevOutboxIsLocal(config);
  // The HTTP modules load while the database starts.
  const [database, { buildApp }] = await Promise.all([openMigrated(config), import('./app')]);
  if (database.kind === 'pglite') {
    const created = await operator.ensureOperator(operatorCtx(config, database));
    if (created) {
      const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;
      console.log(
        `\nFirst start: operator account created.\n  e-mail:   ${created.email}\n  password: ${created.password}\n` +
          'This password is shown only once.\n' +
          `It holds ${created.currency} premium currency, enough for a first tournament.\n` +
          `Operator console (accounts, currency, bans, announcements, review, locks): http://${host}:${config.port}/operator\n`,
      );
    }
  }
  const app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  const operatorSocket = await startOperatorSocket(config, database, app);
  const stopBackups = startBackupSchedule(config, database, app.log);
  app.log.info(
    { startupMs: Math.round(performance.now()), database: database.kind },
    `taikai listening on port ${config.port}`,
  );
  const stop = async () => {
    await stopBackups();
    await operatorSocket?.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function withDatabase<T>(config: Config, run: (ctx: Ctx) => Promise<T>): Promise<T> {
  const database = await openMigrated(config);
  const ctx = operatorCtx(config, database);
  try {
    return await run(ctx);
  } finally {
    await ctx.sessions.close();
    await database.close();
  }
}

/**
 * An operator command: on the embedded database, run by the server that holds the data folder when one does
 * (through its operator socket), else here on the database opened for it.
 */
async function operatorCommand(config: Config, name: string, args: string[]): Promise<void> {
  if (!config.databaseUrl) {
    const answer = await askServer(config.dataDir, {
      command: 'cli',
      args: [name, ...args],
      cwd: process.cwd(),
    });
    if (answer) {
      if (!answer.ok) throw new Error(`the server could not run the command: ${answer.error}`);
      const { output, error } = answer as unknown as CommandOutcome;
      for (const line of output) console.log(line);
      if (error) throw new Error(error);
      return;
    }
  }
  await OPERATOR_COMMANDS[name]!(args, {
    withCtx: (run) => withDatabase(config, run),
    print: (line) => console.log(line),
    cwd: process.cwd(),
  });
}

export async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  const config = loadConfig();
  switch (command) {
    case 'serve':
      return serve(config);
    case 'migrate': {
      const database = await openMigrated(config);
      await database.close();
      console.log(`migrations applied (${database.kind})`);
      return;
    }
    case 'backup':
      return backupCommand(config, args);
    case 'restore':
      return restoreCommand(config, args, USAGE);
    case 'account':
    case 'announce':
    case 'contest':
    case 'review':
    case 'archive':
      return operatorCommand(config, command, args);
    case undefined:
    case 'help':
    case '--help':
      console.log(USAGE);
      return;
    default:
      throw new Error(`unknown command: ${command}\n\n${USAGE}`);
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(describeError(err));
  process.exit(1);
});
