import { existsSync } from 'node:fs';
import { loadConfig, type Config } from '../config.js';
import { createDb } from '../db/index.js';
import { migrateToLatest } from '../db/migrations.js';
import { toIso } from '../serializers.js';

const USAGE = `usage: npm run contacts -w api [-- --limit N | --help]

Lists the newest Contact Us messages (50 unless --limit says), newest first, from the database the API
uses: DATABASE_URL (PostgreSQL) if set, else the SQLite file SQLITE_PATH (default api/data/app.db).
It never creates a database: one that does not exist is an error.`;

/** The command line: --help, --limit N; anything else is refused with the usage. */
function parseArgs(args: string[]): { help: true } | { help: false; limit: number } {
  let limit = 50;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--limit') {
      const value = Number(args[++i]);
      if (!Number.isInteger(value) || value < 1)
        throw new Error(`--limit needs a whole number of at least 1, got "${args[i] ?? ''}"`);
      limit = value;
      continue;
    }
    throw new Error(`unknown argument "${arg}"`);
  }
  return { help: false, limit };
}

/** Which database this reads, for the operator: the SQLite file, or the PostgreSQL URL without its password. */
function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `SQLite ${config.sqlitePath}`;
  try {
    const url = new URL(config.databaseUrl);
    if (url.password) url.password = '';
    return `PostgreSQL ${url.href}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL is not a URL)';
  }
}

/** `npm run contacts -w api [-- --limit N]`: lists the Contact Us messages, newest first. */
async function main(): Promise<number> {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  const database = describeDatabase(config);
  // Opening a SQLite file that is not there would create an empty database and list nothing from it.
  if (!config.databaseUrl && !existsSync(config.sqlitePath)) {
    console.error(`No database at ${config.sqlitePath}: set SQLITE_PATH (or DATABASE_URL) to the API's database.`);
    return 1;
  }
  const handle = createDb({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    const tables = await handle.db.introspection.getTables();
    if (!tables.some((table) => table.name === 'contact_messages')) {
      console.error(`${database} has no contact_messages table: not the API's database (or never started).`);
      return 1;
    }
    // An older schema is brought up to date, as the API does when it starts.
    await migrateToLatest(handle);
    console.log(`Contact Us messages in ${database}, newest first:\n`);
    const rows = await handle.db
      .selectFrom('contact_messages as m')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.id', 'm.title', 'm.message', 'm.created_at', 'u.email', 'u.role'])
      .orderBy('m.id', 'desc')
      .limit(options.limit)
      .execute();
    if (rows.length === 0) {
      console.log('No contact messages.');
      return 0;
    }
    for (const r of rows) {
      console.log(`#${r.id}  ${toIso(r.created_at)}  ${r.email ?? '(deleted user)'}${r.role ? ` (${r.role})` : ''}`);
      console.log(`  Title:   ${r.title}`);
      console.log(`  Message: ${r.message.replace(/\n/g, '\n           ')}`);
      console.log('');
    }
    return 0;
  } catch (error) {
    console.error(`Cannot read ${database}: ${(error as Error).message}`);
    return 1;
  } finally {
    await handle.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
