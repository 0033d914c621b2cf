// The service catalogue is seeded (api/src/seed.ts) and the API has no route that adds to it, so a test
// that needs a service of its own writes it into the suite's database (e2e/run.mjs's SQLITE_PATH), which
// the running API reads, and removes it afterwards so the other tests see the seeded catalogue only.
// better-sqlite3 is the API's own driver (hoisted to the root node_modules).
import Database from 'better-sqlite3';

function suiteDatabase(): Database.Database {
  const sqlitePath = process.env.SQLITE_PATH;
  if (!sqlitePath) throw new Error('SQLITE_PATH is not set: run the e2e tests through e2e/run.mjs');
  const db = new Database(sqlitePath);
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Adds a service to the catalogue (with the Driver icon); returns its id. */
export function addCatalogueService(name: string, description: string): number {
  const db = suiteDatabase();
  try {
    const result = db
      .prepare('INSERT INTO services (name, description, icon, created_at) VALUES (?, ?, ?, ?)')
      .run(name, description, '/static/icons/driver.svg', new Date().toISOString());
    return Number(result.lastInsertRowid);
  } finally {
    db.close();
  }
}

/** Removes a service added by addCatalogueService, with the jobs (and what hangs on them) and offers that name it. */
export function removeCatalogueService(id: number): void {
  const db = suiteDatabase();
  try {
    db.pragma('foreign_keys = ON');
    db.transaction(() => {
      db.prepare('DELETE FROM jobs WHERE service_id = ?').run(id);
      db.prepare('DELETE FROM user_services WHERE service_id = ?').run(id);
      db.prepare('DELETE FROM services WHERE id = ?').run(id);
    })();
  } finally {
    db.close();
  }
}
