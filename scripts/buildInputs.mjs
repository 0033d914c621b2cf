// Whether an app's dist/ was built from the sources as they are now: `npm start`, the e2e runner and the
// bundle benchmark rebuild only what is stale.
//
// A build started by buildStale records a fingerprint of its inputs (every file's path and content) taken
// before webpack starts, in dist/.build-inputs (sirv serves no dotfiles). A file edited, added or removed
// while that build ran, or any time after, changes the fingerprint, so the next start rebuilds. A dist/
// without the record (built by `npm run build -w <app>`, or deployed from elsewhere) is judged by file
// times instead: stale when a source is newer than its build.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const RECORD = '.build-inputs';
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);
const isTestFile = (file) => /\.test\.tsx?$/.test(file);

/** The file each build writes last-ish and always: its mtime is the time of the app's last build. */
const builtMarker = (root, app) => path.join(root, app.dir, 'dist', app.name === 'shell' ? 'index.html' : 'mf-manifest.json');

/** What an app's build reads: its sources, its public files and config, the shared package, the build tooling. */
export function buildInputs(root, app) {
  return [
    path.join(root, app.dir, 'src'),
    path.join(root, app.dir, 'public'),
    path.join(root, app.dir, 'webpack.config.cjs'),
    path.join(root, app.dir, 'package.json'),
    path.join(root, 'shared', 'src'),
    path.join(root, 'tools', 'webpack'),
  ];
}

/** Every input file under `targets` (tests left out: no build reads them), sorted. */
function inputFiles(targets) {
  const files = [];
  const walk = (target) => {
    if (!existsSync(target)) return;
    if (!statSync(target).isDirectory()) {
      if (!isTestFile(target)) files.push(target);
      return;
    }
    for (const entry of readdirSync(target)) {
      if (!SKIPPED_DIRS.has(entry)) walk(path.join(target, entry));
    }
  };
  targets.forEach(walk);
  return files.sort();
}

/** A hash of the inputs' paths (relative to `root`) and contents. */
export function fingerprint(root, targets) {
  const hash = createHash('sha256');
  for (const file of inputFiles(targets)) {
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function newestInputMtime(targets) {
  return Math.max(0, ...inputFiles(targets).map((file) => statSync(file).mtimeMs));
}

/** The fingerprint of the app's inputs as they are now. */
export const inputsFingerprint = (root, app) => fingerprint(root, buildInputs(root, app));

/** True when the app has no build, or its build is not of the inputs as they are now (`now`: their fingerprint). */
export function isStale(root, app, now = inputsFingerprint(root, app)) {
  const marker = builtMarker(root, app);
  if (!existsSync(marker)) return true;
  const record = path.join(root, app.dir, 'dist', RECORD);
  if (existsSync(record)) return readFileSync(record, 'utf8').trim() !== now;
  return newestInputMtime(buildInputs(root, app)) > statSync(marker).mtimeMs;
}

/**
 * Builds the app with `build()` (which throws on failure), then records the fingerprint of its inputs as
 * they were when the build began (`before`, when the caller has just taken it to judge staleness).
 */
export function buildRecorded(root, app, build, before = inputsFingerprint(root, app)) {
  build();
  writeFileSync(path.join(root, app.dir, 'dist', RECORD), `${before}\n`);
}
