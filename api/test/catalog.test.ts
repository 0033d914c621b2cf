import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formWith,
  DIALECTS,
  addCard,
  bookingBody,
  signUp,
  signUpProvider,
  startWithParties,
  type TestServer,
  type TestUser,
} from './helpers.js';
import type { Job, ProviderServiceData, Review, Service, UserService } from 'shared/src/contracts/entities';

for (const dialect of DIALECTS) {
  describe(`services, providers, ratings and reviews (${dialect})`, () => {
    let s: TestServer;
    let serviceId: number;
    let customer: TestUser;
    let otherCustomer: TestUser;
    let provider: TestUser;
    let otherProvider: TestUser;
    let cardId: number;

    before(async () => {
      ({ s, serviceId, customer, otherCustomer, provider, otherProvider } = await startWithParties(dialect));
      cardId = (await addCard(s, customer)).id;
    });
    after(() => s.close());

    async function completedJob(): Promise<number> {
      const job = (await s.req('POST', '/api/jobs', { token: customer.token, json: bookingBody(provider.id, serviceId, cardId) }))
        .body.data;
      await s.req('PATCH', `/api/jobs/${job.id}`, { token: provider.token, json: { status: 'Accepted' } });
      const done = await s.req('PATCH', `/api/jobs/${job.id}`, { token: provider.token, json: { status: 'Completed' } });
      assert.equal(done.status, 200);
      return job.id;
    }

    describe('services', () => {
      test('GET /api/services lists Driver, Delivery, Shipping with relative icons', async () => {
        const res = await s.req('GET', '/api/services', { token: customer.token });
        assert.equal(res.status, 200);
        assert.deepEqual(
          res.body.data.map((x: Service) => x.name),
          ['Driver', 'Delivery', 'Shipping'],
        );
        assert.ok(res.body.data.every((x: Service) => x.icon.startsWith('/static/icons/') && typeof x.description === 'string'));
        const icon = await fetch(s.url + res.body.data[0].icon);
        assert.equal(icon.status, 200);
        assert.match(icon.headers.get('content-type')!, /^image\/svg\+xml/);
        assert.equal((await s.req('GET', '/api/services')).status, 401);
      });

      test('a provider adds, lists and deletes its services; answers are the new list', async () => {
        const p = await signUp(s, 'Provider');
        const services = (await s.req('GET', '/api/services', { token: p.token })).body.data;
        const add1 = await s.req('POST', '/api/user-services', { token: p.token, json: { service_id: services[0].id } });
        assert.equal(add1.status, 201);
        const add2 = await s.req('POST', '/api/user-services', { token: p.token, json: { service_id: services[2].id } });
        assert.deepEqual(
          add2.body.data.map((x: UserService) => x.service_id),
          [services[0].id, services[2].id],
        );
        assert.deepEqual(add2.body.data[1].service, services[2]);
        const dup = await s.req('POST', '/api/user-services', { token: p.token, json: { service_id: services[0].id } });
        assert.equal(dup.status, 409);
        const list = await s.req('GET', '/api/user-services', { token: p.token });
        assert.equal(list.body.data.length, 2);
        const del = await s.req('DELETE', `/api/user-services/${list.body.data[0].id}`, { token: p.token });
        assert.equal(del.status, 200);
        assert.deepEqual(
          del.body.data.map((x: UserService) => x.service_id),
          [services[2].id],
        );
        assert.equal((await s.req('POST', '/api/user-services', { token: p.token, json: { service_id: 99999 } })).status, 404);
        assert.equal((await s.req('POST', '/api/user-services', { token: p.token, json: {} })).status, 400);
      });

      test("each change of a provider's services or profile tells their own channel ('Profile'), not the asking tab, nobody else; a refused one tells nobody", async () => {
        const p = await signUp(s, 'Provider');
        const told = () => s.publisher.events.filter((e) => e.event === 'Profile');
        const before = told().length;
        const services = (await s.req('GET', '/api/services', { token: p.token })).body.data;
        const added = await s.req('POST', '/api/user-services', {
          token: p.token,
          json: { service_id: services[0].id },
          headers: { 'x-socket-id': '123.456' },
        });
        assert.equal(added.status, 201);
        const del = await s.req('DELETE', `/api/user-services/${added.body.data[0].id}`, { token: p.token });
        assert.equal(del.status, 200);
        const priced = await s.req('POST', '/api/auth/update-profile', {
          token: p.token,
          form: formWith({ basic_price: '30' }),
          headers: { 'x-socket-id': '77.88' },
        });
        assert.equal(priced.status, 200);
        assert.deepEqual(
          told()
            .slice(before)
            .map((e) => ({ userId: e.userId, exceptSocketId: e.exceptSocketId })),
          [
            { userId: p.id, exceptSocketId: '123.456' },
            { userId: p.id, exceptSocketId: undefined },
            { userId: p.id, exceptSocketId: '77.88' },
          ],
        );
        // Refused (already removed, unknown service, a bad price, a malformed socket id): nobody told.
        const again = await s.req('DELETE', `/api/user-services/${added.body.data[0].id}`, { token: p.token });
        assert.equal(again.status, 404);
        assert.equal(again.body.message, 'You no longer offer this service.');
        assert.equal((await s.req('POST', '/api/user-services', { token: p.token, json: { service_id: 99999 } })).status, 404);
        const badPrice = await s.req('POST', '/api/auth/update-profile', {
          token: p.token,
          form: formWith({ basic_price: '-1' }),
        });
        assert.equal(badPrice.status, 400);
        const badTab = await s.req('POST', '/api/user-services', {
          token: p.token,
          json: { service_id: services[0].id },
          headers: { 'x-socket-id': 'tab' },
        });
        assert.equal(badTab.status, 400);
        assert.equal(told().length, before + 3);
      });

      test('user-services authorisation: anonymous, customers, another provider', async () => {
        const mine = (await s.req('GET', '/api/user-services', { token: provider.token })).body.data[0];
        assert.equal((await s.req('GET', '/api/user-services')).status, 401);
        assert.equal((await s.req('GET', '/api/user-services', { token: customer.token })).status, 403);
        assert.equal(
          (await s.req('POST', '/api/user-services', { token: customer.token, json: { service_id: serviceId } })).status,
          403,
        );
        assert.equal((await s.req('DELETE', `/api/user-services/${mine.id}`, { token: otherCustomer.token })).status, 403);
        assert.equal((await s.req('DELETE', `/api/user-services/${mine.id}`, { token: otherProvider.token })).status, 403);
        assert.equal((await s.req('DELETE', `/api/user-services/${mine.id}`)).status, 401);
        assert.equal((await s.req('DELETE', '/api/user-services/999999', { token: provider.token })).status, 404);
        assert.equal((await s.req('GET', '/api/user-services', { token: provider.token })).body.data.length, 1);
      });
    });

    describe('providers of a service', () => {
      test('lists the providers with profile, job count and the real average rating (null when unrated)', async () => {
        const fresh = await signUpProvider(s, 50);
        const before = await s.req('GET', `/api/providers/${serviceId}`, { token: customer.token });
        assert.equal(before.status, 200);
        const f = before.body.data.find((p: ProviderServiceData) => p.id === fresh.id);
        assert.deepEqual(f, {
          id: fresh.id,
          avatar: null,
          full_name: 'Pete Test',
          rating: null,
          bio: 'Test driver',
          year_of_exp: 3,
          basic_price: 50,
          total_provider_jobs: 0,
          completed_jobs: 0,
        });
        assert.ok(
          !before.body.data.some((p: ProviderServiceData) => p.id === otherProvider.id),
          'providers not offering the service are not listed',
        );

        const counts = (list: ProviderServiceData[]) => list.find((x) => x.id === provider.id)!;
        const { total_provider_jobs: total0, completed_jobs: completed0 } = counts(before.body.data);
        const j1 = await completedJob();
        const j2 = await completedJob();
        // A request still waiting counts among all the provider's jobs, not among the jobs done.
        await s.req('POST', '/api/jobs', { token: customer.token, json: bookingBody(provider.id, serviceId, cardId) });
        await s.req('POST', '/api/ratings', { token: customer.token, json: { job_id: j1, rating: 5, feedback: 'Great' } });
        await s.req('POST', '/ratings', { token: customer.token, json: { job_id: j2, rating: 2, feedback: 'Late' } });
        const after = await s.req('GET', `/api/providers/${serviceId}`, { token: customer.token });
        const p = after.body.data.find((x: ProviderServiceData) => x.id === provider.id);
        assert.equal(p.rating, 3.5);
        // Every booking with them carries the same average, the one still waiting too.
        const jobs = await s.req('GET', '/api/jobs?per_page=50', { token: customer.token });
        const theirs = jobs.body.data.filter((j: Job) => j.provider_id === provider.id);
        assert.ok(theirs.some((j: Job) => j.status === 'Pending'));
        assert.deepEqual(new Set(theirs.map((j: Job) => j.provider.rating)), new Set([3.5]));
        assert.equal((await s.req('GET', `/api/jobs/${j1}`, { token: provider.token })).body.data.provider.rating, 3.5);
        assert.equal(p.total_provider_jobs, total0 + 3);
        assert.equal(p.completed_jobs, (completed0 ?? 0) + 2);
        assert.equal((await s.req('GET', '/api/providers/99999', { token: customer.token })).status, 404);
        assert.equal((await s.req('GET', '/api/providers/x', { token: customer.token })).status, 400);
        assert.equal((await s.req('GET', `/api/providers/${serviceId}`)).status, 401);
      });
    });

    describe('ratings', () => {
      test("only the job's customer, once, after Completed (both /ratings and /api/ratings)", async () => {
        const pendingJob = (
          await s.req('POST', '/api/jobs', { token: customer.token, json: bookingBody(provider.id, serviceId, cardId) })
        ).body.data;
        const early = await s.req('POST', '/api/ratings', {
          token: customer.token,
          json: { job_id: pendingJob.id, rating: 4, feedback: 'x' },
        });
        assert.equal(early.status, 409);

        const jobId = await completedJob();
        const body = { job_id: jobId, rating: 4, feedback: 'Nice' };
        assert.equal((await s.req('POST', '/api/ratings', { json: body })).status, 401);
        assert.equal((await s.req('POST', '/api/ratings', { token: otherCustomer.token, json: body })).status, 403);
        assert.equal((await s.req('POST', '/api/ratings', { token: provider.token, json: body })).status, 403);
        assert.equal((await s.req('POST', '/api/ratings', { token: otherProvider.token, json: body })).status, 403);
        const ok = await s.req('POST', '/ratings', { token: customer.token, json: body });
        assert.equal(ok.status, 201);
        assert.equal(ok.body.data.rating, 4);
        const twice = await s.req('POST', '/api/ratings', { token: customer.token, json: body });
        assert.equal(twice.status, 409);
        const job = await s.req('GET', `/api/jobs/${jobId}`, { token: customer.token });
        assert.equal(job.body.data.rating, 4);
        // The refused second rating left the provider's average as the list of providers has it.
        const listed = (await s.req('GET', `/api/providers/${serviceId}`, { token: customer.token })).body.data.find(
          (x: ProviderServiceData) => x.id === provider.id,
        );
        assert.equal(typeof listed.rating, 'number');
        assert.equal(job.body.data.provider.rating, listed.rating);
      });

      test('validation: rating 1 to 5, job must exist', async () => {
        const jobId = await completedJob();
        for (const rating of [0, 6, 2.5, 'five']) {
          const res = await s.req('POST', '/api/ratings', {
            token: customer.token,
            json: { job_id: jobId, rating, feedback: '' },
          });
          assert.equal(res.status, 400, String(rating));
          assert.deepEqual(res.body.errors.rating, ['The rating must be between 1 and 5.']);
        }
        assert.equal(
          (await s.req('POST', '/api/ratings', { token: customer.token, json: { job_id: 999999, rating: 3 } })).status,
          400,
        );
      });

      test('values of the wrong JSON type are refused, not coerced, and the job stays unrated', async () => {
        const jobId = await completedJob();
        for (const [over, field, message] of [
          [{ rating: true }, 'rating', 'The rating must be between 1 and 5.'],
          [{ rating: [4] }, 'rating', 'The rating must be between 1 and 5.'],
          [{ job_id: [String(jobId)] }, 'job_id', 'The job_id must be an integer.'],
          [{ job_id: null }, 'job_id', 'The job_id must be an integer.'],
          [{ feedback: ['great'] }, 'feedback', 'The feedback must be a string.'],
          [{ feedback: true }, 'feedback', 'The feedback must be a string.'],
        ] as const) {
          const res = await s.req('POST', '/api/ratings', {
            token: customer.token,
            json: { job_id: jobId, rating: 4, feedback: 'Nice', ...over },
          });
          assert.equal(res.status, 400, JSON.stringify(over));
          assert.equal(res.body.message, message);
          assert.deepEqual(res.body.errors[field], [message]);
        }
        const job = await s.req('GET', `/api/jobs/${jobId}`, { token: customer.token });
        assert.equal(job.body.data.rating, null);
      });

      test('GET /api/getReview: recent reviews with the customer, filtered by provider', async () => {
        const jobId = await completedJob();
        s.clock.advance(60_000);
        await s.req('POST', '/api/ratings', { token: customer.token, json: { job_id: jobId, rating: 5, feedback: 'Newest' } });
        const all = await s.req('GET', '/api/getReview', { token: otherCustomer.token });
        assert.equal(all.status, 200);
        assert.equal(all.body.data[0].feedback, 'Newest');
        assert.deepEqual(all.body.data[0].customer, { full_name: 'Cara Test', avatar: null });
        assert.equal(all.body.data[0].provider_id, provider.id);
        const none = await s.req('GET', `/api/getReview?provider_id=${otherProvider.id}`, { token: customer.token });
        assert.deepEqual(none.body.data, []);
        const theirs = await s.req('GET', `/api/getReview?provider_id=${provider.id}`, { token: customer.token });
        assert.ok(theirs.body.data.length >= 1 && theirs.body.data.every((r: Review) => r.provider_id === provider.id));
        assert.equal((await s.req('GET', '/api/getReview')).status, 401);
        assert.equal((await s.req('GET', '/api/getReview?provider_id=abc', { token: customer.token })).status, 400);
      });
    });
  });
}
