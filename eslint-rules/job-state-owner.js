import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * One owner of a job's state (docs/decisions/0038-one-owner-of-a-job.md): only the shipments module
 * writes a job's state (`shipments.state`, its accepted offer, its history `shipment_states`) and
 * takes the job's lock (`select ... for update` on `shipments`). Any other server file that does is
 * refused, whether through Kysely (`updateTable('shipments').set({ state })`,
 * `insertInto('shipmentStates')`, `selectFrom('shipments').forUpdate()`) or raw SQL in a template.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = path.join(root, 'apps/server/src');
const OWNER = path.join(SERVER, 'modules/shipments');
/** Migrations write the schema's own history (frozen in time), not a job's life. */
const MIGRATIONS = path.join(SERVER, 'db/migrations');

const inside = (file, dir) => {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

const STATE_COLUMNS = new Set(['state', 'acceptedOfferId', 'accepted_offer_id']);
const RAW_WRITES = [/\bupdate\s+shipments\b[\s\S]*?\bset\b[\s\S]*?\b(state|accepted_offer_id)\s*=/i, /\binsert\s+into\s+shipment_states\b/i, /\bfrom\s+shipments\b[^;]*?\bfor\s+(no\s+key\s+)?update\b/i];

const stringArg = (call) => {
  const a = call.arguments[0];
  return a && a.type === 'Literal' && typeof a.value === 'string' ? a.value : null;
};
const calleeName = (call) => (call.callee.type === 'MemberExpression' && call.callee.property.type === 'Identifier' ? call.callee.property.name : null);

/** The calls of a method chain, innermost first: `db.updateTable('shipments').set(...).where(...)`. */
function chainOf(node) {
  const calls = [];
  let n = node;
  while (n && n.type === 'CallExpression' && n.callee.type === 'MemberExpression') {
    calls.unshift(n);
    n = n.callee.object;
  }
  return calls;
}

/** The property names of `.set(...)`'s argument: an object, or a function returning one. */
function setKeys(arg) {
  let obj = arg;
  if (obj && (obj.type === 'ArrowFunctionExpression' || obj.type === 'FunctionExpression')) obj = obj.body.type === 'ObjectExpression' ? obj.body : null;
  if (!obj || obj.type !== 'ObjectExpression') return [];
  return obj.properties.flatMap((p) => (p.type === 'Property' && p.key.type === 'Identifier' ? [p.key.name] : p.type === 'Property' && p.key.type === 'Literal' ? [String(p.key.value)] : []));
}

export const jobStateOwner = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      write: "Only the shipments module writes a job's state ({{what}}): change it through shipments.transition under the job's lock (shipments.withJob / lockJob).",
      lock: "Only the shipments module takes a job's lock: use shipments.withJob or shipments.lockJob, so every operation on a job takes the same lock.",
    },
  },
  create(context) {
    const file = context.filename;
    if (!inside(file, SERVER) || inside(file, OWNER) || inside(file, MIGRATIONS)) return {};
    return {
      CallExpression(node) {
        // Only the outermost call of a chain is looked at, so each chain is judged once.
        if (node.parent && node.parent.type === 'MemberExpression' && node.parent.object === node) return;
        const chain = chainOf(node);
        const start = chain[0];
        if (!start) return;
        const table = stringArg(start);
        const method = calleeName(start);
        if (method === 'insertInto' && (table === 'shipmentStates' || table === 'shipment_states')) {
          context.report({ node, messageId: 'write', data: { what: 'its history, shipment_states' } });
        }
        if (method === 'updateTable' && (table === 'shipments' || table?.startsWith('shipments as '))) {
          const set = chain.find((c) => calleeName(c) === 'set');
          const keys = set ? setKeys(set.arguments[0]) : [];
          const written = keys.filter((k) => STATE_COLUMNS.has(k));
          if (written.length) context.report({ node, messageId: 'write', data: { what: `shipments.${written.join(', ')}` } });
        }
        if (method === 'selectFrom' && (table === 'shipments' || table?.startsWith('shipments as ')) && chain.some((c) => ['forUpdate', 'forNoKeyUpdate'].includes(calleeName(c)))) {
          context.report({ node, messageId: 'lock' });
        }
      },
      TemplateLiteral(node) {
        const text = node.quasis.map((q) => q.value.raw).join(' ');
        if (RAW_WRITES[0].test(text) || RAW_WRITES[1].test(text)) context.report({ node, messageId: 'write', data: { what: 'in SQL' } });
        else if (RAW_WRITES[2].test(text)) context.report({ node, messageId: 'lock' });
      },
    };
  },
};
