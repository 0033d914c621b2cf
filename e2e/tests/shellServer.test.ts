// The shell's static server (scripts/stack.mjs) on a throw-away dist folder: no browser, no stack.
// A page the browser asks for gets the app's index.html, whatever its path looks like (the app then
// says where an unknown path leads); a file that is not there stays a 404.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAppServer, stackConfig } from '../../scripts/stack.mjs';

const INDEX = '<!doctype html><html><head><title>Marketplace</title></head><body><div id="root"></div></body></html>';
/** What a browser sends when the address is typed in, and when a page loads a script or an image. */
const NAVIGATION = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'Sec-Fetch-Dest': 'document' };
const SCRIPT = { Accept: '*/*', 'Sec-Fetch-Dest': 'script' };
const IMAGE = { Accept: 'image/avif,image/webp,*/*;q=0.8', 'Sec-Fetch-Dest': 'image' };

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

describe("the shell's static server", () => {
  let dist: string;
  let server: { start(): Promise<void>; stop(): Promise<void> };
  let base: string;
  before(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    mkdirSync(path.join(dist, 'static'));
    writeFileSync(path.join(dist, 'main.0123456789abcdef.js'), 'console.log("main");\n');
    const port = await freePort();
    const shell = { name: 'shell', dir: 'shell', port, url: `http://127.0.0.1:${port}`, distDir: dist };
    // The shell alone: no remotes to ask for first frames.
    server = createAppServer(shell, { ...stackConfig({}), apps: [shell] });
    await server.start();
    base = shell.url;
  });
  after(async () => {
    await server.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = async (pathname: string, headers: Record<string, string>) => {
    const response = await fetch(`${base}${pathname}`, { headers });
    return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
  };

  it('answers a page request for a path with a dot in its last part with the app (index.html and its boot data), not a bare 404', async () => {
    for (const pathname of ['/chatview/2.5', '/foo.bar', '/profile.html', '/chatview/2.']) {
      const page = await get(pathname, NAVIGATION);
      assert.equal(page.status, 200, `${pathname} answered ${page.status}`);
      assert.match(page.type, /^text\/html/, pathname);
      assert.match(page.body, /<title>Marketplace<\/title>/, pathname);
      assert.match(page.body, /<script [^>]*id="shell-boot"/, `${pathname} has no boot data`);
      // A client that sends no Sec-Fetch-Dest but asks for HTML gets the page too.
      assert.equal((await get(pathname, { Accept: 'text/html' })).status, 200, pathname);
    }
  });

  it('still answers 404, never the page, for a script or an image that is not there; a file that is there is sent', async () => {
    for (const [pathname, headers] of [
      ['/main.abc123.js', SCRIPT],
      ['/static/logo.png', IMAGE],
      ['/chatview/2.5', SCRIPT],
      ['/main.abc123.js', { Accept: '*/*' }],
    ] as const) {
      const answer = await get(pathname, headers);
      assert.equal(answer.status, 404, `${pathname} (${headers.Accept}) answered ${answer.status}`);
      assert.doesNotMatch(answer.type, /text\/html/, `${pathname} answered HTML`);
    }
    const script = await get('/main.0123456789abcdef.js', NAVIGATION);
    assert.equal(script.status, 200);
    assert.equal(script.body, 'console.log("main");\n');
  });

  it('answers a route without a dot with the page, as before', async () => {
    for (const pathname of ['/', '/chatview/2', '/no-such-page']) {
      const page = await get(pathname, NAVIGATION);
      assert.equal(page.status, 200, pathname);
      assert.match(page.body, /<script [^>]*id="shell-boot"/, pathname);
    }
  });
});
