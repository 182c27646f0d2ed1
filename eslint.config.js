// Lint rules for the whole repository, run by `npm test` (`npm run lint`). The recommended sets of
// ESLint and typescript-eslint, React's hook rules for the web app, and a few rules of our own habits.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The SQLite driver's major depends on the running Node.js (db/sqlite-driver.ts); types are the same.
const sqliteDrivers = ['better-sqlite3', 'better-sqlite3-napi'].map((name) => ({
  name,
  message: 'Open SQLite with Database from db/sqlite-driver.ts, which picks the driver this Node.js can load.',
  allowTypeImports: true,
}));
// Services reach storage through its repositories (docs/decisions/050-one-storage-seam.md): only
// db/ and the PostgreSQL implementations (*.postgres.ts) talk to the PostgreSQL driver.
const postgresDrivers = ['pg', 'drizzle-orm/node-postgres', 'drizzle-orm/node-postgres/migrator'].map((name) => ({
  name,
  message: 'Talk to PostgreSQL in db/ or a repository’s *.postgres.ts implementation; elsewhere take the repository from Storage (db/storage.ts).',
  allowTypeImports: true,
}));

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'engine/build/', 'engine/assembly/', 'engine/vectors/', 'bench/.native/', 'bench/.profile/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Tests and narrow casts at the wasm and JSON boundaries need `any` now and then; say it, do not hide it.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-restricted-imports': ['error', { paths: [...sqliteDrivers, ...postgresDrivers] }],
    },
  },
  {
    files: ['db/**', '**/*.postgres.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: sqliteDrivers }] },
  },
  {
    files: ['db/sqlite-driver.ts', 'db/better-sqlite3-napi.d.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['web/src/**/*.tsx', 'web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Command-line programs print their results.
    files: ['bench/**', 'scripts/**', 'server/main.ts', 'samples/node/**'],
    rules: { 'no-console': 'off' },
  },
);
