import type { Kysely } from 'kysely';
import type { Job, JobStatus } from 'shared/src/contracts/entities';
import type { Database, UserRow } from '../db/schema.js';
import { precompile } from '../db/precompiled.js';
import { PEOPLE_COLUMNS } from './people.js';
import { toJob, type JobJoinedRow } from '../serializers.js';
import { JOB_STATUSES } from '../domain/jobTransitions.js';

/** Jobs with their customer, provider (and their average rating), service name and rating, as the API answers them. */
export function jobsWithPeople(db: Kysely<Database>) {
  return db
    .selectFrom('jobs')
    .innerJoin('users as c', 'c.id', 'jobs.customer_id')
    .innerJoin('users as p', 'p.id', 'jobs.provider_id')
    .innerJoin('services as s', 's.id', 'jobs.service_id')
    .leftJoin('ratings as r', 'r.job_id', 'jobs.id')
    .leftJoin('refunds as rf', 'rf.job_id', 'jobs.id')
    .selectAll('jobs')
    .select([
      ...PEOPLE_COLUMNS,
      'p.rating_avg as p_rating',
      's.name as service_name',
      'r.rating as rating',
      'rf.id as refund_id',
    ]);
}

/** One job by id, compiled once: the apps read a job on every screen of a booking. */
const jobById = precompile<Database, [id: number], JobJoinedRow>(1, (db, id) => jobsWithPeople(db).where('jobs.id', '=', id));

export async function getJob(db: Kysely<Database>, id: number): Promise<Job | null> {
  const [row] = await jobById(db, id);
  return row ? toJob(row) : null;
}

export interface JobPage {
  jobs: Job[];
  page: number;
  per_page: number;
  has_more: boolean;
}

type OwnerColumn = 'jobs.customer_id' | 'jobs.provider_id';

/** Where a page starts after: a job's value of the list's order column, and its id. */
export type JobCursor = [afterValue: string | Date, afterId: number];

/** The orders a list comes in: newest first by creation, or by last change (when a booking finished). */
export const JOB_SORTS = ['created', 'updated'] as const;
export type JobSort = (typeof JOB_SORTS)[number];
const SORT_COLUMNS = { created: 'jobs.created_at', updated: 'jobs.updated_at' } as const;

/** Every status a filter can name: the filter's query takes this many, the list repeated to fill them. */
const STATUS_SLOTS = JOB_STATUSES.length;

/**
 * The page queries of one owner column in one order, with and without the status filter, and each from
 * the start of the list or after a given job of it (a cursor: its order value and id), compiled once
 * (db/precompiled.ts).
 */
function pageQueries(column: OwnerColumn, sort: JobSort) {
  const orderColumn = SORT_COLUMNS[sort];
  const page = (
    db: Kysely<Database>,
    userId: never,
    limit: never,
    offset: never,
    after: [afterValue: never, afterId: never] | null,
    statuses: never[] | null,
  ) => {
    let query = jobsWithPeople(db).where(column, '=', userId);
    if (statuses) query = query.where('jobs.status', 'in', statuses);
    // Row values: what comes after the cursor's job in (order column, id) descending.
    if (after) query = query.where((eb) => eb(eb.refTuple(orderColumn, 'jobs.id'), '<', eb.tuple(...after)));
    return query.orderBy(orderColumn, 'desc').orderBy('jobs.id', 'desc').limit(limit).offset(offset);
  };
  return {
    all: precompile<Database, [userId: number, limit: number, offset: number], JobJoinedRow>(3, (db, userId, limit, offset) =>
      page(db, userId, limit, offset, null, null),
    ),
    withStatuses: precompile<Database, [userId: number, limit: number, offset: number, ...statuses: JobStatus[]], JobJoinedRow>(
      3 + STATUS_SLOTS,
      (db, userId, limit, offset, ...statuses) => page(db, userId, limit, offset, null, statuses),
    ),
    allAfter: precompile<Database, [userId: number, limit: number, offset: number, ...after: JobCursor], JobJoinedRow>(
      5,
      (db, userId, limit, offset, afterValue, afterId) => page(db, userId, limit, offset, [afterValue, afterId], null),
    ),
    withStatusesAfter: precompile<
      Database,
      [userId: number, limit: number, offset: number, ...after: JobCursor, ...statuses: JobStatus[]],
      JobJoinedRow
    >(5 + STATUS_SLOTS, (db, userId, limit, offset, afterValue, afterId, ...statuses) =>
      page(db, userId, limit, offset, [afterValue, afterId], statuses),
    ),
  };
}
const sideQueries = (column: OwnerColumn) => ({
  created: pageQueries(column, 'created'),
  updated: pageQueries(column, 'updated'),
});
const PAGE_QUERIES = { Provider: sideQueries('jobs.provider_id'), Customer: sideQueries('jobs.customer_id') };

/** The statuses, repeated in order until they fill every slot of the filter's query. */
function fillStatusSlots(statuses: readonly JobStatus[]): JobStatus[] {
  return Array.from({ length: STATUS_SLOTS }, (_, i) => statuses[i % statuses.length]);
}

/** The column a user's jobs are theirs by: a provider's by provider_id, a customer's by customer_id. */
const ownerColumn = (user: Pick<UserRow, 'role'>): OwnerColumn =>
  user.role === 'Provider' ? 'jobs.provider_id' : 'jobs.customer_id';

/** The cursor of one of the user's own jobs in the list's order; null when the job is not theirs (or not there). */
export async function jobCursorFor(
  db: Kysely<Database>,
  user: Pick<UserRow, 'id' | 'role'>,
  jobId: number,
  sort: JobSort = 'created',
): Promise<JobCursor | null> {
  const row = await db
    .selectFrom('jobs')
    .select(SORT_COLUMNS[sort])
    .where('jobs.id', '=', jobId)
    .where(ownerColumn(user), '=', user.id)
    .executeTakeFirst();
  return row ? [sort === 'created' ? row.created_at : row.updated_at, jobId] : null;
}

/**
 * One page of a user's own jobs, newest first (by creation, or by last change). The user's side
 * decides the column (a provider's jobs by provider_id, a customer's by customer_id), so the query
 * walks one index ((provider_id|customer_id, created_at|updated_at)) and its cost does not grow with
 * the table. With `after` the page counts from the job after that cursor's, so reading on page after
 * page misses none however the list changed in between (by page number, a job leaving the list
 * shifts the next page by one).
 */
export async function listJobsFor(
  db: Kysely<Database>,
  user: Pick<UserRow, 'id' | 'role'>,
  opts: { page: number; perPage: number; statuses?: readonly JobStatus[]; sort?: JobSort; after?: JobCursor },
): Promise<JobPage> {
  const queries = PAGE_QUERIES[user.role === 'Provider' ? 'Provider' : 'Customer'][opts.sort ?? 'created'];
  const limit = opts.perPage + 1;
  const offset = (opts.page - 1) * opts.perPage;
  const statuses = opts.statuses?.length ? fillStatusSlots(opts.statuses) : null;
  const { after } = opts;
  const rows = after
    ? statuses
      ? await queries.withStatusesAfter(db, user.id, limit, offset, ...after, ...statuses)
      : await queries.allAfter(db, user.id, limit, offset, ...after)
    : statuses
      ? await queries.withStatuses(db, user.id, limit, offset, ...statuses)
      : await queries.all(db, user.id, limit, offset);
  const count = Math.min(rows.length, opts.perPage);
  const jobs = new Array<Job>(count);
  for (let i = 0; i < count; i++) jobs[i] = toJob(rows[i]);
  return {
    jobs,
    page: opts.page,
    per_page: opts.perPage,
    has_more: rows.length > opts.perPage,
  };
}
