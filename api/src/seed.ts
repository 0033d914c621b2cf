import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { loadConfig } from './config.js';
import { createDb } from './db/index.js';
import { migrateToLatest } from './db/migrations.js';
import type { Database, JobStatus, Role } from './db/schema.js';
import { systemClock, type Clock } from './domain/clock.js';
import { hashPassword } from './domain/password.js';
import { dayAndTimeIn } from './domain/timeZone.js';
import { refreshProviderRating } from './queries/ratings.js';
import { refundKeyOf } from './services/jobLifecycle.js';

export const DEMO_PASSWORD = 'password123';
export const DEMO_ACCOUNTS = [
  { role: 'Customer' as Role, email: 'customer@example.com', password: DEMO_PASSWORD },
  { role: 'Provider' as Role, email: 'provider@example.com', password: DEMO_PASSWORD },
];

export const DEMO_SERVICES = [
  {
    name: 'Driver',
    description: 'A certified driver takes the wheel of your car, for a trip across town or a long drive.',
    icon: '/static/icons/driver.svg',
  },
  {
    name: 'Delivery',
    description: 'Same-day pick-up and drop of parcels, documents and groceries within the city.',
    icon: '/static/icons/delivery.svg',
  },
  {
    name: 'Shipping',
    description: 'Moving larger loads between cities, with a vehicle sized for the job.',
    icon: '/static/icons/shipping.svg',
  },
];

interface SeedUser {
  first: string;
  last: string;
  email: string;
  role: Role;
  phone: string;
  address: string;
  service?: string;
  bio?: string;
  exp?: number;
  price?: number;
}

const USERS: SeedUser[] = [
  {
    first: 'Asha',
    last: 'Verma',
    email: 'customer@example.com',
    role: 'Customer',
    phone: '9876543210',
    address: '12 MG Road, Bengaluru',
  },
  {
    first: 'Ravi',
    last: 'Kumar',
    email: 'provider@example.com',
    role: 'Provider',
    phone: '9123456780',
    address: '48 Residency Road, Bengaluru',
    service: 'Driver',
    bio: 'Calm, punctual driver with a clean record. I know every shortcut in the city.',
    exp: 6,
    price: 25,
  },
  {
    first: 'Meera',
    last: 'Nair',
    email: 'meera.nair@example.com',
    role: 'Provider',
    phone: '9000000001',
    address: 'Indiranagar, Bengaluru',
    service: 'Driver',
    bio: 'Airport runs and long-distance drives, day or night.',
    exp: 9,
    price: 32,
  },
  {
    first: 'Arjun',
    last: 'Singh',
    email: 'arjun.singh@example.com',
    role: 'Provider',
    phone: '9000000002',
    address: 'Koramangala, Bengaluru',
    service: 'Driver',
    bio: 'Former taxi driver, comfortable with manual and automatic cars.',
    exp: 4,
    price: 20,
  },
  {
    first: 'Priya',
    last: 'Shah',
    email: 'priya.shah@example.com',
    role: 'Provider',
    phone: '9000000003',
    address: 'Jayanagar, Bengaluru',
    service: 'Delivery',
    bio: 'Fast two-wheeler deliveries across the south of the city.',
    exp: 3,
    price: 12,
  },
  {
    first: 'Vikram',
    last: 'Rao',
    email: 'vikram.rao@example.com',
    role: 'Provider',
    phone: '9000000004',
    address: 'Whitefield, Bengaluru',
    service: 'Delivery',
    bio: 'Documents, groceries and fragile parcels handled with care.',
    exp: 7,
    price: 15,
  },
  {
    first: 'Neha',
    last: 'Gupta',
    email: 'neha.gupta@example.com',
    role: 'Provider',
    phone: '9000000005',
    address: 'HSR Layout, Bengaluru',
    service: 'Delivery',
    bio: 'Same-day delivery, with photos at pick-up and drop.',
    exp: 5,
    price: 14,
  },
  {
    first: 'Sanjay',
    last: 'Patel',
    email: 'sanjay.patel@example.com',
    role: 'Provider',
    phone: '9000000006',
    address: 'Peenya, Bengaluru',
    service: 'Shipping',
    bio: 'Mini-truck for house moves and business shipments between cities.',
    exp: 12,
    price: 80,
  },
  {
    first: 'Kavya',
    last: 'Iyer',
    email: 'kavya.iyer@example.com',
    role: 'Provider',
    phone: '9000000007',
    address: 'Hebbal, Bengaluru',
    service: 'Shipping',
    bio: 'Interstate shipping with tracking and insurance on request.',
    exp: 8,
    price: 95,
  },
  {
    first: 'Rahul',
    last: 'Mehta',
    email: 'rahul.mehta@example.com',
    role: 'Provider',
    phone: '9000000008',
    address: 'Yelahanka, Bengaluru',
    service: 'Shipping',
    bio: 'Pallets and bulky goods, loading help included.',
    exp: 10,
    price: 70,
  },
  {
    first: 'Anita',
    last: 'Das',
    email: 'anita.das@example.com',
    role: 'Customer',
    phone: '9000000009',
    address: 'BTM Layout, Bengaluru',
  },
  {
    first: 'Rohan',
    last: 'Joshi',
    email: 'rohan.joshi@example.com',
    role: 'Customer',
    phone: '9000000010',
    address: 'Malleshwaram, Bengaluru',
  },
];

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

const HALF_HOUR_MS = 30 * 60_000;
/** The first half hour at or after `ms` (epoch milliseconds). */
const nextHalfHour = (ms: number) => Math.ceil(ms / HALF_HOUR_MS) * HALF_HOUR_MS;

/** The demo is set in Bengaluru: a booking's date and time, as its customer's form sent them, are India's wall time. */
const DEMO_TIME_ZONE = 'Asia/Kolkata';

const FEEDBACK = [
  'Very professional and right on time.',
  'Smooth ride, would book again.',
  'Friendly and careful. Recommended!',
  'Good service, a little late at pick-up.',
  'Excellent, handled everything perfectly.',
];

export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return !row;
}

/**
 * Fills an empty database with the demo data: services, the two demo accounts (password
 * `password123`), three or more providers per service, jobs in every status, ratings, chats,
 * notifications and a saved sandbox card for the demo customer. Does nothing if users exist, or if another
 * API instance starting at the same moment seeded it first (its transaction wins; this one rolls back).
 */
export async function seedDemo(db: Kysely<Database>, options: { clock?: Clock } = {}): Promise<{ seeded: boolean }> {
  if (!(await isDatabaseEmpty(db))) return { seeded: false };
  const clock = options.clock ?? systemClock;
  const nowMs = clock.now().getTime();
  const hashes = await Promise.all(USERS.map(() => hashPassword(DEMO_PASSWORD)));

  try {
    await insertDemo(db, nowMs, hashes);
  } catch (error) {
    if (!(await isDatabaseEmpty(db))) return { seeded: false };
    throw error;
  }
  return { seeded: true };
}

async function insertDemo(db: Kysely<Database>, nowMs: number, hashes: string[]): Promise<void> {
  const at = (hoursAgo: number) => new Date(nowMs - hoursAgo * 3_600_000).toISOString();
  await db.transaction().execute(async (trx) => {
    const serviceIds: Record<string, number> = {};
    for (const s of DEMO_SERVICES) {
      const row = await trx
        .insertInto('services')
        .values({ ...s, created_at: at(24 * 60) })
        .returning('id')
        .executeTakeFirstOrThrow();
      serviceIds[s.name] = row.id;
    }

    const ids: Record<string, number> = {};
    for (const [i, u] of USERS.entries()) {
      const row = await trx
        .insertInto('users')
        .values({
          first_name: u.first,
          last_name: u.last,
          email: u.email,
          password_hash: hashes[i],
          role: u.role,
          phone: u.phone,
          address: u.address,
          avatar: null,
          bio: u.bio ?? null,
          year_of_exp: u.exp ?? null,
          basic_price_cents: u.price === undefined ? null : u.price * 100,
          payment_customer_ref: null,
          created_at: at(24 * 30),
          updated_at: at(24 * 30),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[u.email] = row.id;
      if (u.service) {
        await trx
          .insertInto('user_services')
          .values({ user_id: row.id, service_id: serviceIds[u.service], created_at: at(24 * 30) })
          .execute();
      }
    }
    const customer = ids['customer@example.com'];
    const provider = ids['provider@example.com'];

    // The demo customer's saved card (sandbox processor: brand and last four only).
    const expYear = new Date(nowMs).getUTCFullYear() + 3;
    await trx
      .insertInto('sandbox_tokens')
      .values({
        id: 'tok_demo_visa_4242',
        brand: 'Visa',
        last4: '4242',
        exp_month: 12,
        exp_year: expYear,
        behavior: 'ok',
        attached_at: at(24 * 20),
        created_at: at(24 * 20),
      })
      .execute();
    const card = await trx
      .insertInto('payment_methods')
      .values({
        user_id: customer,
        processor: 'sandbox',
        processor_ref: 'tok_demo_visa_4242',
        card_brand: 'Visa',
        card_last4: '4242',
        exp_month: 12,
        exp_year: expYear,
        is_default: 1,
        created_at: at(24 * 20),
      })
      .returning(['id', 'card_brand', 'card_last4'])
      .executeTakeFirstOrThrow();

    const priceOf = (email: string) => (USERS.find((u) => u.email === email)?.price ?? 0) * 100;
    const emailOf = (id: number) => Object.keys(ids).find((e) => ids[e] === id)!;
    let jobN = 0;
    async function job(
      customerId: number,
      providerId: number,
      service: string,
      status: JobStatus,
      hoursAgo: number,
      rating?: number,
    ) {
      jobN += 1;
      const created = at(hoursAgo);
      const durationMin = 30 + (jobN % 4) * 15;
      // The request is for a time after it was made: an hour on for one already answered or done, a day on
      // for one still open (a moment still to come).
      const open = status === 'Pending' || status === 'Accepted';
      const requested = nextHalfHour(Date.parse(created) + (open ? 24 : 1) * 3_600_000);
      const when = dayAndTimeIn(DEMO_TIME_ZONE, new Date(requested));
      // A finished ride ends its duration after the time asked for; any other change comes an hour after the request.
      const updated =
        status === 'Completed' ? new Date(requested + durationMin * 60_000).toISOString() : at(Math.max(0, hoursAgo - 1));
      const row = await trx
        .insertInto('jobs')
        .values({
          customer_id: customerId,
          provider_id: providerId,
          service_id: serviceIds[service],
          status,
          address: ['12 MG Road, Bengaluru', 'Forum Mall, Koramangala', 'Kempegowda Airport, Terminal 1'][jobN % 3],
          destination_address: ['Lalbagh West Gate, Bengaluru', 'Cubbon Park Metro', 'Electronic City Phase 1'][jobN % 3],
          lat: round6(12.9716 + jobN / 1000),
          lng: round6(77.5946 + jobN / 1000),
          destination_lat: round6(12.95 + jobN / 1000),
          destination_lng: round6(77.58 + jobN / 1000),
          price_cents: priceOf(emailOf(providerId)),
          duration: `${durationMin} min`,
          day: null,
          date: when.day,
          time: when.time,
          custom_time: null,
          created_at: created,
          updated_at: updated,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const charge = await trx
        .insertInto('payments')
        .values({
          job_id: row.id,
          user_id: customerId,
          ...(customerId === customer
            ? { payment_method_id: card.id, card_brand: card.card_brand, card_last4: card.card_last4 }
            : { payment_method_id: null }),
          amount_cents: 1000,
          currency: 'inr',
          processor: 'sandbox',
          processor_ref: `ch_demo_${row.id}`,
          status: 'succeeded',
          created_at: created,
        })
        .returning(['id', 'amount_cents', 'currency'])
        .executeTakeFirstOrThrow();
      // A rejected request was refunded when it was rejected (issue 13), as the API does it.
      if (status === 'Rejected') {
        await trx
          .insertInto('refunds')
          .values({
            payment_id: charge.id,
            job_id: row.id,
            user_id: customerId,
            amount_cents: charge.amount_cents,
            currency: charge.currency,
            processor: 'sandbox',
            processor_ref: `re_demo_${row.id}`,
            status: 'succeeded',
            idempotency_key: refundKeyOf(row.id),
            reason: status,
            created_at: updated,
            updated_at: updated,
          })
          .execute();
      }
      if (rating) {
        await trx
          .insertInto('ratings')
          .values({
            job_id: row.id,
            customer_id: customerId,
            provider_id: providerId,
            rating,
            feedback: FEEDBACK[jobN % FEEDBACK.length],
            created_at: new Date(Date.parse(updated) + 3_600_000).toISOString(),
          })
          .execute();
      }
      return row.id;
    }

    // The demo pair: jobs in each status.
    const pending = await job(customer, provider, 'Driver', 'Pending', 2);
    await job(customer, provider, 'Driver', 'Pending', 5);
    const accepted = await job(customer, provider, 'Driver', 'Accepted', 8);
    await job(customer, provider, 'Driver', 'Completed', 30);
    await job(customer, provider, 'Driver', 'Completed', 72, 5);
    await job(customer, provider, 'Driver', 'Rejected', 96);
    await job(customer, ids['priya.shah@example.com'], 'Delivery', 'Accepted', 12);
    await job(customer, ids['sanjay.patel@example.com'], 'Shipping', 'Rejected', 150);

    // Other customers' completed, rated jobs give every provider a real average rating.
    const others = [ids['anita.das@example.com'], ids['rohan.joshi@example.com']];
    let k = 0;
    for (const u of USERS.filter((x) => x.role === 'Provider')) {
      for (const c of others) {
        k += 1;
        await job(c, ids[u.email], u.service!, 'Completed', 200 + k * 5, 3 + (k % 3));
      }
    }

    await refreshProviderRating(trx);

    // A chat between the demo pair, and one with a second driver: [from, text, hours ago] a message.
    async function chatBetween(customerId: number, providerId: number, lines: [number, string, number][]) {
      const row = await trx
        .insertInto('chats')
        .values({
          customer_id: customerId,
          provider_id: providerId,
          created_at: at(lines[0][2]),
          updated_at: at(lines[lines.length - 1][2]),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [from, text, h] of lines) {
        const message = await trx
          .insertInto('messages')
          .values({ chat_id: row.id, from_id: from, message: text, message_type: 'text', attachment: null, created_at: at(h) })
          .returning('id')
          .executeTakeFirstOrThrow();
        // As POST /api/chats does: whoever writes has read the conversation up to their message.
        await trx
          .updateTable('chats')
          .set({ [from === customerId ? 'customer_read_id' : 'provider_read_id']: message.id })
          .where('id', '=', row.id)
          .execute();
      }
      return row.id;
    }
    const chat = await chatBetween(customer, provider, [
      [customer, 'Hi Ravi, can you pick me up at 10:30?', 7],
      [provider, 'Sure, I will be there at 10:25.', 6.5],
      [customer, 'Great, thank you!', 6],
      [provider, 'I have accepted the booking. See you soon.', 1],
    ]);
    const meera = ids['meera.nair@example.com'];
    await chatBetween(customer, meera, [
      [customer, 'Are you free for an airport run on Friday?', 50],
      [meera, 'Yes, book me from my profile.', 49],
    ]);

    const notes = [
      {
        user_id: provider,
        sender_id: customer,
        title: 'Job',
        description: 'Asha Verma has requested a Driver booking.',
        job_id: pending,
        chat_id: null,
        read_at: null,
        created_at: at(2),
      },
      {
        user_id: customer,
        sender_id: provider,
        title: 'Job',
        description: 'Ravi Kumar accepted your booking request.',
        job_id: accepted,
        chat_id: null,
        read_at: null,
        created_at: at(7.5),
      },
      {
        user_id: customer,
        sender_id: provider,
        title: 'Chat',
        description: 'Ravi Kumar: I have accepted the booking. See you soon.',
        job_id: null,
        chat_id: chat,
        read_at: null,
        created_at: at(1),
      },
      {
        user_id: provider,
        sender_id: customer,
        title: 'Chat',
        description: 'Asha Verma: Great, thank you!',
        job_id: null,
        chat_id: chat,
        read_at: at(5),
        created_at: at(6),
      },
      {
        user_id: customer,
        sender_id: null,
        title: 'Location',
        description: 'Your driver shares a live location on the map.',
        job_id: accepted,
        chat_id: null,
        read_at: null,
        created_at: at(0.5),
      },
    ];
    await trx.insertInto('notifications').values(notes).execute();
  });
}

/** Whether the demo accounts are in the database (they may have been removed, or never made in production). */
export async function demoAccountsExist(db: Kysely<Database>): Promise<boolean> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const rows = await db.selectFrom('users').select('email').where('email', 'in', emails).execute();
  return rows.length === emails.length;
}

export function demoAccountsBanner(): string {
  return ['Demo accounts (password: password123):', ...DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(8)} ${a.email}`)].join('\n');
}

/** `npm run seed -w api`: migrate, then seed if the database is empty. */
async function main() {
  const config = loadConfig();
  const handle = createDb({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    await migrateToLatest(handle);
    const { seeded } = await seedDemo(handle.db);
    console.log(seeded ? 'Demo data created.' : 'The database already has users; nothing seeded.');
    console.log(demoAccountsBanner());
  } finally {
    await handle.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
