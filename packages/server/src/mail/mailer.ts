import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
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
 * Sends through SMTP when configured, otherwise writes the mail to the log.
 * Every mail also lands in the outbox: `<data dir>/outbox/*.json` and memory.
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
      try {
        await mkdir(outboxDir, { recursive: true });
        const file = `${Date.now()}-${randomBytes(4).toString('hex')}.json`;
        await writeFile(join(outboxDir, file), JSON.stringify(mail, null, 2));
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
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      } else {
        log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail (no SMTP configured)');
      }
    },
    outbox(email) {
      const wanted = email?.trim().toLowerCase();
      return kept.filter((m) => !wanted || m.to === wanted);
    },
  };
}
