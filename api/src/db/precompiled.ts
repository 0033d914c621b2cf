import { createQueryId, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import { registerHotStatement } from './pgStatements.js';

/** Stands for the i-th argument while the query is built, then marks where its value goes. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query of a hot path built and compiled by Kysely once per database instead of on every call:
 * `build` gets the database and one placeholder per argument (use each as a value, once or more),
 * and each call binds its arguments in their places. The SQL is the one Kysely would produce; only
 * the building of the query tree and its compilation (tens of microseconds for a select with
 * joins) are saved.
 *
 * Checked when first compiled: every placeholder must reach the query's parameters at least once,
 * and nothing else may (a literal value would be frozen into every call).
 */
export function precompile<DB, Args extends unknown[], Row>(
  arity: Args['length'],
  build: (db: Kysely<DB>, ...params: { [K in keyof Args]: never }) => Compilable<Row>,
): (db: Kysely<DB>, ...args: Args) => Promise<Row[]> {
  // Per database: the SQL differs between engines (placeholders, quoting).
  const compiledFor = new WeakMap<Kysely<DB>, { compiled: CompiledQuery<Row>; positions: number[] }>();
  const compile = (db: Kysely<DB>) => {
    const slots = Array.from({ length: arity }, (_, i) => new Slot(i));
    const compiled = build(db, ...(slots as never)).compile();
    const positions = compiled.parameters.map((p) => (p instanceof Slot ? p.index : -1));
    const used = new Set(positions);
    if (used.size !== arity || used.has(-1)) {
      throw new Error(`precompile: the query must use each of its ${arity} placeholders as a parameter: ${compiled.sql}`);
    }
    // On PostgreSQL it runs as a named prepared statement, planned once per connection.
    registerHotStatement(compiled.sql);
    const entry = { compiled, positions };
    compiledFor.set(db, entry);
    return entry;
  };
  return async (db: Kysely<DB>, ...args: Args): Promise<Row[]> => {
    const { compiled, positions } = compiledFor.get(db) ?? compile(db);
    // Written out, not `{ ...compiled, ... }`: a spread followed by other keys is a slow path on Node 20 (serializers.ts).
    const query: CompiledQuery<Row> = {
      sql: compiled.sql,
      query: compiled.query,
      queryId: createQueryId(),
      parameters: positions.map((i) => args[i]),
    };
    const result = await db.executeQuery(query);
    return result.rows;
  };
}
