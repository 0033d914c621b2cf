// `npm run dev`: watch-mode dev servers for the shell and every remote (webpack serve, each on its own
// port) plus the API stack, all stopped together on Ctrl-C. The ports, the API's environment and the
// remotes.json and runtime-config.json the shell's dev server serves (tools/webpack/createConfig.cjs)
// come from the same stackConfig() as `npm start`'s.
import { spawn } from 'node:child_process';
import { apiEnv, apiExists, assertStackPortsFree, ROOT, stackConfig } from './stack.mjs';

const config = stackConfig();
const withApi = apiExists();
const children = [];

try {
  await assertStackPortsFree(config, { withApi });
} catch (error) {
  console.error(`npm run dev failed: ${error.message}`);
  process.exit(1);
}

function run(name, args, env = {}) {
  const child = spawn('npm', args, { cwd: ROOT, stdio: 'inherit', detached: true, env: { ...process.env, ...env } });
  child.on('exit', (code) => console.log(`[${name}] exited with ${code}`));
  children.push(child);
}

for (const app of config.apps) run(app.dir, ['start', '-w', app.dir], { PORT: String(app.port) });
if (withApi) run('api', ['start', '-w', 'api'], apiEnv(config));

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
