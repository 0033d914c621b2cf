/**
 * A file a request stores (a chat attachment, an avatar) is left on disk only when the request leaves it
 * referenced: a send that fails after its file was stored, the loser of two sends with one
 * Idempotency-Key, an avatar update that fails, and the earlier of two avatar updates at once leave no
 * file behind; a file that is referenced is never removed. Runs on SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { sql } from 'kysely';
import type { Message } from 'shared/src/contracts/entities';
import { DIALECTS, FILES, formWith, signUp, startTestServer, type Res, type TestServer, type TestUser } from './helpers.js';

const UPLOADS = '/uploads/';

for (const dialect of DIALECTS) {
  describe(`files of requests that do not keep them (${dialect})`, () => {
    let s: TestServer;
    let customer: TestUser;
    let provider: TestUser;
    before(async () => {
      s = await startTestServer(dialect);
      [customer, provider] = await Promise.all([signUp(s, 'Customer'), signUp(s, 'Provider')]);
    });
    after(() => s.close());

    /** The names of the files in the uploads folder. */
    const files = async () => {
      try {
        return (await fs.readdir(s.uploadsDir)).sort();
      } catch {
        return [];
      }
    };
    /** The files added since `before`. */
    const filesAddedSince = async (earlier: string[]) => (await files()).filter((f) => !earlier.includes(f));
    const fileOf = (publicPath: string) => {
      assert.ok(publicPath.startsWith(UPLOADS), publicPath);
      return publicPath.slice(UPLOADS.length);
    };

    const sendPhoto = (key?: string) =>
      s.req<{ data: Message }>('POST', '/api/chats', {
        token: customer.token,
        headers: key ? { 'idempotency-key': key } : undefined,
        form: formWith(
          { customer_id: customer.id, provider_id: provider.id, message_type: 'photo', message: '' },
          { field: 'attachment', data: FILES.png, name: 'dent.png', type: 'image/png' },
        ),
      });
    const setAvatar = (user: TestUser) =>
      s.req('POST', '/api/auth/update-profile', {
        token: user.token,
        form: formWith({}, { field: 'avatar', data: FILES.png, name: 'me.png', type: 'image/png' }),
      });
    const avatarOf = async (user: TestUser) =>
      (await s.app.ctx.db.selectFrom('users').select('avatar').where('id', '=', user.id).executeTakeFirstOrThrow()).avatar;
    const messagesWithKey = (key: string) =>
      s.app.ctx.db.selectFrom('messages').selectAll().where('from_id', '=', customer.id).where('client_key', '=', key).execute();

    /**
     * Sends a request, and runs `meanwhile` to its end once the request is about to open its transaction
     * (the next db.transaction() the API starts): after it stored its file, before it writes the row.
     */
    const beforeItsTransaction = async <T>(send: () => Promise<T>, meanwhile: () => Promise<void>): Promise<T> => {
      const db = s.app.ctx.db;
      const transaction = db.transaction.bind(db);
      let ran = false;
      db.transaction = () => {
        db.transaction = transaction;
        const builder = transaction();
        const execute = builder.execute.bind(builder);
        builder.execute = async (callback) => {
          ran = true;
          await meanwhile();
          return execute(callback);
        };
        return builder;
      };
      try {
        const answer = await send();
        assert.ok(ran, 'the request opened no transaction');
        return answer;
      } finally {
        db.transaction = transaction;
      }
    };

    /** Runs `run` while every write of the column `avatar` of `user`'s row, or every new message, fails in the database. */
    const whileWritesFail = async (
      target: { table: 'users'; userId: number } | { table: 'messages' },
      run: () => Promise<void>,
    ) => {
      const db = s.app.ctx.db;
      const trigger = `planned_failure_${target.table}`;
      const on = target.table === 'users' ? 'before update of avatar on users' : 'before insert on messages';
      const when = target.table === 'users' ? `new.id = ${Number(target.userId)}` : 'true';
      if (dialect === 'sqlite') {
        await sql
          .raw(`create trigger ${trigger} ${on} when ${when} begin select raise(abort, 'planned failure'); end`)
          .execute(db);
      } else {
        await sql
          .raw(
            `create or replace function planned_failure() returns trigger language plpgsql as $$ begin raise exception 'planned failure'; end $$`,
          )
          .execute(db);
        await sql
          .raw(`create trigger ${trigger} ${on} for each row when (${when}) execute function planned_failure()`)
          .execute(db);
      }
      try {
        await run();
      } finally {
        await sql
          .raw(dialect === 'sqlite' ? `drop trigger ${trigger}` : `drop trigger ${trigger} on ${target.table}`)
          .execute(db);
      }
    };

    describe('chat attachments', () => {
      test('of two sends with one Idempotency-Key, the one that loses the race removes its file; the message keeps the other', async () => {
        const key = `race-${dialect}-${Date.now()}`;
        const earlier = await files();
        let winner: Res<{ data: Message }> | undefined;
        // The first request has stored its file and is about to insert its message when the second, the
        // same send again, stores its own file and its message: the first finds the key taken.
        const loser = await beforeItsTransaction(
          () => sendPhoto(key),
          async () => {
            winner = await sendPhoto(key);
          },
        );
        assert.equal(winner?.status, 201, JSON.stringify(winner?.body));
        assert.equal(loser.status, 201, JSON.stringify(loser.body));
        assert.deepEqual(loser.body.data, winner.body.data, 'the loser answers the stored message');
        const stored = await messagesWithKey(key);
        assert.equal(stored.length, 1);
        assert.deepEqual(await filesAddedSince(earlier), [fileOf(stored[0].attachment!)], 'one file, the message’s');
        assert.equal((await fetch(s.url + stored[0].attachment!)).status, 200);
      });

      test('three sends at once with one Idempotency-Key and a file each leave one file, the message’s', async () => {
        const key = `burst-${dialect}-${Date.now()}`;
        const earlier = await files();
        const answers = await Promise.all([sendPhoto(key), sendPhoto(key), sendPhoto(key)]);
        assert.deepEqual(
          answers.map((a) => a.status),
          [201, 201, 201],
        );
        const stored = await messagesWithKey(key);
        assert.equal(stored.length, 1);
        for (const a of answers) assert.equal(a.body.data.id, stored[0].id);
        assert.deepEqual(await filesAddedSince(earlier), [fileOf(stored[0].attachment!)]);
      });

      test('a send again with a stored Idempotency-Key (a retry) writes no file', async () => {
        const key = `retry-${dialect}-${Date.now()}`;
        const earlier = await files();
        const first = await sendPhoto(key);
        assert.equal(first.status, 201);
        const again = await sendPhoto(key);
        assert.equal(again.status, 201);
        assert.deepEqual(again.body.data, first.body.data);
        assert.deepEqual(await filesAddedSince(earlier), [fileOf(first.body.data.attachment!)]);
      });

      test('a send that fails after its file was stored leaves no file, and no message', async () => {
        const key = `failing-${dialect}-${Date.now()}`;
        const earlier = await files();
        await whileWritesFail({ table: 'messages' }, async () => {
          const res = await sendPhoto(key);
          assert.equal(res.status, 500, JSON.stringify(res.body));
        });
        assert.deepEqual(await messagesWithKey(key), []);
        assert.deepEqual(await filesAddedSince(earlier), []);
        // The same send once the database takes it again stores its file as usual.
        const retried = await sendPhoto(key);
        assert.equal(retried.status, 201);
        assert.deepEqual(await filesAddedSince(earlier), [fileOf(retried.body.data.attachment!)]);
      });
    });

    describe('avatars', () => {
      test('an avatar update that fails leaves no new file, and the old avatar in place', async () => {
        const user = await signUp(s, 'Customer');
        assert.equal((await setAvatar(user)).status, 200);
        const old = await avatarOf(user);
        assert.ok(old);
        const earlier = await files();
        await whileWritesFail({ table: 'users', userId: user.id }, async () => {
          const res = await setAvatar(user);
          assert.equal(res.status, 500, JSON.stringify(res.body));
        });
        assert.deepEqual(await files(), earlier, 'no file added, none removed');
        assert.equal(await avatarOf(user), old);
        assert.equal((await fetch(s.url + old)).status, 200);
      });

      test('of avatar updates at once, only the file the user row refers to is left, and the old avatar is removed', async () => {
        const user = await signUp(s, 'Provider');
        assert.equal((await setAvatar(user)).status, 200);
        const old = await avatarOf(user);
        assert.ok(old);
        const earlier = await files();
        // Each read the same old avatar when it signed in; each stores its own file.
        const answers = await Promise.all([setAvatar(user), setAvatar(user), setAvatar(user), setAvatar(user)]);
        assert.deepEqual(
          answers.map((a) => a.status),
          [200, 200, 200, 200],
        );
        const now = await avatarOf(user);
        assert.ok(now && now !== old);
        assert.ok(
          answers.some((a) => a.body.data.avatar === now),
          'the row has the avatar of one of the answers',
        );
        assert.deepEqual(await files(), [...earlier.filter((f) => f !== fileOf(old)), fileOf(now)].sort());
        assert.equal((await fetch(s.url + old)).status, 404);
        assert.equal((await fetch(s.url + now)).status, 200);
      });

      test('an avatar update overtaken after it stored its file removes the avatar the row has then, not the one it signed in with', async () => {
        // The second update starts and ends while the first is about to write its row: the first then
        // replaces the second's avatar (the row's), not the one it read when it signed in.
        const user = await signUp(s, 'Customer');
        assert.equal((await setAvatar(user)).status, 200);
        const old = await avatarOf(user);
        assert.ok(old);
        const earlier = await files();
        let second: Res | undefined;
        const first = await beforeItsTransaction(
          () => setAvatar(user),
          async () => {
            second = await setAvatar(user);
          },
        );
        assert.equal(second?.status, 200);
        assert.equal(first.status, 200);
        const now = await avatarOf(user);
        assert.equal(now, first.body.data.avatar);
        assert.deepEqual(await files(), [...earlier.filter((f) => f !== fileOf(old)), fileOf(now!)].sort());
      });
    });
  });
}
