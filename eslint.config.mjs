// One ESLint config for the whole monorepo (`npm run lint` runs it with --max-warnings 0).
// TypeScript is linted with type information (typescript-eslint `projectService`: each file is checked
// against the tsconfig of its own workspace). The import boundaries at the end encode the architecture
// of docs/architecture.md ('What is shared, and how'): remotes meet only through `shared`, `shared`
// imports no app, browser code never imports the API server.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the files are read from here wherever ESLint is started (a workspace folder too). */
const ROOT = path.dirname(fileURLToPath(import.meta.url));

const REMOTES = ['mfe-auth', 'mfe-customer', 'mfe-provider', 'mfe-chat'];
const BROWSER_CODE = ['shared/src/**', 'shell/src/**', ...REMOTES.map((r) => `${r}/src/**`)];

// Import boundaries, as regular expressions over the import string: a bare package name
// (`mfe-chat`, `shell/...`) or a relative path into another workspace (`../../mfe-chat/src/...`).
const workspaceImport = (name) => `^(${name}(/|$)|(\\.\\./)+${name}/)`;
const appImport = (app) => ({
  regex: workspaceImport(app),
  message: `Apps meet only through 'shared' and the modules they expose over federation; do not import ${app}.`,
});
const apiImport = {
  regex: workspaceImport('api'),
  message: 'Browser code never imports the API server; use the client and contracts in shared.',
};

/**
 * The modules of `shared` the apps import by path (`shared/src/ui/ConfirmDialog`) to keep them out of the
 * shared chunk every page loads. Such a module is bundled into each app that imports it: one of its
 * relative imports into the rest of `shared` would bring a second copy of that module, with its own state
 * (the open dialogs the browser's Back closes, the leave guards, the bus), which nothing else uses.
 */
function pathImportedSharedModules() {
  const files = new Set();
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const [, module] of readFileSync(full, 'utf8').matchAll(/from '(shared\/src\/[^']+)'/g)) {
          const file = ['.ts', '.tsx', '/index.ts']
            .map((end) => module + end)
            .find((candidate) => existsSync(path.join(ROOT, candidate)));
          if (file) files.add(file);
        }
      }
    }
  };
  for (const app of ['shell', ...REMOTES]) visit(path.join(ROOT, app, 'src'));
  // Federation singletons of their own (one copy per page), with rules of their own; test helpers.
  return [...files].filter((file) => !/^shared\/src\/(format|location|testing|harness)\b/.test(file));
}

/**
 * The modules `shared`'s index exports (followed through `export … from` into folders), as imported by path
 * (`shared/src/bus`, `shared/src/api/client`). They are part of the one `shared` every app loads: imported
 * by path, an app bundles a second copy, with state of its own (a second bus the shell never hears).
 */
function sharedIndexModules() {
  const modules = new Set();
  const follow = (file) => {
    const dir = path.dirname(file);
    for (const [, target] of readFileSync(path.join(ROOT, file), 'utf8').matchAll(
      /^export (?:\*|\{[^}]*\}) from '(\.[^']+)'/gm,
    )) {
      const base = path.posix.join(dir, target);
      const resolved = ['.ts', '.tsx', '/index.ts'].map((end) => base + end).find((f) => existsSync(path.join(ROOT, f)));
      if (!resolved || modules.has(base)) continue;
      modules.add(base);
      follow(resolved);
    }
  };
  follow('shared/src/index.ts');
  return [...modules].sort();
}
const sharedByPathImport = {
  regex: `^(${sharedIndexModules().join('|')})(/index)?$`,
  message:
    "Part of the one 'shared' every app loads: import it from 'shared' (by path it is bundled again, with state of its own).",
};

// `import()` of another workspace, which no-restricted-imports does not look at.
const dynamicImportOf = (workspaces) => ({
  // esquery's regular expressions cannot hold a '/': \x2F stands for it.
  selector: `ImportExpression[source.value=/^((\\.\\.\\x2F)+)?(${workspaces.join('|')})(\\x2F|$)/]`,
  message: `Apps meet only through 'shared' and the modules they expose over federation; do not import ${workspaces.join(' or ')}.`,
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '.e2e-artifacts/**',
      '.lighthouse/**',
      'api/data/**',
      'api/uploads/**',
      'api/static/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused names are errors, except the conventional `_` prefix for deliberately ignored ones.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // React ignores what an event handler returns, so async handlers (onSubmit={submit}) are the idiom.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Fastify plugins, test doubles and remote loaders are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      // node:test's describe/it return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            {
              from: 'package',
              package: 'node:test',
              name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'],
            },
          ],
        },
      ],
    },
  },

  // Plain JavaScript (build configs, scripts, Jest setup): no type information.
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    rules: {
      // CommonJS files (webpack and Jest configs) load their dependencies with require.
      '@typescript-eslint/no-require-imports': 'off',
    },
  },

  // Browser code: React hooks and accessibility.
  {
    files: BROWSER_CODE,
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: BROWSER_CODE,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'shared/src/testing/**', 'tools/jest/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },

  {
    files: ['api/test/**', 'api/bench/**', 'e2e/**'],
    rules: {
      // These read untyped JSON bodies (`res.json()` is any) and assert on their shape; typing each body adds nothing.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  // Import boundaries.
  ...REMOTES.map((remote) => ({
    files: [`${remote}/src/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [appImport('shell'), ...REMOTES.filter((r) => r !== remote).map(appImport), apiImport, sharedByPathImport],
        },
      ],
      'no-restricted-syntax': ['error', dynamicImportOf(['shell', 'api', ...REMOTES.filter((r) => r !== remote)])],
    },
  })),
  {
    files: ['shell/src/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...REMOTES.map(appImport), apiImport, sharedByPathImport] }],
      'no-restricted-syntax': ['error', dynamicImportOf(['api', ...REMOTES])],
    },
  },
  {
    files: ['shared/src/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [appImport('shell'), ...REMOTES.map(appImport), apiImport] }],
      'no-restricted-syntax': ['error', dynamicImportOf(['shell', 'api', ...REMOTES])],
    },
  },
  {
    files: pathImportedSharedModules(),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\.?/',
              allowTypeImports: true,
              message:
                "Imported by path into the apps, this module is bundled into each: reach the rest of shared through 'shared' (a relative import brings a second copy, with state of its own).",
            },
          ],
        },
      ],
    },
  },
  // The location module is a federation singleton of its own: a relative import out of its folder would
  // bundle a second copy of that part of shared (a second API client, a second config) into its chunk.
  {
    files: ['shared/src/location/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./',
              allowTypeImports: true,
              message: "shared/src/location is shared on its own: reach the rest of the package through 'shared'.",
            },
          ],
        },
      ],
    },
  },
  // The API's per-row and per-query code: on Node 20's V8 an object spread followed by another key takes a
  // slow path (about 1.3 µs an object against 20 ns written out; it cost GET /api/jobs a third of its time).
  {
    files: ['api/src/serializers.ts', 'api/src/db/**', 'api/src/queries/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression > SpreadElement ~ Property',
          message: 'Write the object out: `{ ...obj, key }` is a slow path on Node 20, and this code runs per row or per query.',
        },
      ],
    },
  },
);
