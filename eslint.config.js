import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The import directions of ARCHITECTURE.md. Each zone forbids files under `from` to import
 * anything under `target`; a feature folder may not import a sibling feature (`siblings`).
 * The import is resolved against the importing file, so `../../chat/x.ts` is caught as well
 * as an absolute-looking string; bare package names are not files of this repo and pass.
 */
const importZones = [
  { from: 'apps/web/src/lib', target: 'apps/web/src/features', why: 'web lib never imports a feature' },
  { from: 'apps/web/src/components', target: 'apps/web/src/features', why: 'shared components never import a feature' },
  { from: 'apps/server/src/lib', target: 'apps/server/src/modules', why: 'server lib never imports a module' },
];
const siblingRoots = [{ root: 'apps/web/src/features', why: 'a feature never imports another feature; compose them in app/' }];

const inside = (file, dir) => {
  const rel = path.relative(path.join(root, dir), file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

const importDirection = {
  meta: { type: 'problem', schema: [], messages: { wrong: '{{why}}: {{source}}' } },
  create(context) {
    const file = context.filename;
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      for (const zone of importZones) {
        if (inside(file, zone.from) && (inside(target, zone.target) || target === path.join(root, zone.target))) {
          context.report({ node, messageId: 'wrong', data: { why: zone.why, source } });
        }
      }
      for (const { root: dir, why } of siblingRoots) {
        if (!inside(file, dir) || !inside(target, dir)) continue;
        const own = path.relative(path.join(root, dir), file).split(path.sep)[0];
        const other = path.relative(path.join(root, dir), target).split(path.sep)[0];
        if (own !== other) context.report({ node, messageId: 'wrong', data: { why, source } });
      }
    };
    const fromSource = (node) => node.source && check(node, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

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
    files: ['apps/**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'import-direction': importDirection } } },
    rules: { 'local/import-direction': 'error' },
  },
  {
    // Module augmentation of fastify's request and instance has to be an interface.
    files: ['apps/server/src/lib/request-context.ts', 'apps/server/src/app.ts', 'apps/server/test/helpers/global-setup.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['bench/**', 'e2e/**', '**/*.mjs', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
