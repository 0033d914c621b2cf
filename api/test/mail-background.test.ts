/**
 * Booking e-mails and reset codes through an SMTP server go in the background: a mail server that is
 * slow or down holds up no booking or status change (the client gives up after 30 s and would report a
 * booking made as failed), a reset request is answered alike whether or not the account exists, and a
 * mail that fails is logged. Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import nodemailer from 'nodemailer';
import type { Job } from 'shared/src/contracts/entities';
import {
  DIALECTS,
  addCard,
  bookingBody,
  ensureService,
  signUp,
  signUpProvider,
  startTestServer,
  type TestServer,
  type TestUser,
} from './helpers.js';

/** A mail server that takes the connection and never answers, or refuses every mail. */
function mailServer(behaviour: 'silent' | 'refusing') {
  const sent: string[] = [];
  const server: nodemailer.Transport<{ messageId: string }> = {
    name: behaviour,
    version: '1',
    send(mail, callback) {
      sent.push(String(mail.data.subject));
      if (behaviour === 'refusing') callback(new Error('550 mailbox unavailable'), { messageId: '' });
    },
  };
  return { transport: nodemailer.createTransport(server), sent };
}

/** The request's answer, or a failure naming what it waited on after `ms` (the test must not hang). */
function answeredWithin<T>(ms: number, what: string, request: Promise<T>): Promise<T> {
  return Promise.race([
    request,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer, waiting on the mail`)), ms)),
  ]);
}

for (const dialect of DIALECTS) {
  describe(`booking e-mails in the background (${dialect})`, () => {
    for (const behaviour of ['silent', 'refusing'] as const) {
      describe(`a mail server ${behaviour === 'silent' ? 'that never answers' : 'that refuses the mail'}`, () => {
        let s: TestServer;
        let customer: TestUser;
        let provider: TestUser;
        let serviceId: number;
        let card: { id: number };
        const server = mailServer(behaviour);
        const logged: string[] = [];

        before(async () => {
          s = await startTestServer(dialect, {
            mailTransport: server.transport,
            mailInBackground: true,
            logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
          });
          serviceId = await ensureService(s);
          [customer, provider] = await Promise.all([signUp(s, 'Customer'), signUpProvider(s, 25)]);
          card = await addCard(s, customer);
        });
        after(() => s.close());

        test('a booking is answered as made, and its acceptance too; the mails were handed over', async () => {
          const booked = await answeredWithin(
            10_000,
            'POST /api/jobs',
            s.req<{ data: Job }>('POST', '/api/jobs', {
              token: customer.token,
              json: bookingBody(provider.id, serviceId, card.id),
            }),
          );
          assert.equal(booked.status, 201, JSON.stringify(booked.body));
          const accepted = await answeredWithin(
            10_000,
            'PATCH /api/jobs/:id',
            s.req<{ data: Job[] }>('PATCH', `/api/jobs/${booked.body.data.id}`, {
              token: provider.token,
              json: { status: 'Accepted' },
            }),
          );
          assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
          const id = booked.body.data.id;
          assert.equal(accepted.body.data.find((job) => job.id === id)?.status, 'Accepted');
          assert.ok(
            server.sent.some((subject) => subject.startsWith(`New booking request #${id}:`)),
            server.sent.join('\n'),
          );
          assert.ok(server.sent.includes(`Your booking #${id} was accepted`), server.sent.join('\n'));
          if (behaviour === 'refusing') {
            const failures = logged.filter((line) => line.includes('e-mail not sent'));
            assert.ok(
              failures.some((line) => line.includes(`Your booking #${id} was accepted`)),
              logged.join('\n'),
            );
          }
        });

        test('a reset request is answered the same for an account and for no account; the code was handed over', async () => {
          const ask = (email: string) =>
            answeredWithin(
              10_000,
              'POST /api/auth/reset-password',
              s.req('POST', '/api/auth/reset-password', { json: { email } }),
            );
          const known = await ask(customer.email);
          const unknown = await ask(`nobody-${Date.now()}@example.com`);
          assert.equal(known.status, 200, JSON.stringify(known.body));
          assert.deepEqual(known.body, unknown.body);
          assert.equal((known.body as { message: string }).message, 'Email has been sent to your email address');
          assert.equal(server.sent.filter((subject) => subject === 'Your password reset code').length, 1);
          if (behaviour === 'refusing') {
            await new Promise((resolve) => setTimeout(resolve, 50));
            assert.ok(
              logged.some((line) => line.includes('e-mail not sent') && line.includes('Your password reset code')),
              logged.join('\n'),
            );
          }
        });
      });
    }
  });
}
