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
  /** Sends and waits until the mail server took it. */
  send(message: MailMessage): Promise<void>;
  /**
   * Hands a mail (a booking's e-mails, a reset code) over. Sent in the background when `inBackground` (SMTP):
   * a slow or unreachable mail server holds up no answer, and a failure is logged. Otherwise (the outbox
   * table, a local write) it is written before this resolves, so a request's mail is there once it answered.
   */
  notify(message: MailMessage): Promise<void>;
}

/** The mail server's time limits (ms). */
export const SMTP_TIME_LIMITS = { connectionTimeout: 8_000, greetingTimeout: 8_000, socketTimeout: 12_000 };

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

export interface MailerOptions {
  inBackground: boolean;
  /** Where a notification that failed in the background is reported. */
  onBackgroundFailure: (err: unknown, message: MailMessage) => void;
}

export function createMailer(transporter: Transporter, from: string, options: MailerOptions): Mailer {
  const send = async (message: MailMessage) => {
    await transporter.sendMail({ from, ...message });
  };
  return {
    send,
    async notify(message) {
      if (!options.inBackground) return send(message);
      send(message).catch((err: unknown) => options.onBackgroundFailure(err, message));
    },
  };
}

/** SMTP when a URL is configured, otherwise the outbox table. */
export function defaultTransporter(smtpUrl: string | null, db: Kysely<Database>, clock: Clock): Transporter {
  return smtpUrl
    ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIME_LIMITS })
    : nodemailer.createTransport(outboxTransport(db, clock));
}
