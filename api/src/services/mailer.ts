import nodemailer, { type Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../domain/clock.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * A nodemailer transport that keeps each message in the `mail_outbox` table instead of sending it:
 * the embedded default when no SMTP server is configured.
 */
export function outboxTransport(db: Kysely<Database>, clock: Clock): nodemailer.Transport<{ messageId: string }> {
  return {
    name: 'outbox',
    version: '1.0.0',
    send(mail, callback) {
      const data = mail.data;
      const to = mail.message.getEnvelope().to ?? [];
      const text = typeof data.text === 'string' ? data.text : Buffer.isBuffer(data.text) ? data.text.toString('utf8') : '';
      const html = typeof data.html === 'string' ? data.html : null;
      const subject = data.subject ?? '';
      const createdAt = clock.now().toISOString();
      Promise.all(
        to.map((address) =>
          db
            .insertInto('mail_outbox')
            .values({ to_address: address.toLowerCase(), subject, text, html, created_at: createdAt })
            .execute(),
        ),
      ).then(
        () => callback(null, { messageId: mail.message.messageId() }),
        (err: Error) => callback(err, { messageId: '' }),
      );
    },
  };
}

export function createMailer(transporter: Transporter, from: string): Mailer {
  return {
    async send(message) {
      await transporter.sendMail({ from, ...message });
    },
  };
}

/** SMTP when a URL is configured, otherwise the outbox table. */
export function defaultTransporter(smtpUrl: string | null, db: Kysely<Database>, clock: Clock): Transporter {
  return smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport(outboxTransport(db, clock));
}
