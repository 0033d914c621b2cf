// `npm start`: builds what is missing or stale, serves the shell and each remote from its own origin,
// starts the API stack, prints the URLs and stops everything on Ctrl-C.
import { apiExists, keepApiRunning, startStack, stackConfig } from './stack.mjs';

let config;
try {
  config = stackConfig();
} catch (error) {
  console.error(`npm start failed: ${error.message}`);
  process.exit(1);
}
let stack;
// Ctrl-C while starting: startStack stops what it has started (the API runs in a process group of its
// own, which the terminal's Ctrl-C does not reach) before it rejects.
const starting = new AbortController();

async function shutdown(code = 0) {
  if (stack) {
    console.log('\nstopping ...');
    await stack.stop();
  }
  process.exit(code);
}
const onSignal = () => (stack ? shutdown(0) : starting.abort());
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

try {
  stack = await startStack(config, { signal: starting.signal });
} catch (error) {
  if (starting.signal.aborted) console.log('\nstopped before it had started');
  else console.error(`npm start failed: ${error.message}`);
  process.exit(starting.signal.aborted ? 0 : 1);
}

keepApiRunning(stack);

const pad = (s) => s.padEnd(14);
console.log('\nThe marketplace is running:\n');
for (const app of config.apps) console.log(`  ${pad(app.name === 'shell' ? 'app (shell)' : app.name)} ${app.url}`);
if (stack.api) {
  console.log(`  ${pad('API')} ${config.api.url}   (OpenAPI: ${config.api.url}/api/docs)`);
  console.log(`  ${pad('realtime')} ws://${config.host}:${config.api.realtimePort}`);
  console.log(`  ${pad('firebase')} ws://${config.host}:${config.api.firebasePort}`);
  // The demo accounts are listed once, by the API above, and only when it seeds them (SEED_DEMO).
} else if (!apiExists()) {
  console.log('\n  (api/ has no server yet: the API stack is not started)');
}
console.log(`\nOpen ${config.apps[0].url} — press Ctrl-C to stop.\n`);
