import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LANGS } from '@taikai/protocol';
import type { Ctx } from '../context';
import * as operator from '../domains/accounts/operator';
import { importArchive } from '../domains/archives/import';
import { readArchive } from '../domains/archives/reader';
import { setOperatorLock } from '../domains/contests/lock';
import { awaitingReview, decideReview } from '../domains/contests/review';
import * as levels from '../domains/levels/service';
import { ContestError } from '../http/errors';

// The operator's commands on accounts, announcements, tournaments, review and archives. They run in the CLI's own
// process on a database it opens, or, while a server holds the embedded data folder, in that server (through the
// operator socket), so that nothing waits for the server to stop.

export const USAGE = `taikai — tournament platform server

  serve                                   console + API on PORT (default 3000)
  migrate                                 apply database migrations and exit
  backup [--out FILE]                     write a backup while the server runs (default into TAIKAI_BACKUP_DIR)
  restore FILE                            restore a backup into a new data folder or an empty database
  account create --email E --nickname N [--password P] [--operator]
                                          --operator: an operator account (may use the operator console)
  account grant <email|id> <amount>       add premium currency
  account take <email|id> <amount>        take premium currency
  account password <email|id> [--password P]  set a new password (random unless given); ends its sessions
  account ban <email|id|ip|device:ID>     refuse logins and registrations (and end sessions of an account);
                                          device:ID names a browser (its id in the operator console)
  account unban <email|id|ip|device:ID>
  account allow-create <email|id>         allow creating tournaments
  account deny-create <email|id>
  account level <email|id> <4p|3p> <code>  put an account at a level (e.g. 10301) with 0 points
  account zone <email|id> <1|2|3>         set an account's zone: 1 CN, 2 JP, 3 US/international
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
TAIKAI_DEFAULT_ZONE (zone of new accounts: 1 CN, 2 JP, 3 US/international, the default),
TAIKAI_BACKUP_DIR (<data dir>/backups), TAIKAI_BACKUP_EVERY_MINUTES (scheduled backups), TAIKAI_BACKUP_KEEP (7).`;

/** An operator command's error as the operator reads it: a contest error with its code. */
export function describeError(err: unknown): string {
  if (err instanceof ContestError) return `error ${err.code}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}

/** Where an operator command runs: its service context, where its output goes, the folder paths are taken from. */
export type CommandEnv = {
  withCtx<T>(run: (ctx: Ctx) => Promise<T>): Promise<T>;
  print(line: string): void;
  cwd: string;
};

/** The commands that run in either place, by name. */
export const OPERATOR_COMMANDS: Record<string, (args: string[], env: CommandEnv) => Promise<void>> = {
  account: accountCommand,
  announce: announceCommand,
  contest: contestCommand,
  review: reviewCommand,
  archive: archiveCommand,
};

function amountOf(text: string | undefined): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`amount must be a positive integer, got ${text}`);
  return n;
}

async function accountCommand(args: string[], env: CommandEnv): Promise<void> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      nickname: { type: 'string' },
      password: { type: 'string' },
      operator: { type: 'boolean' },
    },
  });
  const [ref, amount] = positionals;
  const need = (v: string | undefined, what: string) => {
    if (!v) throw new Error(`missing ${what}\n\n${USAGE}`);
    return v;
  };
  await env.withCtx(async (ctx) => {
    switch (sub) {
      case 'create': {
        const created = await operator.createAccount(ctx, {
          email: need(values.email, '--email'),
          nickname: need(values.nickname, '--nickname'),
          password: values.password,
          isOperator: values.operator === true,
        });
        env.print(
          `${values.operator ? 'operator account' : 'account'} ${created.publicId} (internal id ${created.id}) created: ${created.email}`,
        );
        if (!values.password) env.print(`password: ${created.password}`);
        return;
      }
      case 'grant':
      case 'take': {
        const n = amountOf(amount);
        const balance = await operator.adjustCurrency(ctx, need(ref, 'account'), sub === 'grant' ? n : -n);
        env.print(`currency of ${ref} is now ${balance}`);
        return;
      }
      case 'password': {
        const password = await operator.setPassword(ctx, need(ref, 'account'), values.password);
        env.print(`password of ${ref} set; its sessions are ended`);
        if (!values.password) env.print(`password: ${password}`);
        return;
      }
      case 'ban':
      case 'unban': {
        const target = await operator.setBan(ctx, need(ref, 'target'), sub === 'ban');
        env.print(`${sub === 'ban' ? 'banned' : 'unbanned'} ${target.kind} ${target.value}`);
        return;
      }
      case 'allow-create':
      case 'deny-create':
        await operator.setCreateRight(ctx, need(ref, 'account'), sub === 'allow-create');
        env.print(`${ref} ${sub === 'allow-create' ? 'may' : 'may not'} create tournaments`);
        return;
      case 'level': {
        const [, ladder, code] = positionals;
        const type = ladder === '4p' ? 1 : ladder === '3p' ? 2 : 0;
        if (!type) throw new Error(`ladder must be 4p or 3p, got ${ladder ?? ''}\n\n${USAGE}`);
        const shown = await levels.setLevel(
          ctx,
          need(ref, 'account'),
          type,
          Number(need(code, 'level code')),
        );
        const now = shown.levels.find((l) => l.type === type);
        env.print(`${ladder} level of ${ref} is now ${now?.level} (${now?.points} points)`);
        return;
      }
      case 'zone': {
        const shown = await levels.setZone(ctx, need(ref, 'account'), Number(need(amount, 'zone')));
        env.print(`zone of ${ref} is now ${shown.zone}`);
        return;
      }
      default:
        throw new Error(`unknown account command: ${sub ?? ''}\n\n${USAGE}`);
    }
  });
}

async function announceCommand(args: string[], env: CommandEnv): Promise<void> {
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
  await env.withCtx(async (ctx) => {
    const row = await operator.announce(ctx, {
      lang: values.lang,
      title: values.title!,
      content: values.content!,
    });
    env.print(`announcement ${row.id} published (${row.lang})`);
  });
}

/** A tournament's public six-digit id, as the console shows it. */
function contestIdOf(text: string | undefined): number {
  const n = Number(text);
  if (!text || !Number.isInteger(n) || n <= 0) throw new Error(`missing or invalid <contest_id>\n\n${USAGE}`);
  return n;
}

async function contestCommand(args: string[], env: CommandEnv): Promise<void> {
  const [sub, ref] = args;
  if (sub !== 'lock' && sub !== 'unlock')
    throw new Error(`unknown contest command: ${sub ?? ''}\n\n${USAGE}`);
  const contestId = contestIdOf(ref);
  await env.withCtx(async (ctx) => {
    await setOperatorLock(ctx, contestId, sub === 'lock');
    env.print(`tournament ${contestId} ${sub === 'lock' ? 'locked' : 'unlocked'}`);
  });
}

const shown = (text: { lang: string; content: string }[] | undefined) =>
  (text ?? []).map((e) => `[${e.lang}] ${JSON.stringify(e.content)}`).join(' ') || '(empty)';

async function reviewCommand(args: string[], env: CommandEnv): Promise<void> {
  const [sub, ref] = args;
  await env.withCtx(async (ctx) => {
    switch (sub) {
      case 'list': {
        const rows = await awaitingReview(ctx);
        if (rows.length === 0) env.print('nothing awaiting review');
        for (const row of rows) {
          const p = row.pendingText!;
          env.print(
            `${row.contestId}  submitted ${new Date(p.submitTime * 1000).toISOString()} by account ${p.submitterId}`,
          );
          const parts = [
            ['name', row.name, p.name],
            ['public notice', row.publicNotice, p.publicNotice],
            ['private notice', row.privateNotice, p.privateNotice],
          ] as const;
          for (const [label, now, next] of parts) {
            if (next) env.print(`  ${label}: ${shown(now)}\n    → ${shown(next)}`);
          }
        }
        return;
      }
      case 'approve':
      case 'refuse': {
        const contestId = contestIdOf(ref);
        await decideReview(ctx, contestId, sub === 'approve');
        env.print(`tournament ${contestId}: pending text ${sub === 'approve' ? 'approved' : 'refused'}`);
        return;
      }
      default:
        throw new Error(`unknown review command: ${sub ?? ''}\n\n${USAGE}`);
    }
  });
}

async function archiveCommand(args: string[], env: CommandEnv): Promise<void> {
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
  const archive = await readArchive(resolve(env.cwd, file));
  await env.withCtx(async (ctx) => {
    const done = await importArchive(ctx, archive, values.owner);
    env.print(
      `tournament ${done.contestId} (unique id ${done.uniqueId}) imported: ${done.seasons} seasons, ` +
        `${done.records} records, ${done.players} players`,
    );
  });
}
