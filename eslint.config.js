import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importDirection } from './eslint-rules/import-direction.js';
import { jobStateOwner } from './eslint-rules/job-state-owner.js';
import { noStateLiteral } from './eslint-rules/no-state-literal.js';
import { noLiteralText } from './eslint-rules/no-literal-text.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Import directions inside an app, and across workspaces: no app imports another, no package an app.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'import-direction': importDirection } } },
    rules: { 'local/import-direction': 'error' },
  },
  {
    // One owner of a job's state and its lock: the shipments module (decision 0038).
    files: ['apps/server/src/**/*.ts'],
    plugins: { jobs: { rules: { 'job-state-owner': jobStateOwner } } },
    rules: { 'jobs/job-state-owner': 'error' },
  },
  {
    // A job's states are spelled once, in packages/domain (decision 0038); tests, catalogues and migrations aside.
    files: ['apps/**/*.{ts,tsx}', 'packages/{client,ui}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/server/test/**', 'apps/server/src/db/migrations/**', 'apps/*/src/locales/**', 'apps/*/src/test-*.{ts,tsx}'],
    plugins: { states: { rules: { 'no-state-literal': noStateLiteral } } },
    rules: { 'states/no-state-literal': 'error' },
  },
  {
    // Module augmentation of fastify's request and instance has to be an interface.
    files: ['apps/server/src/lib/request-context.ts', 'apps/server/src/app.ts', 'apps/server/test/helpers/global-setup.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  {
    // The web: the three apps and the packages they share.
    files: ['apps/{sender,driver,ops}/**/*.{ts,tsx}', 'packages/{client,ui}/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Every text on screen comes from the catalogues (tests may write what they expect).
    files: ['apps/{sender,driver,ops}/src/**/*.tsx', 'packages/ui/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'apps/*/src/test-*.tsx'],
    plugins: { text: { rules: { 'no-literal-text': noLiteralText } } },
    rules: { 'text/no-literal-text': 'error' },
  },
  {
    files: ['bench/**', 'e2e/**', '**/*.mjs', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
