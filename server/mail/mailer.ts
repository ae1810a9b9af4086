/**
 * Sending mail: over SMTP (nodemailer) when `SMTP_URL` is set, otherwise into the outbox table,
 * which `GET /users/dev/outbox` lists in demo mode, so the embedded default needs nothing else.
 */
import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import type { Logger } from '../log';
import { insertMail } from '../repos/outbox';

/** One email, in both forms. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** 'smtp' or 'outbox', for the start-up banner. */
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Default sender address. */
export const MAIL_FROM = 'Yunxiao <no-reply@yx.example.com>';

/** Keeps mail in the `outbox` table. */
export function outboxMailer(db: Kysely<Database>, clock: Clock): Mailer {
  return {
    kind: 'outbox',
    send: (mail) => insertMail(db, { ...mail, created_at: clock.now() }),
    close: () => {},
  };
}

/** Sends mail through the SMTP server at `url` (`smtp://user:pass@host:587`, `smtps://…`). */
export function smtpMailer(url: string, log: Logger, from = MAIL_FROM): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      // Recipient and subject are not secrets; the body may hold a code, so it is not logged.
      log.info('mail sent', { to: mail.to, subject: mail.subject, messageId: info.messageId });
    },
    close: () => transport.close(),
  };
}
