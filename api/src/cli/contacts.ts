import { loadConfig } from '../config.js';
import { createDb } from '../db/index.js';
import { migrateToLatest } from '../db/migrations.js';
import { toIso } from '../serializers.js';

/** `npm run contacts -w api [-- --limit N]`: lists the Contact Us messages, newest first. */
async function main() {
  const limitArg = process.argv.indexOf('--limit');
  const limit = limitArg > 0 ? Math.max(1, Number(process.argv[limitArg + 1]) || 50) : 50;
  const config = loadConfig();
  const handle = createDb({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    await migrateToLatest(handle);
    const rows = await handle.db
      .selectFrom('contact_messages as m')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.id', 'm.title', 'm.message', 'm.created_at', 'u.email', 'u.role'])
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute();
    if (rows.length === 0) {
      console.log('No contact messages.');
      return;
    }
    for (const r of rows) {
      console.log(`#${r.id}  ${toIso(r.created_at)}  ${r.email ?? '(deleted user)'}${r.role ? ` (${r.role})` : ''}`);
      console.log(`  Title:   ${r.title}`);
      console.log(`  Message: ${r.message.replace(/\n/g, '\n           ')}`);
      console.log('');
    }
  } finally {
    await handle.destroy();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
