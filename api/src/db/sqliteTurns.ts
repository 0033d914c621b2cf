import {
  CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
} from 'kysely';

/**
 * SQLite (one connection, synchronous driver) with the queries outside transactions run in turns: those
 * that requests ask for while the event loop reads its sockets are queued, and run back to back once per
 * loop iteration (setImmediate), each answered in order. Under load that is one stretch of SQLite work
 * per iteration instead of a query wedged between each request's HTTP parsing and its socket write:
 * GET /api/jobs under load took about 10 % less server CPU (docs/benchmarks.md). When idle, a query waits one
 * loop iteration (microseconds). Every query still runs on its own, as before: nothing is shared or cached.
 *
 * A transaction holds the connection from `begin` to its end, as with Kysely's SqliteDriver: its own
 * queries run at once, and a turn waits for it (it must not see the transaction's uncommitted writes).
 */
export class TurnSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;

  constructor(database: SqliteDatabase) {
    super({ database });
    this.#database = database;
  }

  override createDriver(): Driver {
    return new TurnSqliteDriver(this.#database);
  }
}

interface Waiting {
  query: CompiledQuery;
  resolve: (result: QueryResult<unknown>) => void;
  reject: (error: unknown) => void;
}

class TurnConnection implements DatabaseConnection {
  /** Set from the transaction's `begin` until the connection is released: lets go of the database. */
  release: (() => void) | undefined;

  constructor(private readonly driver: TurnSqliteDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.release) return Promise.resolve(this.driver.run(query) as QueryResult<R>);
    return this.driver.enqueue(query) as Promise<QueryResult<R>>;
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const release = this.release ? undefined : await this.driver.hold();
    try {
      for (const row of this.driver.iterate(query)) yield { rows: [row as R] };
    } finally {
      release?.();
    }
  }
}

class TurnSqliteDriver implements Driver {
  #queue: Waiting[] = [];
  #turnScheduled = false;
  /** Settles when whoever holds the database (a transaction, or a turn) lets go of it. */
  #held: Promise<void> = Promise.resolve();

  constructor(private readonly db: SqliteDatabase) {}

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new TurnConnection(this));
  }

  /** Waits for the database, and holds it until the answered function is called. */
  hold(): Promise<() => void> {
    const before = this.#held;
    let release!: () => void;
    this.#held = new Promise<void>((resolve) => (release = resolve));
    return before.then(() => release);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as TurnConnection).release = await this.hold();
    this.run(CompiledQuery.raw('begin'));
  }

  commitTransaction(): Promise<void> {
    this.run(CompiledQuery.raw('commit'));
    return Promise.resolve();
  }

  rollbackTransaction(): Promise<void> {
    this.run(CompiledQuery.raw('rollback'));
    return Promise.resolve();
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    const turn = connection as TurnConnection;
    turn.release?.();
    turn.release = undefined;
    return Promise.resolve();
  }

  async destroy(): Promise<void> {
    const release = await this.hold();
    this.db.close();
    // Queries asked for meanwhile (the API stopping) then fail in their turn, as on a closed database.
    release();
  }

  enqueue(query: CompiledQuery): Promise<QueryResult<unknown>> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ query, resolve, reject });
      if (!this.#turnScheduled) {
        this.#turnScheduled = true;
        setImmediate(() => void this.#turn());
      }
    });
  }

  async #turn(): Promise<void> {
    const release = await this.hold();
    // Queries asked for while a transaction held the database join this turn.
    const waiting = this.#queue;
    this.#queue = [];
    this.#turnScheduled = false;
    try {
      for (const { query, resolve, reject } of waiting) {
        try {
          resolve(this.run(query));
        } catch (error) {
          reject(error);
        }
      }
    } finally {
      release();
    }
  }

  run(query: CompiledQuery): QueryResult<unknown> {
    const stmt = this.db.prepare(query.sql);
    if (stmt.reader) return { rows: stmt.all(query.parameters) };
    const { changes, lastInsertRowid } = stmt.run(query.parameters);
    return {
      numAffectedRows: changes === undefined || changes === null ? undefined : BigInt(changes),
      insertId: lastInsertRowid === undefined || lastInsertRowid === null ? undefined : BigInt(lastInsertRowid),
      rows: [],
    };
  }

  iterate(query: CompiledQuery): IterableIterator<unknown> {
    return this.db.prepare(query.sql).iterate(query.parameters);
  }
}
