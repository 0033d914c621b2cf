import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { demoAccountsBanner, isDatabaseEmpty, seedDemo } from './seed.js';
import { startRealtimeServer } from './realtime/server.js';
import { userOfChannel } from './services/publisher.js';
import { startLocationServer } from './location/server.js';
import { startJobSweeper, sweepJobs } from './services/jobSweeper.js';

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

  const app = await buildApp({ config });
  closers.unshift(() => app.close());
  const seeded = config.seedDemoWhenEmpty && (await isDatabaseEmpty(app.ctx.db));
  if (seeded) {
    await seedDemo(app.ctx.db);
    console.log('Empty database: demo data created.');
  }
  // Catch up before taking requests (requests that expired, refunds and bookings a crash interrupted),
  // then keep doing it on a timer.
  const caughtUp = await sweepJobs(app.ctx);
  if (caughtUp.expired || caughtUp.refundsSettled || caughtUp.orphanChargesRefunded) console.log('Caught up:', caughtUp);
  await app.listen({ port: config.port, host: config.host });
  const sweeper = startJobSweeper(app.ctx, config.jobSweepIntervalMs, { runNow: false });
  closers.unshift(() => sweeper.stop());
  console.log(
    `API listening on http://localhost:${config.port} (${app.ctx.dialect}${config.isProduction ? '' : `, docs at /api/docs`})`,
  );
  if (config.seedDemoWhenEmpty) console.log(demoAccountsBanner());

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    for (const close of closers) await close().catch((err: Error) => console.error(err.message));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
