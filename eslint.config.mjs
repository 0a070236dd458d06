// ESLint for every workspace: typescript-eslint's recommended rules, the React hooks rules in the frontend, and the
// one-way workspace edges (no relative import climbs out of a workspace; the `@cans/*` names are the way in).
// Style is Prettier's business (.prettierrc.json): eslint-config-prettier turns the stylistic rules off.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Node's globals, for the few plain-JavaScript files (configs, the jest reporter). */
const nodeGlobalNames = ['require', 'module', 'exports', '__dirname', '__filename', 'process', 'console', 'Buffer'];
const nodeGlobals = Object.fromEntries(nodeGlobalNames.map((name) => [name, 'readonly']));

export default defineConfig(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', 'package-lock.json', 'frontend/public/**'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] })] },
    rules: {
      // `_name` marks a parameter or binding kept on purpose (a handler's signature, a rest sibling).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Nest modules and CQRS handlers are classes with no members of their own.
      '@typescript-eslint/no-extraneous-class': 'off',
      'import-x/no-duplicates': 'error',
      'import-x/first': 'error',
      // A relative path into another workspace would bypass the package names the edge rules are written for.
      'import-x/no-relative-packages': 'error',
    },
  },
  {
    // The server logs through pino (levels, redaction, request ids); a stray console line bypasses all of that.
    files: ['{storage,domain,projections,backend}/src/**/*.ts'],
    ignores: ['**/*.spec.ts', 'backend/src/main.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // Specs feed oversized numbers on purpose, to prove the server refuses them.
    files: ['**/*.spec.ts'],
    rules: { 'no-loss-of-precision': 'off' },
  },
  {
    // The hooks rules, including the React Compiler's (setState in an effect, refs read during render).
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs['recommended-latest'].rules,
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: nodeGlobals },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
