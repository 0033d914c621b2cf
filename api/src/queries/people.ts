/**
 * The customer's and provider's names and avatars, for a query that joins `users as c` and
 * `users as p`; they come back as the `PeopleColumns` of ../serializers.ts.
 */
export const PEOPLE_COLUMNS = [
  'c.first_name as c_first_name',
  'c.last_name as c_last_name',
  'c.avatar as c_avatar',
  'p.first_name as p_first_name',
  'p.last_name as p_last_name',
  'p.avatar as p_avatar',
] as const;
