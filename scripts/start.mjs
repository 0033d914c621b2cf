// `npm start`: builds what is missing or stale, serves the shell and each remote from its own origin,
// starts the API stack, prints the URLs and stops everything on Ctrl-C.
import { apiExists, startStack, stackConfig } from './stack.mjs';

const config = stackConfig();
let stack;

async function shutdown(code = 0) {
  if (stack) {
    console.log('\nstopping ...');
    await stack.stop();
  }
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

try {
  stack = await startStack(config);
} catch (error) {
  console.error(`npm start failed: ${error.message}`);
  await shutdown(1);
}

const pad = (s) => s.padEnd(14);
console.log('\nThe marketplace is running:\n');
for (const app of config.apps) console.log(`  ${pad(app.name === 'shell' ? 'app (shell)' : app.name)} ${app.url}`);
if (stack.api) {
  console.log(`  ${pad('API')} ${config.api.url}   (OpenAPI: ${config.api.url}/api/docs)`);
  console.log(`  ${pad('realtime')} ws://${config.host}:${config.api.realtimePort}`);
  console.log(`  ${pad('firebase')} ws://${config.host}:${config.api.firebasePort}`);
  console.log('\n  Demo accounts (password password123): customer@example.com, provider@example.com');
} else if (!apiExists()) {
  console.log('\n  (api/ has no server yet: the API stack is not started)');
}
console.log(`\nOpen ${config.apps[0].url} — press Ctrl-C to stop.\n`);
