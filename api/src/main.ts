import { loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { demoAccountsBanner, demoAccountsExist, seedDemo } from './seed.js';
import { isDatabaseUnreachable } from './http/errors.js';
import { startRealtimeServer } from './realtime/server.js';
import { userOfChannel } from './services/publisher.js';
import { startLocationServer } from './location/server.js';
import { startJobSweeper, sweepJobs } from './services/jobSweeper.js';

/** How long a shutdown may take (closing requests in flight, the servers) before the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 10_000;

/** Which database this API uses, without the password: said at start, so nobody wonders. */
function databaseInUse(config: Config): string {
  if (!config.databaseUrl) return `SQLite at ${config.sqlitePath}`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL at ${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/** What keeps the API from its database at start, in an operator's words; null for any other failure. */
function databaseProblem(error: unknown): string | null {
  if (isDatabaseUnreachable(error)) return 'The database is not reachable; start it, or point DATABASE_URL at it';
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '3D000') return 'The database named in DATABASE_URL does not exist; create it (createdb) or name another';
  if (code === '28P01' || code === '28000') return 'The database refused the user or password in DATABASE_URL';
  return null;
}

/** `npm start -w api`: the API on PORT (4000), the realtime server (6001) and the location server (9000). */
async function main() {
  const config = loadConfig();
  const closers: Array<() => Promise<void>> = [];

  if (config.embeddedRealtime) {
    const realtime = await startRealtimeServer({
      port: config.realtimePort,
      appId: config.pusher.appId,
      key: config.pusher.key,
      secret: config.pusher.secret,
      host: config.host,
      maxConnectionsPerAddress: config.realtimeMaxConnectionsPerIp,
      trustProxy: config.trustProxy,
      userOfChannel,
    });
    closers.push(() => realtime.close());
    console.log(`Realtime (Pusher protocol) listening on port ${realtime.port}`);
  }
  if (config.embeddedLocation) {
    const location = await startLocationServer({ port: config.firebasePort, host: config.host });
    closers.push(() => location.close());
    console.log(`Location (firebase-server) listening on port ${location.port}`);
  }

  const app = await buildApp({ config }).catch((error: unknown) => {
    const problem = databaseProblem(error);
    if (problem) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new StartupError(
        `${problem} (${databaseInUse(config)}: ${reason}). Without DATABASE_URL the API uses its own SQLite file.`,
      );
    }
    throw error;
  });
  closers.unshift(() => app.close());
  if (config.seedDemoWhenEmpty && (await seedDemo(app.ctx.db)).seeded) console.log('Empty database: demo data created.');
  // Catch up before taking requests (requests that expired, refunds and bookings a crash interrupted),
  // then keep doing it on a timer.
  const caughtUp = await sweepJobs(app.ctx);
  if (caughtUp.expired || caughtUp.refundsSettled || caughtUp.orphanChargesRefunded) console.log('Caught up:', caughtUp);
  await app.listen({ port: config.port, host: config.host });
  const sweeper = startJobSweeper(app.ctx, config.jobSweepIntervalMs, { runNow: false });
  closers.unshift(() => sweeper.stop());
  const announceDemo = config.seedDemoWhenEmpty && (await demoAccountsExist(app.ctx.db));
  console.log(
    `API listening on http://localhost:${config.port} (${databaseInUse(config)}${config.isProduction ? '' : `, docs at /api/docs`})`,
  );
  if (announceDemo) console.log(demoAccountsBanner());

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    setTimeout(() => {
      console.error(`Shutdown took longer than ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting anyway.`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    for (const close of closers) await close().catch((err: Error) => console.error(err.message));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** A start-up failure with a message for the operator; printed alone, without a stack. */
class StartupError extends Error {}

main().catch((err) => {
  console.error(err instanceof StartupError ? err.message : err);
  process.exit(1);
});
