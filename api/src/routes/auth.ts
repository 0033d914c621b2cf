import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { currentUser } from '../http/auth.js';
import { fieldError, forbidden, HttpError, tooManyRequests, unauthorized } from '../http/errors.js';
import { emailField, fileField, nameField, passwordField, roleField } from '../http/fields.js';
import { send } from '../http/reply.js';
import { askingTab, envelope, nullable, responses, socketIdHeaders, userSchema } from '../http/schemas.js';
import { isUniqueViolation, lockOnPostgres, type Database } from '../db/index.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../domain/password.js';
import { newBearerToken, hashToken, sessionExpiresAt } from '../domain/tokens.js';
import { checkOtp, generateOtp, hashOtp, OTP_MAX_ATTEMPTS, OTP_TTL_MS } from '../domain/otp.js';
import { withHardening } from '../db/hardeningSchema.js';
import { findUserByEmail, userWithStats } from '../queries/users.js';
import { profileEvent } from '../services/profileEvent.js';
import { discardUpload, storeUpload } from '../services/uploads.js';
import type { Role, UserRow, UserUpdate } from '../db/schema.js';

const tags = ['auth'];
const security = [{ bearerAuth: [] }];
const RESET_SENT = 'Email has been sent to your email address';
const OTP_INVALID = 'The OTP is invalid or has expired.';
const OTP_LOCKED = 'Too many wrong codes. Please request a new OTP.';

/** The 429 of the 6th login try within the minute; the login screen shows this message. */
export function loginThrottledMessage(seconds: number): string {
  return `Too many login attempts. Please try again in ${seconds} seconds.`;
}

/** The 429 of a sign-up past the hour's limit for one client address. */
export function signupThrottledMessage(seconds: number): string {
  return `Too many sign-ups from this network. Please try again in ${Math.ceil(seconds / 60)} minutes.`;
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

export default async function authRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const sessionPolicy = () => ({ lifetimeMs: ctx.config.sessionLifetimeMs, idleMs: ctx.config.sessionIdleMs });

  app.post<{
    Body: { first_name: string; last_name: string; email: string; password: string; password_confirmation: string; role: Role };
  }>(
    '/api/auth/register',
    {
      schema: {
        tags,
        summary: 'Sign up as a Customer or a Provider',
        body: {
          type: 'object',
          required: ['first_name', 'last_name', 'email', 'password', 'password_confirmation', 'role'],
          properties: {
            first_name: nameField,
            last_name: nameField,
            email: emailField,
            password: passwordField,
            password_confirmation: { type: 'string', 'x-messages': { required: 'Confirm password is required' } },
            role: roleField,
          },
        },
        response: responses({ 201: envelope(userSchema) }, [400, 429]),
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.password_confirmation === '') throw fieldError('password_confirmation', 'Confirm password is required');
      if (body.password !== body.password_confirmation) throw fieldError('password_confirmation', 'Password must match');
      // Counted before the password's hash, the work a stream of new addresses would make the server do.
      const wait = await ctx.signupThrottle.attempt(request.ip);
      if (wait > 0) throw tooManyRequests(signupThrottledMessage(wait), wait);
      const email = normaliseEmail(body.email);
      const now = ctx.clock.now().toISOString();
      const passwordHash = await hashPassword(body.password);
      try {
        const user = await ctx.db
          .insertInto('users')
          .values({
            first_name: body.first_name.trim(),
            last_name: body.last_name.trim(),
            email,
            password_hash: passwordHash,
            role: body.role,
            phone: null,
            address: null,
            avatar: null,
            bio: null,
            year_of_exp: null,
            basic_price_cents: null,
            payment_customer_ref: null,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return send(reply, await userWithStats(ctx.db, user), 'Registered successfully. Please log in.', 201);
      } catch (err) {
        if (isUniqueViolation(err)) throw fieldError('email', 'The email has already been taken.');
        throw err;
      }
    },
  );

  app.post<{ Body: { email: string; password: string; device_id?: string; role?: Role } }>(
    '/api/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in; answers the user and a bearer token. 5 failed tries a minute per email and IP.',
        body: {
          type: 'object',
          required: ['email', 'password'],
          properties: {
            email: emailField,
            password: passwordField,
            device_id: { type: 'string', maxLength: 255 },
            role: roleField,
          },
        },
        response: responses(
          {
            200: envelope({
              type: 'object',
              properties: {
                user: userSchema,
                token: { type: 'string' },
                expires_at: {
                  type: 'string',
                  description:
                    'When the token stops working unless used again (the idle timeout); at the latest its absolute lifetime.',
                },
              },
            }),
          },
          [400, 401, 403, 429],
        ),
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email);
      const key = `${email}|${request.ip}`;
      // Counted before the password check, in the store every instance shares: of any number of
      // parallel tries, at most 5 a minute reach verifyPassword.
      const wait = await ctx.loginThrottle.attempt(key);
      if (wait > 0) throw tooManyRequests(loginThrottledMessage(wait), wait);

      const user = await findUserByEmail(ctx.db, email);
      const valid = await verifyPassword(request.body.password, user?.password_hash ?? (await dummyPasswordHash()));
      if (!user || !valid) throw unauthorized('These credentials do not match our records.');
      await ctx.loginThrottle.clear(key);
      if (request.body.role && request.body.role !== user.role) {
        throw forbidden(`This account is registered as a ${user.role}. Please sign in as a ${user.role}.`);
      }
      const token = newBearerToken();
      const now = ctx.clock.now();
      const db = withHardening(ctx.db);
      const policy = sessionPolicy();
      // This user's tokens that can no longer be used go now (each is also deleted when presented).
      await db
        .deleteFrom('api_tokens')
        .where('user_id', '=', user.id)
        .where((eb) =>
          eb.or([
            eb('created_at', '<=', new Date(now.getTime() - policy.lifetimeMs).toISOString()),
            eb(eb.fn.coalesce('last_used_at', 'created_at'), '<=', new Date(now.getTime() - policy.idleMs).toISOString()),
          ]),
        )
        .execute();
      await db
        .insertInto('api_tokens')
        .values({
          user_id: user.id,
          token_hash: hashToken(token),
          device_id: request.body.device_id ?? null,
          created_at: now.toISOString(),
          last_used_at: now.toISOString(),
        })
        .execute();
      const expiresAt = new Date(sessionExpiresAt({ created_at: now, last_used_at: now }, policy)).toISOString();
      return send(reply, { user: await userWithStats(ctx.db, user), token, expires_at: expiresAt }, 'Login successful');
    },
  );

  app.post(
    '/api/auth/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Revoke the bearer token of this request',
        response: responses({ 200: envelope({ type: 'null' }) }, [401]),
      },
    },
    async (request, reply) => {
      await ctx.db.deleteFrom('api_tokens').where('token_hash', '=', request.tokenHash!).execute();
      ctx.publisher.endConnectionsOf(currentUser(request).id);
      return send(reply, null, 'Logged out successfully');
    },
  );

  app.get(
    '/api/auth/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The signed-in user with fresh job counters',
        response: responses({ 200: envelope(userSchema) }, [401]),
      },
    },
    async (request, reply) => send(reply, await userWithStats(ctx.db, currentUser(request))),
  );

  app.post<{ Body: { email: string } }>(
    '/api/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Mail a 6-digit OTP (10-minute lifetime) to reset the password',
        body: { type: 'object', required: ['email'], properties: { email: emailField } },
        response: responses({ 200: envelope({ type: 'null' }) }, [400, 429]),
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email);
      const wait = await ctx.otpThrottle.attempt(email);
      if (wait > 0) throw tooManyRequests(`Too many reset requests. Please try again in ${wait} seconds.`, wait);

      const user = await findUserByEmail(ctx.db, email);
      // The answer is the same whether or not the account exists, so it cannot be used to find accounts.
      if (user) {
        const now = ctx.clock.now();
        const code = generateOtp();
        await ctx.db.transaction().execute(async (trx) => {
          // A new code replaces any earlier one.
          await trx
            .updateTable('password_resets')
            .set({ used_at: now.toISOString() })
            .where('user_id', '=', user.id)
            .where('used_at', 'is', null)
            .execute();
          await trx
            .insertInto('password_resets')
            .values({
              user_id: user.id,
              code_hash: hashOtp(code, user.id, ctx.config.appKey),
              attempts: 0,
              expires_at: new Date(now.getTime() + OTP_TTL_MS).toISOString(),
              used_at: null,
              created_at: now.toISOString(),
            })
            .execute();
        });
        // Handed over like a booking's mails (in the background with SMTP): waiting for the mail server, or
        // saying that it failed, would tell whoever asks that this address has an account.
        await ctx.mailer.notify({
          to: user.email,
          subject: 'Your password reset code',
          text:
            `Hello ${user.first_name},\n\nYour password reset code is ${code}.\n` +
            'It is valid for 10 minutes and can be used once.\n\n' +
            'If you did not ask to reset your password, you can ignore this email.',
        });
      }
      return send(reply, null, RESET_SENT);
    },
  );

  app.post<{ Body: { email: string; otp: string; password: string } }>(
    '/api/auth/forgot',
    {
      schema: {
        tags,
        summary:
          "Set a new password with the mailed OTP (single use, at most 5 wrong tries); answers the account's role, for its login form",
        body: {
          type: 'object',
          required: ['email', 'otp', 'password'],
          properties: {
            email: emailField,
            otp: {
              type: 'string',
              minLength: 1,
              pattern: '^[0-9]{6}$',
              'x-messages': { required: 'OTP is required', minLength: 'OTP is required', pattern: 'The OTP must be 6 digits.' },
            },
            password: passwordField,
          },
        },
        response: responses(
          {
            200: envelope({
              type: 'object',
              properties: { role: { type: 'string', enum: ['Customer', 'Provider'] } },
            }),
          },
          [400, 429],
        ),
      },
    },
    async (request, reply) => {
      const { otp, password } = request.body;
      const user = await findUserByEmail(ctx.db, request.body.email);
      if (!user) throw fieldError('otp', OTP_INVALID);
      const record = await ctx.db
        .selectFrom('password_resets')
        .selectAll()
        .where('user_id', '=', user.id)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!record) throw fieldError('otp', OTP_INVALID);
      const now = ctx.clock.now();
      const outcome = checkOtp(
        {
          code_hash: record.code_hash,
          attempts: record.attempts,
          expires_at: String(record.expires_at),
          used_at: record.used_at === null ? null : String(record.used_at),
        },
        hashOtp(otp, user.id, ctx.config.appKey),
        now,
      );
      const locked = () => new HttpError(429, OTP_LOCKED, { otp: [OTP_LOCKED] });
      if (outcome === 'locked') throw locked();
      if (outcome !== 'ok' && outcome !== 'mismatch') throw fieldError('otp', OTP_INVALID);
      // Every try, right or wrong, takes one of the code's attempts first, atomically: however many
      // tries run in parallel (on however many instances), at most OTP_MAX_ATTEMPTS are compared.
      const claimedTry = await ctx.db
        .updateTable('password_resets')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', record.id)
        .where('attempts', '<', OTP_MAX_ATTEMPTS)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimedTry.numUpdatedRows) !== 1) throw locked();
      // A wrong code reads as no code at all: the step does not tell an account from an unknown address.
      if (outcome === 'mismatch') throw fieldError('otp', OTP_INVALID);

      const passwordHash = await hashPassword(password);
      const changed = await ctx.db.transaction().execute(async (trx) => {
        // Claiming the code and setting the password happen together; a second use finds it claimed.
        const claimed = await trx
          .updateTable('password_resets')
          .set({ used_at: now.toISOString() })
          .where('id', '=', record.id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return false;
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: now.toISOString() })
          .where('id', '=', user.id)
          .execute();
        await trx.deleteFrom('api_tokens').where('user_id', '=', user.id).execute();
        return true;
      });
      if (!changed) throw fieldError('otp', OTP_INVALID);
      // Every session of the account was revoked: so is what any of them had subscribed to.
      ctx.publisher.endConnectionsOf(user.id);
      // The code proved the account is the caller's: its role sets their login form (deviation 53).
      return send(reply, { role: user.role }, 'Your password has been reset. Please log in.');
    },
  );

  app.post<{
    Body: {
      first_name?: string;
      last_name?: string;
      phone?: string | null;
      address?: string | null;
      bio?: string | null;
      year_of_exp?: number | null;
      basic_price?: number | null;
      email_notifications?: boolean;
      avatar?: string;
    };
    Headers: { 'x-socket-id'?: string };
  }>(
    '/api/auth/update-profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Update the profile (multipart; avatar is an image file up to 5 MB). bio, year_of_exp and basic_price apply to providers.',
        consumes: ['multipart/form-data', 'application/json'],
        headers: socketIdHeaders,
        body: {
          type: 'object',
          properties: {
            first_name: nameField,
            last_name: nameField,
            phone: nullable('string', {
              maxLength: 20,
              pattern: '^[0-9+() -]*$',
              'x-messages': {
                pattern: 'The phone must be a number.',
                maxLength: 'The phone may not be greater than 20 characters.',
              },
            }),
            address: nullable('string', { maxLength: 255 }),
            bio: nullable('string', { maxLength: 2000 }),
            year_of_exp: nullable('integer', { minimum: 0, maximum: 80 }),
            basic_price: nullable('number', { minimum: 0, maximum: 1000000 }),
            email_notifications: {
              type: 'boolean',
              'x-messages': { type: 'The email notifications field must be true or false.' },
            },
            avatar: fileField,
          },
        },
        response: responses({ 200: envelope(userSchema) }, [400, 401, 413]),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body ?? {};
      const blankToNull = (v: string | null | undefined) =>
        v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim();
      // Deviation 3's rules, as the form applies them: a phone, when given, has at least 6 digits; an
      // address, when given, at least 6 characters.
      const phone = blankToNull(body.phone);
      if (phone && phone.replace(/[^0-9]/g, '').length < 6) throw fieldError('phone', 'Phone must be at least 6 digits');
      const address = blankToNull(body.address);
      if (address && address.length < 6) throw fieldError('address', 'Address must be at least 6 characters');
      const patch: UserUpdate = { updated_at: ctx.clock.now().toISOString() };
      if (body.first_name !== undefined) patch.first_name = body.first_name.trim();
      if (body.last_name !== undefined) patch.last_name = body.last_name.trim();
      if (phone !== undefined) patch.phone = phone;
      if (address !== undefined) patch.address = address;
      if (body.email_notifications !== undefined) patch.email_notifications = body.email_notifications ? 1 : 0;
      if (user.role === 'Provider') {
        if (body.bio !== undefined) patch.bio = blankToNull(body.bio);
        if (body.year_of_exp !== undefined) patch.year_of_exp = body.year_of_exp;
        if (body.basic_price !== undefined)
          patch.basic_price_cents = body.basic_price === null ? null : Math.round(body.basic_price * 100);
      }
      const avatarFile = request.uploadedFiles?.avatar;
      const newAvatar = avatarFile
        ? (
            await storeUpload(
              ctx.config.uploadsDir,
              'avatar',
              avatarFile,
              ['image'],
              'The avatar must be an image (PNG, JPEG, WebP or GIF).',
            )
          ).path
        : null;
      if (newAvatar) patch.avatar = newAvatar;
      const update = (db: Kysely<Database>) =>
        db.updateTable('users').set(patch).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
      const updated = newAvatar ? await replaceAvatar(newAvatar) : await update(ctx.db);
      /**
       * The update with a new avatar. The one it replaces is the row's, read under the row's lock in the
       * update's transaction (not the one read at sign-in): two updates at once take turns, and each
       * removes the file the row had until it. The new file is removed when the row does not refer to it.
       */
      async function replaceAvatar(avatar: string): Promise<UserRow> {
        /** Set once the transaction's work is done: a failure after it is the commit's, which may have stored the avatar. */
        let committing = false;
        let replaced: { row: UserRow; previous: string | null };
        try {
          replaced = await ctx.db.transaction().execute(async (trx) => {
            const current = await lockOnPostgres(
              trx.selectFrom('users').select('avatar').where('id', '=', user.id),
              ctx.dialect,
              'noKeyUpdate',
            ).executeTakeFirstOrThrow();
            const row = await update(trx);
            committing = true;
            return { row, previous: current.avatar };
          });
        } catch (error) {
          const referenced = async () =>
            (await ctx.db
              .selectFrom('users')
              .select('id')
              .where('id', '=', user.id)
              .where('avatar', '=', avatar)
              .executeTakeFirst()) !== undefined;
          await discardUpload(ctx.config.uploadsDir, avatar, request.log, committing ? referenced : undefined);
          throw error;
        }
        if (replaced.previous !== avatar) await discardUpload(ctx.config.uploadsDir, replaced.previous, request.log);
        return replaced.row;
      }
      ctx.publisher.publish([profileEvent(user.id, askingTab(request))]);
      return send(reply, await userWithStats(ctx.db, updated), 'Profile updated successfully');
    },
  );
}
