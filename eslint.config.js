// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  {
    // An island never imports server code (ARCHITECTURE §3).
    files: ['src/components/**', 'src/stores/**', 'src/lib/**', 'src/pages/**', 'src/layouts/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'Browser-Code darf src/server nicht importieren.' }] }],
    },
  },
);
