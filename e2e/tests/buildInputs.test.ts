// What `npm start` and this runner rebuild before they serve (scripts/buildInputs.mjs), on a throw-away
// app folder: no browser, no stack.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { buildRecorded, isStale } from '../../scripts/buildInputs.mjs';

const app = { name: 'mfe_demo', dir: 'mfe-demo' };
let root: string;
const file = (relative: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  writeFileSync(path.join(root, relative), text);
};
/** What webpack leaves in dist/: the manifest written at the end of a build. */
const webpack = () => file('mfe-demo/dist/mf-manifest.json', '{}');
const ageAll = (relatives: string[], seconds: number) => {
  const when = new Date(Date.now() - seconds * 1000);
  for (const relative of relatives) utimesSync(path.join(root, relative), when, when);
};

describe('rebuilding what is stale', () => {
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'build-inputs-'));
    file('mfe-demo/src/Screen.tsx', 'export const title = "Chat";\n');
    file('mfe-demo/src/Screen.test.tsx', 'test');
    file('shared/src/index.ts', 'export {};\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('an app with no build is stale; once built, it is not', () => {
    assert.equal(isStale(root, app), true);
    buildRecorded(root, app, webpack);
    assert.equal(isStale(root, app), false);
  });

  it('a source edited while its build runs is rebuilt next time, though the build ended after the edit', () => {
    buildRecorded(root, app, () => {
      file('mfe-demo/src/Screen.tsx', 'export const title = "Messages";\n');
      webpack();
    });
    assert.equal(isStale(root, app), true);
  });

  it('a source changed, added or removed after the build, in the app or in shared, makes it stale', () => {
    const changes = [
      () => file('mfe-demo/src/Screen.tsx', 'export const title = "Inbox";\n'),
      () => file('mfe-demo/src/New.tsx', 'export {};\n'),
      () => rmSync(path.join(root, 'mfe-demo/src/Screen.tsx')),
      () => file('shared/src/index.ts', 'export const x = 1;\n'),
    ];
    for (const change of changes) {
      buildRecorded(root, app, webpack);
      change();
      assert.equal(isStale(root, app), true, String(change));
    }
  });

  it('touching a file without changing it, or editing a test, rebuilds nothing', () => {
    buildRecorded(root, app, webpack);
    file('mfe-demo/src/Screen.tsx', 'export const title = "Chat";\n');
    file('mfe-demo/src/Screen.test.tsx', 'another test');
    assert.equal(isStale(root, app), false);
  });

  it('a failed build records nothing, so the app stays stale', () => {
    assert.throws(() =>
      buildRecorded(root, app, () => {
        throw new Error('the build failed');
      }),
    );
    assert.equal(isStale(root, app), true);
  });

  it('a dist/ built outside the runner (no record) is judged by file times', () => {
    webpack();
    ageAll(['mfe-demo/src/Screen.tsx', 'mfe-demo/src/Screen.test.tsx', 'shared/src/index.ts'], 60);
    assert.equal(isStale(root, app), false);
    ageAll(['mfe-demo/dist/mf-manifest.json'], 120);
    assert.equal(isStale(root, app), true);
  });
});
