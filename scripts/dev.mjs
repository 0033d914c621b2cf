// `npm run dev`: watch-mode dev servers for the shell and every remote (webpack serve, each on its own
// port) plus the API stack, all stopped together on Ctrl-C.
import { spawn } from 'node:child_process';
import { apiExists, ROOT, stackConfig } from './stack.mjs';

const config = stackConfig();
const children = [];

function run(name, args, env = {}) {
  const child = spawn('npm', args, { cwd: ROOT, stdio: 'inherit', detached: true, env: { ...process.env, ...env } });
  child.on('exit', (code) => console.log(`[${name}] exited with ${code}`));
  children.push(child);
}

for (const app of config.apps) run(app.dir, ['start', '-w', app.dir], { PORT: String(app.port) });
if (apiExists()) {
  run('api', ['start', '-w', 'api'], {
    PORT: String(config.api.port),
    REALTIME_PORT: String(config.api.realtimePort),
    FIREBASE_PORT: String(config.api.firebasePort),
  });
}

function stopAll() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
  }
  process.exit(0);
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
console.log(`dev servers: ${config.apps.map((a) => `${a.dir} ${a.url}`).join(', ')}; API ${config.api.url}`);
