import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The import directions of ARCHITECTURE.md. Each zone forbids files under `from` to import
 * anything under `target`; a feature folder may not import a sibling feature (`siblings`).
 * The import is resolved against the importing file, so `../../chat/x.ts` is caught as well
 * as an absolute-looking string; a workspace name (`@vm/driver/...`) is resolved to its folder,
 * other bare package names are not files of this repo and pass.
 *
 * Across workspaces (docs/decisions/0021-three-apps.md): an app never imports another app, and a
 * package never imports an app. What two apps share lives in a package.
 */
const importZones = [
  { from: 'apps/sender/src/lib', target: 'apps/sender/src/features', why: 'web lib never imports a feature' },
  { from: 'apps/sender/src/components', target: 'apps/sender/src/features', why: 'shared components never import a feature' },
  { from: 'apps/server/src/lib', target: 'apps/server/src/modules', why: 'server lib never imports a module' },
];
const siblingRoots = [{ root: 'apps/sender/src/features', why: 'a feature never imports another feature; compose them in app/' }];

/** Workspace folders by package name: apps/<name> or packages/<name>. */
const workspaces = { sender: 'apps/sender', driver: 'apps/driver', ops: 'apps/ops', server: 'apps/server', domain: 'packages/domain', client: 'packages/client', ui: 'packages/ui' };

/** The file or folder an import names, or null for an npm package. */
function resolveImport(file, source) {
  if (source.startsWith('.')) return path.resolve(path.dirname(file), source);
  const m = /^@vm\/([^/]+)(?:\/(.*))?$/.exec(source);
  const dir = m && workspaces[m[1]];
  if (!dir) return null;
  return path.join(root, dir, dir.startsWith('packages/') && m[2] ? 'src' : '', m[2] ?? '');
}

/** 'apps/driver', 'packages/ui', ... for a path inside a workspace, else null. */
function workspaceOf(p) {
  const [top, name] = path.relative(root, p).split(path.sep);
  return (top === 'apps' || top === 'packages') && name ? `${top}/${name}` : null;
}

function crossWorkspace(file, target) {
  const own = workspaceOf(file);
  const other = workspaceOf(target);
  if (!own || !other || own === other || !other.startsWith('apps/')) return null;
  return own.startsWith('apps/') ? 'an app never imports another app; move what both need to a package' : 'a package never imports an app';
}

/**
 * The server's boundaries (apps/server/src/adapters/README.md): src never imports scripts (the
 * build reads src, not the other way); a module reaches another module through its service, never
 * its repository; a service sees an adapter only through its port, the one file per adapter folder
 * listed here. Concrete adapters (`<how>-<port>.ts`) are wired in adapters/select-adapters.ts.
 */
const server = {
  src: 'apps/server/src',
  scripts: 'apps/server/scripts',
  modules: 'apps/server/src/modules',
  adapters: 'apps/server/src/adapters',
  ports: ['captcha/captcha.ts', 'geo/geo.ts', 'mail/mailer.ts', 'payments/payment-provider.ts', 'sms/phone-verifier.ts', 'storage/file-store.ts', 'vat/vat-registry.ts', 'push/push-sender.ts', 'payouts/payout-provider.ts', 'access-point/access-point.ts'],
};

/** Why `file` may not import `target` across a server boundary, or null. */
function serverBoundary(file, target) {
  if (!inside(file, server.src)) return null;
  if (inside(target, server.scripts)) return 'server src never imports scripts; move what both need into src';
  const moduleOf = (f) => (inside(f, server.modules) ? path.relative(path.join(root, server.modules), f).split(path.sep)[0] : null);
  const [own, other] = [moduleOf(file), moduleOf(target)];
  if (own && other && own !== other && target.endsWith('.repository.ts')) {
    return "a module never imports another module's repository; use its service";
  }
  const adapterFile = inside(target, server.adapters) ? path.relative(path.join(root, server.adapters), target).split(path.sep).join('/') : null;
  if (file.endsWith('.service.ts') && adapterFile?.includes('/') && !server.ports.includes(adapterFile)) {
    return 'a service never imports a concrete adapter; import its port';
  }
  return null;
}

const inside = (file, dir) => {
  const rel = path.relative(path.join(root, dir), file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

export const importDirection = {
  meta: { type: 'problem', schema: [], messages: { wrong: '{{why}}: {{source}}' } },
  create(context) {
    const file = context.filename;
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const target = resolveImport(file, source);
      if (!target) return;
      const across = crossWorkspace(file, target);
      if (across) context.report({ node, messageId: 'wrong', data: { why: across, source } });
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
      const serverWhy = serverBoundary(file, target);
      if (serverWhy) context.report({ node, messageId: 'wrong', data: { why: serverWhy, source } });
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
