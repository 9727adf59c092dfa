import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The import directions of ARCHITECTURE.md. Each zone forbids files under `from` to import
 * anything under `target`; a feature folder may not import a sibling feature (`siblings`).
 * The import is resolved against the importing file, so `../../chat/x.ts` is caught as well
 * as an absolute-looking string; bare package names are not files of this repo and pass.
 */
const importZones = [
  { from: 'apps/sender/src/lib', target: 'apps/sender/src/features', why: 'web lib never imports a feature' },
  { from: 'apps/sender/src/components', target: 'apps/sender/src/features', why: 'shared components never import a feature' },
  { from: 'apps/server/src/lib', target: 'apps/server/src/modules', why: 'server lib never imports a module' },
];
const siblingRoots = [{ root: 'apps/sender/src/features', why: 'a feature never imports another feature; compose them in app/' }];

const inside = (file, dir) => {
  const rel = path.relative(path.join(root, dir), file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

export const importDirection = {
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
