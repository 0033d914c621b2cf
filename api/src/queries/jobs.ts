import type { Kysely } from 'kysely';
import type { Job, JobStatus } from 'shared/src/contracts/entities';
import type { Database, UserRow } from '../db/schema.js';
import { toJob } from '../serializers.js';

/** Jobs with their customer, provider and rating, as the API answers them. */
export function jobsWithPeople(db: Kysely<Database>) {
  return db
    .selectFrom('jobs')
    .innerJoin('users as c', 'c.id', 'jobs.customer_id')
    .innerJoin('users as p', 'p.id', 'jobs.provider_id')
    .leftJoin('ratings as r', 'r.job_id', 'jobs.id')
    .selectAll('jobs')
    .select([
      'c.first_name as c_first_name',
      'c.last_name as c_last_name',
      'c.avatar as c_avatar',
      'p.first_name as p_first_name',
      'p.last_name as p_last_name',
      'p.avatar as p_avatar',
      'r.rating as rating',
    ]);
}

export async function getJob(db: Kysely<Database>, id: number): Promise<Job | null> {
  const row = await jobsWithPeople(db).where('jobs.id', '=', id).executeTakeFirst();
  return row ? toJob(row) : null;
}

export interface JobPage {
  jobs: Job[];
  page: number;
  per_page: number;
  has_more: boolean;
}

/**
 * One page of a user's own jobs, newest first. The user's side decides the column (a provider's
 * jobs by provider_id, a customer's by customer_id), so the query walks one index
 * ((provider_id|customer_id, created_at)) and its cost does not grow with the table.
 */
export async function listJobsFor(
  db: Kysely<Database>,
  user: Pick<UserRow, 'id' | 'role'>,
  opts: { page: number; perPage: number; status?: JobStatus },
): Promise<JobPage> {
  const column = user.role === 'Provider' ? 'jobs.provider_id' : 'jobs.customer_id';
  let query = jobsWithPeople(db)
    .where(column, '=', user.id)
    .orderBy('jobs.created_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .limit(opts.perPage + 1)
    .offset((opts.page - 1) * opts.perPage);
  if (opts.status) query = query.where('jobs.status', '=', opts.status);
  const rows = await query.execute();
  return {
    jobs: rows.slice(0, opts.perPage).map(toJob),
    page: opts.page,
    per_page: opts.perPage,
    has_more: rows.length > opts.perPage,
  };
}
