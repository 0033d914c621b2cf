// One ESLint config for the whole monorepo (`npm run lint` runs it with --max-warnings 0).
// TypeScript is linted with type information (typescript-eslint `projectService`: each file is checked
// against the tsconfig of its own workspace). The import boundaries at the end encode the architecture
// of docs/DESIGN: remotes meet only through `shared`, `shared` imports no app, browser code never
// imports the API server.
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
        { patterns: [appImport('shell'), ...REMOTES.filter((r) => r !== remote).map(appImport), apiImport] },
      ],
    },
  })),
  {
    files: ['shell/src/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...REMOTES.map(appImport), apiImport] }] },
  },
  {
    files: ['shared/src/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [appImport('shell'), ...REMOTES.map(appImport), apiImport] }] },
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
);
