/**
 * @jest-environment node
 */
// The webpack builds resolve react-router(-dom), rxjs and @reduxjs/toolkit to facades that re-export a list
// of names (tools/webpack/*-facade.mjs); Jest resolves the real packages. A name an app imports and the
// list lacks is undefined in the browser only, so every import of the apps' built code is checked here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const FACADES: Record<string, string> = {
  'react-router-dom': 'react-router-facade.mjs',
  'react-router': 'react-router-facade.mjs',
  rxjs: 'rxjs-facade.mjs',
  '@reduxjs/toolkit': 'redux-toolkit-facade.mjs',
};

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

function exportedBy(facade: string): Set<string> {
  const text = withoutComments(readFileSync(path.join(ROOT, 'tools/webpack', facade), 'utf8'));
  const names = [...text.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) => m[1].split(','));
  return new Set(
    names
      .map((n) =>
        n
          .trim()
          .split(/\s+as\s+/)
          .pop()!
          .trim(),
      )
      .filter(Boolean),
  );
}

/** The apps' built sources: not their tests or test helpers, which Jest runs against the real packages. */
function builtSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'testing' || name === 'node_modules' ? [] : builtSources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

const APP_DIRS = ['shell', 'shared', 'mfe-auth', 'mfe-customer', 'mfe-provider', 'mfe-chat'];

it('every name the apps import from a facaded package is on its facade', () => {
  const exported = Object.fromEntries(Object.entries(FACADES).map(([pkg, facade]) => [pkg, exportedBy(facade)]));
  const missing: string[] = [];
  let checked = 0;
  for (const file of APP_DIRS.flatMap((dir) => builtSources(path.join(ROOT, dir, 'src')))) {
    const text = readFileSync(file, 'utf8');
    for (const [, typeOnly, names, pkg] of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
      if (typeOnly || !(pkg in FACADES)) continue;
      for (const raw of names.split(',')) {
        const name = raw
          .trim()
          .split(/\s+as\s+/)[0]
          .trim();
        if (!name || name.startsWith('type ')) continue;
        checked += 1;
        if (!exported[pkg].has(name)) missing.push(`${path.relative(ROOT, file)}: ${name} from '${pkg}'`);
      }
    }
  }
  expect(checked).toBeGreaterThan(50);
  expect(missing).toEqual([]);
});
