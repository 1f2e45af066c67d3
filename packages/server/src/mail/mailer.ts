import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export type Mail = { to: string; subject: string; text: string; code: string | null; time: number };

export type Mailer = {
  send(mail: Omit<Mail, 'time'>): Promise<void>;
  /** Mails sent since start, newest last; only to `email` when given. */
  outbox(email?: string): Mail[];
};

const OUTBOX_KEPT = 1000;

/**
 * Writes a mail to `<dir>/<time>-<random>.json`, readable by the server's user only (folder 0700, file
 * 0600): the mails carry verification codes. Returns the file's path.
 */
async function fileMail(dir: string, mail: Mail): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const file = join(dir, `${Date.now()}-${randomBytes(4).toString('hex')}.json`);
  await writeFile(file, JSON.stringify(mail, null, 2), { mode: 0o600, flag: 'wx' });
  return file;
}

/**
 * Sends through SMTP when configured. Every mail also lands in the outbox: `<data dir>/outbox/*.json` and
 * memory. Without SMTP the outbox file is the delivery: the log says which file was written, never the
 * mail's subject, text or code.
 */
export function createMailer(config: Pick<Config, 'smtp' | 'dataDir'>, log: FastifyBaseLogger): Mailer {
  const transport = config.smtp
    ? nodemailer.createTransport({
        host: config.smtp.host,
        port: config.smtp.port,
        secure: config.smtp.secure,
        auth: config.smtp.user ? { user: config.smtp.user, pass: config.smtp.pass } : undefined,
      })
    : undefined;
  const kept: Mail[] = [];
  const outboxDir = join(config.dataDir, 'outbox');

  return {
    async send(message) {
      const mail: Mail = { ...message, time: Math.floor(Date.now() / 1000) };
      kept.push(mail);
      if (kept.length > OUTBOX_KEPT) kept.shift();
      let file: string | undefined;
      try {
        file = await fileMail(outboxDir, mail);
      } catch (err) {
        log.warn({ err }, 'could not write the mail to the outbox');
      }
      if (transport && config.smtp) {
        await transport.sendMail({
          from: config.smtp.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
        log.info({ to: mail.to }, 'mail sent');
      } else if (file) {
        log.info({ to: mail.to, file }, 'mail written to the outbox (no SMTP configured)');
      }
    },
    outbox(email) {
      const wanted = email?.trim().toLowerCase();
      return kept.filter((m) => !wanted || m.to === wanted);
    },
  };
}
