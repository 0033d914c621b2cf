import type { Job, JobProvider, PersonSummary, User } from 'shared/src/contracts/entities';
import type { JobRow, UserRow } from './db/schema.js';
import { roundRating } from './queries/ratings.js';

/** `Date#toISOString()`'s own format (UTC, milliseconds): such a string is already its own ISO form. */
const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Timestamps arrive as ISO strings from both engines (see db/index.ts); Dates are tolerated too.
 * Stored timestamps are written by `toISOString()`, so the common case returns the string as it is
 * instead of parsing and formatting it again (two per job, a hundred per page of jobs).
 */
export function toIso(value: Date | string): string {
  if (typeof value === 'string' && value.length === 24 && CANONICAL_ISO.test(value)) return value;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export const fullName = (first: string, last: string) => `${first} ${last}`.trim();

export const centsToAmount = (cents: number | null): number | null => (cents === null ? null : cents / 100);

export interface UserStats {
  completed_jobs: number;
  total_provider_jobs: number;
  /** Providers only: how many services they offer. */
  services_offered?: number;
}

export function toUser(row: UserRow, stats: UserStats): User {
  const user: User = {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: fullName(row.first_name, row.last_name),
    email: row.email,
    phone: row.phone,
    address: row.address,
    avatar: row.avatar,
    role: row.role,
    completed_jobs: stats.completed_jobs,
    total_provider_jobs: stats.total_provider_jobs,
    email_notifications: Number(row.email_notifications) !== 0,
  };
  if (row.role === 'Provider') {
    user.bio = row.bio;
    user.year_of_exp = row.year_of_exp;
    user.basic_price = centsToAmount(row.basic_price_cents);
    user.services_offered = stats.services_offered ?? 0;
  }
  return user;
}

export function person(id: number, first: string, last: string, avatar: string | null): PersonSummary {
  return { id, full_name: fullName(first, last), first_name: first, avatar };
}

/**
 * A job's provider with their average rating, written out rather than as `{ ...person(...), rating }`:
 * on Node 20's V8 a spread followed by another key takes a slow path (about 1.3 µs against 20 ns for
 * the literal), which made this the larger part of serialising a page of jobs.
 */
function jobProvider(id: number, first: string, last: string, avatar: string | null, rating: number | null): JobProvider {
  return { id, full_name: fullName(first, last), first_name: first, avatar, rating };
}

/** The names and avatars of a joined row's customer (`c_`) and provider (`p_`); see queries/people.ts. */
export interface PeopleColumns {
  c_first_name: string;
  c_last_name: string;
  c_avatar: string | null;
  p_first_name: string;
  p_last_name: string;
  p_avatar: string | null;
}

export type JobJoinedRow = JobRow &
  PeopleColumns & { p_rating: number | null; service_name: string; rating: number | null; refund_id: number | null };

export function toJob(r: JobJoinedRow): Job {
  return {
    id: r.id,
    status: r.status,
    service_id: r.service_id,
    service_name: r.service_name,
    provider_id: r.provider_id,
    customer_id: r.customer_id,
    customer: person(r.customer_id, r.c_first_name, r.c_last_name, r.c_avatar),
    provider: jobProvider(r.provider_id, r.p_first_name, r.p_last_name, r.p_avatar, roundRating(r.p_rating)),
    address: r.address,
    destination_address: r.destination_address,
    destination_lat: r.destination_lat,
    destination_lng: r.destination_lng,
    lat: r.lat,
    lng: r.lng,
    price: r.price_cents / 100,
    refunded: r.refund_id !== null,
    duration: r.duration,
    day: r.day,
    date: r.date,
    time: r.time,
    custom_time: r.custom_time,
    created_at: toIso(r.created_at),
    updated_at: toIso(r.updated_at),
    rating: r.rating,
  };
}
