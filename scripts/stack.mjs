// The composed app as it is deployed: each built app served from its own origin (port), plus the API
// stack. `npm start`, the e2e suite and the bundle benchmark all start it through this one module.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import sirv from 'sirv';
import { buildRecorded, inputsFingerprint, isStale } from './buildInputs.mjs';
import { secureFile, securePage, withScriptNonce } from './pageSecurity.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Reads the ports and URLs from the environment; every value has the documented default. `host` is the
 * host name the browser is given in every URL (PUBLIC_HOST; HOST, which also makes the API bind to that
 * address, as before; else localhost).
 */
export function stackConfig(env = process.env) {
  const host = env.PUBLIC_HOST || env.HOST || 'localhost';
  const num = (name, fallback) => {
    const value = env[name] || String(fallback);
    const port = Number(value);
    // Said by name: a typo (35OO) reached the server as NaN, refused without saying which setting.
    if (!/^\d+$/.test(value) || port < 1 || port > 65535)
      throw new Error(`${name} must be a port number (1–65535), not '${value}'.`);
    return port;
  };
  const apps = [
    { name: 'shell', dir: 'shell', port: num('SHELL_PORT', 3000) },
    { name: 'mfe_auth', dir: 'mfe-auth', port: num('AUTH_PORT', 3001) },
    { name: 'mfe_customer', dir: 'mfe-customer', port: num('CUSTOMER_PORT', 3002) },
    { name: 'mfe_provider', dir: 'mfe-provider', port: num('PROVIDER_PORT', 3003) },
    { name: 'mfe_chat', dir: 'mfe-chat', port: num('CHAT_PORT', 3004) },
  ];
  for (const app of apps) app.url = `http://${host}:${app.port}`;
  const api = {
    port: num('API_PORT', 4000),
    realtimePort: num('REALTIME_PORT', 6001),
    firebasePort: num('FIREBASE_PORT', 9000),
  };
  api.url = env.API_URL || `http://${host}:${api.port}`;
  return { host, apps, api, env };
}

/**
 * remotes.json as served: each remote's remoteEntry.js on its own origin, or a REMOTE_MFE_AUTH-style
 * override (a remoteEntry.js URL, or an mf-manifest.json URL, which costs the browser one more request).
 */
export function remotesFor(config) {
  const remotes = {};
  for (const app of config.apps.filter((a) => a.name !== 'shell')) {
    remotes[app.name] = config.env[`REMOTE_${app.name.toUpperCase()}`] || `${app.url}/remoteEntry.js`;
  }
  return remotes;
}

/** JSON that is safe inside a <script> element (no `</script>`, no `<!--`). */
const scriptJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The shell's index.html with remotes.json and runtime-config.json inlined as a JSON data block, so the
 * first screen does not wait for two more requests (issue 12). `html` is the built file, read per request
 * like the two JSON files, so both stay changeable at run time without a rebuild.
 */
export function withBootData(html, { remotes, runtimeConfig }) {
  const block = `<script id="shell-boot" type="application/json">${scriptJson({ remotes, runtimeConfig })}</script>`;
  // First thing in <head>: the page's inline start-up script reads it while the head is parsed.
  return /<head[^>]*>/.test(html) ? html.replace(/<head[^>]*>/, (head) => `${head}${block}`) : `${block}${html}`;
}

/**
 * The page with a remote's static first frame of the route (issue 12): its markup in #root, inside the
 * shell's wrapper of public screens (`public-area`, as shell/src/routing/AppRoutes.tsx renders them),
 * and the frame's stylesheet. A visitor may fill its form in before the app takes its place (the app
 * carries that over, shell/src/firstFrame/carryOver.ts); index.html's start-up script keeps the browser
 * from sending it. A signed-in visitor (the start-up
 * script marks <html data-signed-in>) never sees it: the app sends them elsewhere.
 */
export function withFirstFrame(html, frame) {
  // The boot loader in #root (shell/public/index.html) gives way to the frame.
  const root = /(<div id="?root"?>)<div class="?boot-loader"?[^>]*>[^<]*<\/div>/;
  if (!frame || !root.test(html) || !html.includes('</head>')) return html;
  // A slow phone's parser may yield, and the page paint, halfway through the frame: a card that then grows
  // (centred, it moves up: a layout shift). The frame shows once what follows #root (the start-up script)
  // is parsed, i.e. whole; a browser without :has() shows it as it comes.
  // Two rules: a selector list with :has() would be dropped whole by a browser without it.
  const css =
    `${frame.css}\n[data-signed-in] [data-first-frame]{display:none}\n#root:not(:has(~ *))>[data-first-frame]{display:none}`.replace(
      /<\//g,
      '<\\/',
    );
  return html
    .replace('</head>', () => `<style data-first-frame>${css}</style></head>`)
    .replace(root, (_, open) => `${open}<div class="public-area" data-first-frame>${frame.html}</div>`);
}

/**
 * The first frames the remotes publish (`first-frames.json` beside their remoteEntry.js; see
 * tools/webpack/first-frames), read from their origins and kept for a few seconds, so a redeployed
 * remote's frames are served without restarting the shell's server.
 */
export function createFirstFrames(config, { ttlMs = 5000, timeoutMs = 1500 } = {}) {
  const cache = new Map();
  async function load(url) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) return null;
      const value = await response.json();
      return value && typeof value.frames === 'object' && value.frames ? value : null;
    } catch {
      return null;
    }
  }
  function get(url) {
    const entry = cache.get(url);
    if (entry && (entry.pending || Date.now() - entry.at < ttlMs)) return entry.loaded ? entry.value : entry.pending;
    const pending = load(url).then((value) => {
      cache.set(url, { at: Date.now(), loaded: true, value, pending: null });
      return value;
    });
    // Stale while revalidating: a known answer is used at once, the first one is waited for.
    cache.set(url, { at: entry?.at ?? 0, loaded: Boolean(entry?.loaded), value: entry?.value ?? null, pending });
    return entry?.loaded ? entry.value : pending;
  }
  /** The frame of `pathname` ({ html, css }), or null. */
  return async function firstFrameFor(pathname) {
    const urls = [];
    for (const entry of Object.values(remotesFor(config))) {
      try {
        urls.push(new URL('first-frames.json', entry).href);
      } catch {
        /* not a URL: no frames */
      }
    }
    for (const published of await Promise.all(urls.map(get))) {
      const markup = published?.frames[pathname];
      if (typeof markup === 'string') return { html: markup, css: typeof published.css === 'string' ? published.css : '' };
    }
    return null;
  };
}

/** runtime-config.json as served: the built default, with the API stack's addresses from the environment. */
export function runtimeConfigFor(config, builtDefault = {}) {
  const { env, host, api } = config;
  return {
    ...builtDefault,
    apiUrl: api.url,
    realtime: {
      ...builtDefault.realtime,
      key: env.PUSHER_KEY || builtDefault.realtime?.key || 'app-key',
      wsHost: env.PUSHER_WS_HOST || host,
      wsPort: Number(env.PUSHER_WS_PORT || api.realtimePort),
      forceTLS: env.PUSHER_FORCE_TLS === 'true',
    },
    // The embedded location server by default (its databaseURL only says where it is: the SDK connects
    // to emulatorHost:emulatorPort); a real Firebase project (its https databaseURL, web API key and
    // project id) when FIREBASE_DATABASE_URL is set. emulatorHost '' turns emulator mode off.
    firebase: {
      ...builtDefault.firebase,
      ...(env.FIREBASE_DATABASE_URL
        ? {
            databaseURL: env.FIREBASE_DATABASE_URL,
            apiKey: env.FIREBASE_API_KEY || builtDefault.firebase?.apiKey || '',
            projectId: env.FIREBASE_PROJECT_ID || builtDefault.firebase?.projectId || '',
            emulatorHost: '',
          }
        : { databaseURL: `ws://${host}:${api.firebasePort}`, emulatorHost: host, emulatorPort: api.firebasePort }),
    },
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || builtDefault.stripePublishableKey || '',
    mapsApiKey: env.MAPS_API_KEY || builtDefault.mapsApiKey || '',
    // The same variable the API reads, so that the apps refuse what the API would.
    maxUploadBytes: Number(env.MAX_UPLOAD_BYTES) || builtDefault.maxUploadBytes || 5 * 1024 * 1024,
  };
}

// ---------------------------------------------------------------- builds

export function buildStale(apps, log = console.log) {
  for (const app of apps) {
    // Read once: what is judged stale is what the build is recorded as built from.
    const inputs = inputsFingerprint(ROOT, app);
    if (!isStale(ROOT, app, inputs)) continue;
    log(`building ${app.dir} ...`);
    const build = () => {
      const result = spawnSync('npm', ['run', 'build', '-w', app.dir], { cwd: ROOT, stdio: 'inherit' });
      if (result.status !== 0) throw new Error(`the build of ${app.dir} failed`);
    };
    buildRecorded(ROOT, app, build, inputs);
  }
}

// ---------------------------------------------------------------- static servers

function allowCors(res) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Headers', '*');
}

/**
 * Whether a request asks for a page (the browser navigating: `Sec-Fetch-Dest: document`, or, from a
 * client that does not send it, `Accept: text/html`) rather than a script, a style or an image.
 */
export function wantsPage(req) {
  const dest = req.headers['sec-fetch-dest'];
  if (dest) return dest === 'document';
  return /\btext\/html\b/i.test(req.headers.accept ?? '');
}

/** How a message names an app: `the shell`, `mfe-provider`. */
const appLabel = (app) => (app.name === 'shell' ? 'the shell' : app.dir);

/**
 * Serves one app's dist from its own origin: the build's brotli and gzip copies of its files (`x.js.br`,
 * `x.js.gz`, tools/webpack/createConfig.cjs) as they are, other responses compressed on the fly; long
 * cache for hashed files; SPA fallback for the shell. `app.distDir` serves another folder (tests).
 */
export function createAppServer(app, config) {
  const dist = app.distDir ?? path.join(ROOT, app.dir, 'dist');
  const isShell = app.name === 'shell';
  const gzip = compression();
  const files = sirv(dist, {
    // No fallback of its own: which requests get the shell's page (with its boot data) is decided below.
    // Looks each file up when it is asked for (a stat, microseconds) instead of indexing dist/ once at
    // start: a remote rebuilt or replaced while the stack runs is served at once and whole. Indexed, the
    // server kept the old sizes and sent a rebuilt remoteEntry.js cut short. The Cache-Control set below
    // still wins over sirv's development default.
    dev: true,
    etag: true,
    brotli: true,
    gzip: true,
    setHeaders(res, pathname) {
      if (!isShell) allowCors(res);
      const hashed = /\.[0-9a-f]{8,}\.(js|css)$/.test(pathname);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const builtJson = (name) => {
    try {
      return JSON.parse(readFileSync(path.join(dist, name), 'utf8'));
    } catch {
      return {};
    }
  };
  const sendJson = (res, body) => {
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-store');
    res.end(JSON.stringify(body));
  };
  const firstFrameFor = isShell ? createFirstFrames(config) : null;
  /** A page of the single-page app (a route, not a file): index.html with the boot data and the route's first frame. */
  const sendPage = async (req, res, pathname) => {
    let html;
    try {
      html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    } catch {
      res.statusCode = 404;
      return res.end('Not found');
    }
    const frame = await firstFrameFor(pathname);
    const boot = { remotes: remotesFor(config), runtimeConfig: runtimeConfigFor(config, builtJson('runtime-config.json')) };
    const nonce = securePage(req, res, boot);
    // The nonce goes on the built page's scripts before the remote's first frame is put in: that markup is never run.
    const body = withFirstFrame(withScriptNonce(withBootData(html, boot), nonce), frame);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  const handler = (req, res) => {
    secureFile(res);
    gzip(req, res, () => {
      const pathname = new URL(req.url, 'http://x').pathname;
      if (isShell && pathname === '/remotes.json') return sendJson(res, remotesFor(config));
      if (isShell && pathname === '/runtime-config.json') {
        return sendJson(res, runtimeConfigFor(config, builtJson('runtime-config.json')));
      }
      const page = () =>
        void sendPage(req, res, pathname).catch(() => {
          res.statusCode = 500;
          res.end();
        });
      const canBePage = isShell && (req.method === 'GET' || req.method === 'HEAD');
      // A route of the app (no file name), always; any other path the app's page only when no file has
      // that name and the browser asks for a page (/chatview/2.5 typed in): the app says where it leads.
      if (canBePage && (pathname === '/index.html' || !path.posix.extname(pathname))) return page();
      if (!isShell && req.method === 'OPTIONS') {
        allowCors(res);
        res.statusCode = 204;
        return res.end();
      }
      files(req, res, () => {
        // A script, style or image that is not there stays a 404: it never gets the page instead.
        if (canBePage && wantsPage(req)) return page();
        res.statusCode = 404;
        res.end('Not found');
      });
    });
  };

  let server = null;
  return {
    app,
    get running() {
      return server !== null;
    },
    start() {
      return new Promise((resolve, reject) => {
        const starting = http.createServer(handler);
        starting.once('error', (error) => {
          if (server === starting) server = null;
          reject(error.code === 'EADDRINUSE' ? portTaken(app.port, appLabel(app)) : error);
        });
        server = starting;
        starting.listen(app.port, () => resolve());
      });
    },
    stop() {
      return new Promise((resolve) => {
        if (!server) return resolve();
        const closing = server;
        server = null;
        closing.close(() => resolve());
        closing.closeAllConnections();
      });
    },
  };
}

// ---------------------------------------------------------------- API stack

export function apiExists() {
  return existsSync(path.join(ROOT, 'api', 'src', 'main.ts'));
}

function originsOf(config) {
  const origins = new Set();
  for (const app of config.apps) {
    origins.add(app.url);
    origins.add(`http://localhost:${app.port}`);
    origins.add(`http://127.0.0.1:${app.port}`);
  }
  return [...origins].join(',');
}

async function waitForHttp(url, timeoutMs, isAlive, signal) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    signal?.throwIfAborted();
    if (!isAlive()) throw new Error(`the API exited before answering ${url}`);
    try {
      // Any answer below 500 means the server is listening (a signed-in route answers 401).
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
}

const portTaken = (port, what) =>
  new Error(`port ${port} (${what}) is already in use: stop what holds it (an earlier run?) or choose another port`);

/** Resolves when nothing listens on `port` (a throw-away listen succeeds), else rejects saying who to stop. */
export function assertPortFree(port, what) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () => reject(portTaken(port, what)));
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

/**
 * The API's environment under `npm start` and `npm run dev`: its ports, where it publishes realtime
 * events, the browser origins it lets in (the shell's and every remote's) and a quiet log, each unless
 * the developer set it.
 */
export function apiEnv(config, env = process.env) {
  const { api } = config;
  return {
    PORT: String(api.port),
    REALTIME_PORT: String(api.realtimePort),
    FIREBASE_PORT: String(api.firebasePort),
    PUSHER_HOST: env.PUSHER_HOST || '127.0.0.1',
    PUSHER_PORT: env.PUSHER_PORT || String(api.realtimePort),
    APP_ORIGINS: env.APP_ORIGINS || originsOf(config),
    PUBLIC_API_URL: api.url,
    // One line per request drowns the URLs and warnings in the terminal; LOG_LEVEL=info brings them back.
    LOG_LEVEL: env.LOG_LEVEL || 'warn',
  };
}

/**
 * Rejects, naming the first port taken and what it is for, unless every port the stack listens on is
 * free: checked before anything is built or started, so a taken port fails at once and leaves nothing
 * running.
 */
export async function assertStackPortsFree(config, { withApi = apiExists() } = {}) {
  for (const app of config.apps) await assertPortFree(app.port, appLabel(app));
  if (!withApi) return;
  await assertPortFree(config.api.port, 'API');
  await assertPortFree(config.api.realtimePort, 'realtime');
  await assertPortFree(config.api.firebasePort, 'firebase');
}

/**
 * Starts the API with its realtime and firebase servers (`npm start -w api`) as a child process group.
 * If it does not answer (it exited, timed out, or `signal` aborted the start), it is stopped and this rejects.
 */
export async function startApi(config, { quiet = false, signal } = {}) {
  const { api } = config;
  // An API left running on these ports would answer the readiness probe below, and everything would talk
  // to it (another database, older code) while this one fails to listen.
  await assertPortFree(api.port, 'API');
  await assertPortFree(api.realtimePort, 'realtime');
  await assertPortFree(api.firebasePort, 'firebase');
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['src/main.ts'], {
    cwd: path.join(ROOT, 'api'),
    detached: true,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    env: { ...process.env, ...apiEnv(config) },
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const started = {
    child,
    stop() {
      return new Promise((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          resolve();
        }
        setTimeout(() => {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            /* already gone */
          }
        }, 5000).unref();
      });
    },
  };
  try {
    await waitForHttp(`http://127.0.0.1:${api.port}/api/services`, 120_000, () => !exited, signal);
  } catch (error) {
    await started.stop();
    throw error;
  }
  return started;
}

/**
 * Builds what is stale, then serves the five apps and starts the API stack. Every port is checked before
 * the build; whatever fails after that (a port taken meanwhile, the API not answering, `signal` aborted)
 * stops what was already started before this rejects.
 */
export async function startStack(
  config = stackConfig(),
  { withApi = apiExists(), quietApi = false, log = console.log, signal } = {},
) {
  await assertStackPortsFree(config, { withApi });
  buildStale(config.apps, log);
  const servers = Object.fromEntries(config.apps.map((app) => [app.name, createAppServer(app, config)]));
  // `api` is the one running now: keepApiRunning replaces it after a crash.
  const stack = {
    config,
    servers,
    api: null,
    async stop() {
      stack.stopping = true;
      await Promise.all(Object.values(servers).map((s) => s.stop()));
      if (stack.api) await stack.api.stop();
    },
  };
  try {
    signal?.throwIfAborted();
    stack.api = withApi ? await startApi(config, { quiet: quietApi, signal }) : null;
    for (const server of Object.values(servers)) await server.start();
    signal?.throwIfAborted();
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}

/** The first pause before the API is started again, doubled after each quick failure up to the longest. */
const API_RESTART_PAUSE_MS = 1_000;
const API_RESTART_LONGEST_PAUSE_MS = 30_000;
/** An API that ran this long before it stopped is started again after the first pause, not a longer one. */
const API_RAN_WELL_MS = 60_000;

/**
 * Starts the stack's API again whenever it exits without being asked to (a crash, a kill, an out-of-memory
 * kill), saying so: the apps went on serving while every call failed, with nothing printed. The pause before
 * each start grows while it keeps failing (1 s doubling to 30 s), back to 1 s once it has run a minute.
 */
export function keepApiRunning(stack, { quiet = false, log = console.log, warn = console.error } = {}) {
  let pause = API_RESTART_PAUSE_MS;
  const restartLater = () => {
    warn(`Starting the API again in ${pause / 1000} s ...`);
    setTimeout(restart, pause).unref();
    pause = Math.min(pause * 2, API_RESTART_LONGEST_PAUSE_MS);
  };
  const restart = async () => {
    if (stack.stopping) return;
    try {
      const api = await startApi(stack.config, { quiet });
      if (stack.stopping) return void api.stop();
      stack.api = api;
      log('The API is running again.');
      watch(api);
    } catch (error) {
      warn(`The API did not start: ${error.message}`);
      restartLater();
    }
  };
  const watch = (api) => {
    const startedAt = Date.now();
    api.child.once('exit', (code, signal) => {
      if (stack.stopping) return;
      if (Date.now() - startedAt >= API_RAN_WELL_MS) pause = API_RESTART_PAUSE_MS;
      warn(`\nThe API stopped (${signal ? `signal ${signal}` : `exit code ${code}`}).`);
      restartLater();
    });
  };
  if (stack.api) watch(stack.api);
}
