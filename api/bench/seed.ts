/**
 * Fast bulk seeding for the benchmark: users, tokens and 100 000 jobs in one transaction, inserted
 * in multi-row chunks (well under SQLite's and PostgreSQL's bound-parameter limits).
 */
import type { Kysely } from 'kysely';
import type { Database, JobStatus } from '../src/db/schema.js';
import { hashPassword } from '../src/domain/password.js';
import { hashToken, newBearerToken } from '../src/domain/tokens.js';

export interface BenchUser {
  id: number;
  role: 'Customer' | 'Provider';
  token: string;
}

export interface SeedResult {
  /** The customer whose job list is benchmarked; owns exactly `ownJobs` jobs. */
  subject: BenchUser;
  customers: BenchUser[];
  providers: BenchUser[];
  jobs: number;
  ms: number;
}

export interface SeedOptions {
  totalJobs: number;
  ownJobs: number;
  customers: number;
  providers: number;
}

const STATUSES: JobStatus[] = ['Pending', 'Accepted', 'Approved', 'Rejected', 'Completed'];
const CHUNK = 1000;

export async function seed(db: Kysely<Database>, opts: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  // One real scrypt hash shared by every bench user (nobody logs in with it; tokens are issued below).
  const passwordHash = await hashPassword('bench-password');
  const base = Date.UTC(2025, 0, 1);
  const iso = (offsetMinutes: number) => new Date(base + offsetMinutes * 60_000).toISOString();

  const result = await db.transaction().execute(async (trx) => {
    const now = iso(0);
    const services = await trx
      .insertInto('services')
      .values(
        ['Driver', 'Delivery', 'Shipping'].map((name) => ({
          name,
          description: `${name} service`,
          icon: `/static/${name.toLowerCase()}.png`,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    const serviceIds = services.map((s) => s.id);

    async function insertUsers(role: 'Customer' | 'Provider', count: number): Promise<BenchUser[]> {
      const users: BenchUser[] = [];
      for (let start = 0; start < count; start += CHUNK) {
        const n = Math.min(CHUNK, count - start);
        const rows = await trx
          .insertInto('users')
          .values(
            Array.from({ length: n }, (_, j) => ({
              first_name: role === 'Customer' ? 'Bench' : 'Driver',
              last_name: `${role[0]}${start + j}`,
              email: `bench-${role.toLowerCase()}-${start + j}@bench.local`,
              password_hash: passwordHash,
              role,
              basic_price_cents: role === 'Provider' ? 1000 + ((start + j) % 50) * 100 : null,
              created_at: now,
              updated_at: now,
            })),
          )
          .returning('id')
          .execute();
        for (const row of rows) users.push({ id: row.id, role, token: newBearerToken() });
      }
      // Issued now: a session older than its lifetime (SESSION_LIFETIME_DAYS) is refused with 401.
      const issued = new Date().toISOString();
      for (let start = 0; start < users.length; start += CHUNK) {
        await trx
          .insertInto('api_tokens')
          .values(
            users.slice(start, start + CHUNK).map((u) => ({
              user_id: u.id,
              token_hash: hashToken(u.token),
              device_id: 'bench',
              created_at: issued,
            })),
          )
          .execute();
      }
      return users;
    }

    const customers = await insertUsers('Customer', opts.customers);
    const providers = await insertUsers('Provider', opts.providers);
    const subject = customers[0];
    const others = customers.slice(1);

    for (let start = 0; start < opts.totalJobs; start += CHUNK) {
      const n = Math.min(CHUNK, opts.totalJobs - start);
      await trx
        .insertInto('jobs')
        .values(
          Array.from({ length: n }, (_, j) => {
            const i = start + j;
            // The subject's jobs are spread through the table, not clustered at one end.
            const own =
              i % Math.floor(opts.totalJobs / opts.ownJobs) === 0 && i / Math.floor(opts.totalJobs / opts.ownJobs) < opts.ownJobs;
            const customer = own ? subject : others[i % others.length];
            const at = iso(i);
            return {
              customer_id: customer.id,
              provider_id: providers[(i * 7) % providers.length].id,
              service_id: serviceIds[i % serviceIds.length],
              status: STATUSES[i % STATUSES.length],
              address: `${i} Main Street`,
              destination_address: `${i} Harbour Road`,
              lat: 12.9 + (i % 100) / 1000,
              lng: 77.5 + (i % 100) / 1000,
              price_cents: 1000 + (i % 20) * 50,
              created_at: at,
              updated_at: at,
            };
          }),
        )
        .execute();
    }
    return { subject, customers, providers };
  });

  const own = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', result.subject.id)
    .executeTakeFirstOrThrow();
  const all = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(own.n) !== opts.ownJobs || Number(all.n) !== opts.totalJobs) {
    throw new Error(`seed produced ${own.n} own jobs of ${all.n}; expected ${opts.ownJobs} of ${opts.totalJobs}`);
  }
  return { ...result, jobs: Number(all.n), ms: performance.now() - started };
}
