// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** One `no-restricted-imports` block per folder: the folders of src/ it must not import from. */
function importBoundaries(/** @type {Record<string, string[]>} */ bans) {
  return Object.entries(bans).map(([files, folders]) => /** @type {import('eslint').Linter.Config} */ ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: folders.map((folder) => ({ group: [`**/${folder}/**`], message: `${files.replace('/**', '')} darf src/${folder} nicht importieren (Importgrenzen, README „Ordner“).` })) },
      ],
    },
  }));
}

export default tseslint.config(
  { ignores: ['dist/', '.astro/', '.data/', '.netlify/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.configs.recommended,
    plugins: { ...jsxA11y.configs.recommended.plugins, 'react-hooks': reactHooks },
    rules: { ...jsxA11y.configs.recommended.rules, ...reactHooks.configs.recommended.rules },
  },
  // Import boundaries (ARCHITECTURE §3, issue 23): what each folder of src/ may use. A later
  // block replaces an earlier one's `no-restricted-imports`, so each folder lists all its bans.
  ...importBoundaries({
    // Pure rules shared by browser and server: no DOM, no state, no network.
    'src/lib/**': ['stores', 'components', 'client', 'server', 'scripts', 'pages', 'layouts'],
    // Data files own their types.
    'src/data/**': ['components', 'stores', 'client', 'server', 'scripts', 'pages', 'layouts'],
    // Stores hold the browser's state and its actions; they render nothing.
    'src/stores/**': ['components', 'server', 'scripts', 'pages', 'layouts'],
    // The browser's API clients: requests and answers, no state.
    'src/client/**': ['components', 'stores', 'server', 'scripts', 'pages', 'layouts'],
    // The page shell's script runs without a framework.
    'src/scripts/**': ['components', 'server', 'pages', 'layouts'],
    // An island never imports server code.
    'src/components/**': ['server', 'pages', 'layouts'],
    'src/pages/**': ['server'],
    'src/layouts/**': ['server'],
    'src/server/**': ['components', 'stores', 'client', 'scripts', 'pages', 'layouts'],
    // A feature's files live together (ARCHITECTURE §3, src/features/billing first), each layer in
    // its subfolder under the rules of the folder it replaces; the feature's own root is pure.
    'src/features/*/*.ts': ['stores', 'components', 'client', 'server', 'scripts', 'pages', 'layouts'],
    'src/features/*/stores/**': ['components', 'server', 'scripts', 'pages', 'layouts'],
    'src/features/*/client/**': ['components', 'stores', 'server', 'scripts', 'pages', 'layouts'],
    'src/features/*/components/**': ['server', 'pages', 'layouts'],
    'src/features/*/server/**': ['components', 'stores', 'client', 'scripts', 'pages', 'layouts'],
  }),
  {
    // src/lib runs on both sides: the browser's globals belong in src/client, src/scripts or a component.
    files: ['src/lib/**', 'src/features/*/*.ts'],
    ignores: ['src/lib/hashcash/worker.ts'],
    rules: {
      'no-restricted-globals': /** @type {const} */ (['error', ...['document', 'window', 'localStorage', 'sessionStorage', 'navigator', 'location', 'fetch', 'XMLHttpRequest'].map((name) => ({ name, message: 'src/lib bleibt rein: kein DOM, kein Netz.' }))]),
    },
  },
);
