import { parseArgs } from 'node:util';
import { LANGS } from '@taikai/protocol';
import pino from 'pino';
import { backupCommand, restoreCommand, startBackupServices } from './backup/cli';
import { systemClock } from './clock';
import { assertDevOutboxIsLocal, type Config, loadConfig } from './config';
import type { Ctx } from './context';
import { type Database, openDatabase } from './db/client';
import { PgSessionSignals } from './db/session-signals-pg';
import * as operator from './domains/accounts/operator';
import { LocalSessionSignals } from './domains/accounts/session-signals';
import { importArchive } from './domains/archives/import';
import { readArchive } from './domains/archives/reader';
import { setOperatorLock } from './domains/contests/lock';
import { awaitingReview, decideReview } from './domains/contests/review';
import { GameHost } from './games/host';
import { ContestError } from './http/errors';
import { createMailer } from './mail/mailer';
import { loadWordFilter } from './text/forbidden-words';

const USAGE = `taikai — tournament platform server

  serve                                   console + API on PORT (default 3000)
  migrate                                 apply database migrations and exit
  backup [--out FILE]                     write a backup while the server runs (default into TAIKAI_BACKUP_DIR)
  restore FILE                            restore a backup into a new data folder or an empty database
  account create --email E --nickname N [--password P]
  account grant <email|id> <amount>       add premium currency
  account take <email|id> <amount>        take premium currency
  account password <email|id> [--password P]  set a new password (random unless given); ends its sessions
  account ban <email|id|ip>               refuse logins (and end sessions of an account)
  account unban <email|id|ip>
  account allow-create <email|id>         allow creating tournaments
  account deny-create <email|id>
  announce --lang L --title T --content C platform announcement (lang: default, chs, chs_t, en, jp, kr)
  contest lock <contest_id>               lock a tournament's configuration (its changes answer 2558)
  contest unlock <contest_id>
  review list                             names and notices awaiting review (TAIKAI_REVIEW_TEXT=1)
  review approve <contest_id>             make a tournament's pending text public
  review refuse <contest_id>              drop it; the old text stays
  archive import FILE [--owner <email|id>]  a tournament archive (the console's download) made a tournament
                                          here, owned by the given account (default: the operator)

Environment: PORT, TAIKAI_DATA_DIR (./.data), DATABASE_URL (PostgreSQL instead of the embedded database),
SMTP_HOST/SMTP_PORT/SMTP_USER/SMTP_PASS/SMTP_FROM, TOKEN_TTL, TAIKAI_DEV_OUTBOX=1, TAIKAI_WEB_DIST,
TAIKAI_FORBIDDEN_WORDS (file of words masked in names and notices; default <data dir>/forbidden-words.txt),
TAIKAI_REVIEW_TEXT=1 (new names and notices wait for \`review approve\`),
TAIKAI_BACKUP_DIR (<data dir>/backups), TAIKAI_BACKUP_EVERY_MINUTES (scheduled backups), TAIKAI_BACKUP_KEEP (7).`;

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
      console.log(
        `\nFirst start: operator account created.\n  e-mail:   ${created.email}\n  password: ${created.password}\n` +
          'This password is shown only once.\n',
      );
    }
  }
  const app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  const stopBackups = await startBackupServices(config, database, app.log);
  app.log.info(
    { startupMs: Math.round(performance.now()), database: database.kind },
    `taikai listening on port ${config.port}`,
  );
  const stop = async () => {
    await stopBackups();
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

function amountOf(text: string | undefined): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`amount must be a positive integer, got ${text}`);
  return n;
}

async function accountCommand(config: Config, args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { email: { type: 'string' }, nickname: { type: 'string' }, password: { type: 'string' } },
  });
  const [ref, amount] = positionals;
  const need = (v: string | undefined, what: string) => {
    if (!v) throw new Error(`missing ${what}\n\n${USAGE}`);
    return v;
  };
  await withDatabase(config, async (ctx) => {
    switch (sub) {
      case 'create': {
        const created = await operator.createAccount(ctx, {
          email: need(values.email, '--email'),
          nickname: need(values.nickname, '--nickname'),
          password: values.password,
        });
        console.log(`account ${created.publicId} (internal id ${created.id}) created: ${created.email}`);
        if (!values.password) console.log(`password: ${created.password}`);
        return;
      }
      case 'grant':
      case 'take': {
        const n = amountOf(amount);
        const balance = await operator.adjustCurrency(ctx, need(ref, 'account'), sub === 'grant' ? n : -n);
        console.log(`currency of ${ref} is now ${balance}`);
        return;
      }
      case 'password': {
        const password = await operator.setPassword(ctx, need(ref, 'account'), values.password);
        console.log(`password of ${ref} set; its sessions are ended`);
        if (!values.password) console.log(`password: ${password}`);
        return;
      }
      case 'ban':
      case 'unban': {
        const target = await operator.setBan(ctx, need(ref, 'target'), sub === 'ban');
        console.log(`${sub === 'ban' ? 'banned' : 'unbanned'} ${target.kind} ${target.value}`);
        return;
      }
      case 'allow-create':
      case 'deny-create':
        await operator.setCreateRight(ctx, need(ref, 'account'), sub === 'allow-create');
        console.log(`${ref} ${sub === 'allow-create' ? 'may' : 'may not'} create tournaments`);
        return;
      default:
        throw new Error(`unknown account command: ${sub ?? ''}\n\n${USAGE}`);
    }
  });
}

async function announceCommand(config: Config, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      lang: { type: 'string', default: 'default' },
      title: { type: 'string' },
      content: { type: 'string' },
    },
  });
  if (!(LANGS as readonly string[]).includes(values.lang) || !values.title || !values.content) {
    throw new Error(`announce needs --lang (${LANGS.join(', ')}), --title and --content\n\n${USAGE}`);
  }
  await withDatabase(config, async (ctx) => {
    const row = await operator.announce(ctx, {
      lang: values.lang,
      title: values.title!,
      content: values.content!,
    });
    console.log(`announcement ${row.id} published (${row.lang})`);
  });
}

/** A tournament's public six-digit id, as the console shows it. */
function contestIdOf(text: string | undefined): number {
  const n = Number(text);
  if (!text || !Number.isInteger(n) || n <= 0) throw new Error(`missing or invalid <contest_id>\n\n${USAGE}`);
  return n;
}

async function contestCommand(config: Config, args: string[]): Promise<void> {
  const [sub, ref] = args;
  if (sub !== 'lock' && sub !== 'unlock')
    throw new Error(`unknown contest command: ${sub ?? ''}\n\n${USAGE}`);
  const contestId = contestIdOf(ref);
  await withDatabase(config, async (ctx) => {
    await setOperatorLock(ctx, contestId, sub === 'lock');
    console.log(`tournament ${contestId} ${sub === 'lock' ? 'locked' : 'unlocked'}`);
  });
}

const shown = (text: { lang: string; content: string }[] | undefined) =>
  (text ?? []).map((e) => `[${e.lang}] ${JSON.stringify(e.content)}`).join(' ') || '(empty)';

async function reviewCommand(config: Config, args: string[]): Promise<void> {
  const [sub, ref] = args;
  await withDatabase(config, async (ctx) => {
    switch (sub) {
      case 'list': {
        const rows = await awaitingReview(ctx);
        if (rows.length === 0) console.log('nothing awaiting review');
        for (const row of rows) {
          const p = row.pendingText!;
          console.log(
            `${row.contestId}  submitted ${new Date(p.submitTime * 1000).toISOString()} by account ${p.submitterId}`,
          );
          const parts = [
            ['name', row.name, p.name],
            ['public notice', row.publicNotice, p.publicNotice],
            ['private notice', row.privateNotice, p.privateNotice],
          ] as const;
          for (const [label, now, next] of parts) {
            if (next) console.log(`  ${label}: ${shown(now)}\n    → ${shown(next)}`);
          }
        }
        return;
      }
      case 'approve':
      case 'refuse': {
        const contestId = contestIdOf(ref);
        await decideReview(ctx, contestId, sub === 'approve');
        console.log(`tournament ${contestId}: pending text ${sub === 'approve' ? 'approved' : 'refused'}`);
        return;
      }
      default:
        throw new Error(`unknown review command: ${sub ?? ''}\n\n${USAGE}`);
    }
  });
}

async function archiveCommand(config: Config, args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub !== 'import') throw new Error(`unknown archive command: ${sub ?? ''}\n\n${USAGE}`);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { owner: { type: 'string' } },
  });
  const [file] = positionals;
  if (!file) throw new Error(`missing FILE\n\n${USAGE}`);
  // The whole archive is read and checked before the database is opened.
  const archive = await readArchive(file);
  await withDatabase(config, async (ctx) => {
    const done = await importArchive(ctx, archive, values.owner);
    console.log(
      `tournament ${done.contestId} (unique id ${done.uniqueId}) imported: ${done.seasons} seasons, ` +
        `${done.records} records, ${done.players} players`,
    );
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
      return accountCommand(config, args);
    case 'announce':
      return announceCommand(config, args);
    case 'contest':
      return contestCommand(config, args);
    case 'review':
      return reviewCommand(config, args);
    case 'archive':
      return archiveCommand(config, args);
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
  console.error(err instanceof ContestError ? `error ${err.code}: ${err.message}` : (err?.message ?? err));
  process.exit(1);
});
