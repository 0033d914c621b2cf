// Team independence (issue 12): one remote is rebuilt with a visible change and redeployed while the
// composed app runs, and a reload of the already open shell shows the change - with the shell's build
// untouched. A tab left open since before the deploy, opening a screen of that remote it has not shown
// yet, reloads by itself into the new build rather than failing on the old build's missing chunks. The change is made at build time by a one-off loader on a copy of the build configuration
// in a temporary folder; no tracked file is modified. The original dist/ is put back at the end.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { createAccount, openPage, signInDirectly, useBrowser } from '../support/app.ts';

const browser = useBrowser();

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const REMOTE = { name: 'mfe_chat', dir: path.join(ROOT, 'mfe-chat') };
const SOURCE = path.join(REMOTE.dir, 'src', 'components', 'ContactList.tsx');
const ORIGINAL_TEXT = 'No conversations yet.';

/** sha256 over every file of a directory (relative path and bytes), in a stable order. */
function hashDir(dir: string): string {
  const hash = createHash('sha256');
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(dir, full)).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/**
 * Builds the remote with its own webpack configuration, into `outDir`, with `from` replaced by `to`
 * in one source file on its way into the bundle.
 */
async function buildChanged(work: string, outDir: string, from: string, to: string): Promise<void> {
  const loader = path.join(work, 'replace-text-loader.cjs');
  writeFileSync(
    loader,
    `module.exports = function (source) {
  const { from, to } = this.getOptions();
  if (!source.includes(from)) throw new Error('replace-text-loader: ' + JSON.stringify(from) + ' not found in ' + this.resourcePath);
  return source.split(from).join(to);
};
`,
  );
  const config = path.join(work, 'webpack.config.cjs');
  writeFileSync(
    config,
    `const base = require(${JSON.stringify(path.join(REMOTE.dir, 'webpack.config.cjs'))});
module.exports = (env, argv) => {
  const built = base(env, argv);
  // One configuration or several (e.g. a remote's container and its standalone harness): all into outDir.
  for (const config of Array.isArray(built) ? built : [built]) {
    config.output = { ...config.output, path: ${JSON.stringify(outDir)} };
    config.module.rules.unshift({
      test: (file) => file === ${JSON.stringify(SOURCE)},
      enforce: 'pre',
      use: [{ loader: ${JSON.stringify(loader)}, options: { from: ${JSON.stringify(from)}, to: ${JSON.stringify(to)} } }],
    });
  }
  return built;
};
`,
  );
  const webpack = path.join(ROOT, 'node_modules', '.bin', 'webpack');
  const output: string[] = [];
  const code = await new Promise<number>((resolve) => {
    const child = spawn(webpack, ['--mode', 'production', '--config', config], { cwd: REMOTE.dir });
    child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
    child.on('exit', (c) => resolve(c ?? 1));
  });
  assert.equal(code, 0, `the build of the changed remote failed:\n${output.join('')}`);
  assert.ok(existsSync(path.join(outDir, 'mf-manifest.json')), 'the build wrote no mf-manifest.json');
}

describe('redeploying one remote while the app runs', () => {
  it('a reload of the open shell serves the rebuilt remote, with no shell rebuild', { timeout: 10 * 60_000 }, async () => {
    const shellDist = path.join(ROOT, 'shell', 'dist');
    const remoteDist = path.join(REMOTE.dir, 'dist');
    const shellBefore = hashDir(shellDist);
    const remoteBefore = hashDir(remoteDist);

    // A customer with no conversations sees the chat remote's empty state.
    const { page, context, errors } = await openPage(browser());
    const account = await createAccount('Customer');
    await signInDirectly(page, account);
    await page.goto('/chatview');
    const contacts = page.getByRole('region', { name: 'Contacts' });
    await contacts.getByText(ORIGINAL_TEXT).waitFor();

    // Another browser on Home has the chat remote's container from before the deploy (the pointer passed
    // over Chat in the menu) but not yet its screen: what a user who keeps the app open has. (Its own
    // context: a tab beside `page` would find the old screen's chunks in the shared HTTP cache.)
    const { page: stale, context: staleContext, errors: staleErrors } = await openPage(browser());
    await signInDirectly(stale, account);
    await stale.goto('/');
    await stale.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    const chatLink = stale.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat' });
    const containerLoaded = stale.waitForResponse((r) => r.url().endsWith('/remoteEntry.js') && r.ok());
    await chatLink.hover();
    await containerLoaded;
    await stale.getByRole('heading', { name: 'Home', level: 1 }).hover();
    await stale.evaluate(() => Object.assign(window, { openedBeforeDeploy: true }));

    // The chat team rebuilds its remote with a new text, into a folder of its own.
    const changed = `No conversations yet (redeployed ${randomUUID().slice(0, 8)}).`;
    mkdirSync(path.join(ROOT, '.e2e-artifacts'), { recursive: true });
    const work = path.join(ROOT, '.e2e-artifacts', `redeploy-${randomUUID().slice(0, 8)}`);
    mkdirSync(work);
    const built = path.join(work, 'dist');
    const previous = path.join(work, 'dist.previous');
    let swapped = false;
    try {
      const started = Date.now();
      await buildChanged(work, built, ORIGINAL_TEXT, changed);
      console.log(`redeploy: ${path.relative(ROOT, REMOTE.dir)} rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);

      // Deploy: the new dist takes the old one's place, under the running server.
      renameSync(remoteDist, previous);
      renameSync(built, remoteDist);
      swapped = true;
      // If this test dies before it restores the original, `npm start` and the e2e runner see an
      // out-of-date build (a marker older than the sources) and rebuild the remote from its sources.
      utimesSync(path.join(remoteDist, 'mf-manifest.json'), new Date(0), new Date(0));
      // Nothing is restarted: the remote's running server serves whatever its dist/ holds now.

      // The open shell, reloaded, shows the new text; the shell itself was not rebuilt.
      await page.reload();
      await contacts.getByText(changed).waitFor();

      // The tab left open asks for the old build's chunks, gone now: opening Chat there reloads the page
      // once, by itself, and shows the new build instead of an error.
      await chatLink.click();
      await stale.getByRole('region', { name: 'Contacts' }).getByText(changed).waitFor();
      assert.equal(await stale.evaluate(() => 'openedBeforeDeploy' in window), false, 'the tab was reloaded');
      assert.equal(await stale.getByText('This part of the app is unavailable right now.').count(), 0);
      assert.equal(new URL(stale.url()).pathname, '/chatview');
      assert.equal(await contacts.getByText(ORIGINAL_TEXT, { exact: true }).count(), 0);
      assert.equal(hashDir(shellDist), shellBefore, "the shell's dist changed");
      assert.notEqual(hashDir(remoteDist), remoteBefore);
    } finally {
      // Put the original build back.
      if (swapped) {
        rmSync(remoteDist, { recursive: true, force: true });
        renameSync(previous, remoteDist);
      }
      rmSync(work, { recursive: true, force: true });
    }

    await page.reload();
    await contacts.getByText(ORIGINAL_TEXT).waitFor();
    assert.equal(hashDir(remoteDist), remoteBefore, 'the original remote build is back');
    assert.equal(hashDir(shellDist), shellBefore);
    assert.deepEqual(errors, []);
    assert.deepEqual(staleErrors, []);
    await context.close();
    await staleContext.close();
  });
});
