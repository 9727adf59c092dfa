import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A job's states are spelled once, in packages/domain (shipment-states.ts): everything else asks the
 * state's descriptor (`SHIPMENT_STATE[state].phase === 'open'`, `statesWhere(...)`) or uses its
 * named constants (`CANCELLED`, `HANDED_OVER`). This rule refuses a job state's name written as a
 * string outside the domain: a name no other list uses (`'onwaytopickup'`) anywhere, and a name
 * other lists share (`'new'`, `'accepted'`, `'delivered'`, `'cancelled'`, `'loading'`) where it is
 * compared with a state, listed among other states, or written in SQL next to `state`.
 *
 * The names are read from the domain's own list, so the rule never needs a copy of it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = fs.readFileSync(path.join(root, 'packages/domain/src/shipment-states.ts'), 'utf8');
const list = /export const SHIPMENT_STATES = \[([^\]]*)\]/.exec(source)?.[1];
if (!list) throw new Error('no-state-literal: SHIPMENT_STATES not found in packages/domain/src/shipment-states.ts');
export const STATE_NAMES = [...list.matchAll(/'([a-z]+)'/g)].map((m) => m[1]);

/** Words other lists use too (offer states, document statuses, a loading text): refused only in a state's context. */
const SHARED = new Set(['new', 'accepted', 'delivered', 'cancelled', 'loading']);
const NAMES = new Set(STATE_NAMES);
// `state = 'new'`, `s.state in ('delivered'`; an offer's state (`o.state`, `offers.state`) is another list.
const sqlState = new RegExp(`(?<![.\\w])(?:s\\.|shipments\\.)?state\\s*(=|<>|!=|in\\s*\\()\\s*'(${STATE_NAMES.join('|')})'`, 'i');
const sqlOfferState = /\b(o|offers|n)\.state\s*$/i;

/** An offer's or a document's state is another list: `offer.state`, `standing?.state`. */
const OTHER_OWNERS = /offer|standing|document|proposal|doc$/i;

/** Whether an expression reads a job's state (`job.state`, `current_state.state`, `state`), not another thing's. */
const looksLikeState = (node) => {
  if (!node) return false;
  if (node.type === 'Identifier') return /state$/i.test(node.name);
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') {
    const owner = node.object.type === 'Identifier' ? node.object.name : node.object.type === 'MemberExpression' && node.object.property.type === 'Identifier' ? node.object.property.name : '';
    return /state$/i.test(node.property.name) && !OTHER_OWNERS.test(owner);
  }
  if (node.type === 'ChainExpression') return looksLikeState(node.expression);
  return false;
};

/** The table a Kysely chain starts from (`db.selectFrom('offers').where(...)`), if any. */
function tableOf(call) {
  let n = call;
  while (n && n.type === 'CallExpression' && n.callee.type === 'MemberExpression') {
    const method = n.callee.property.type === 'Identifier' ? n.callee.property.name : '';
    if (['selectFrom', 'updateTable', 'insertInto', 'deleteFrom'].includes(method) && n.arguments[0]?.type === 'Literal') return String(n.arguments[0].value);
    n = n.callee.object;
  }
  return null;
}

export const noStateLiteral = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { literal: "The job state '{{name}}' is spelled only in packages/domain: ask its descriptor (SHIPMENT_STATE[state], statesWhere) or use its named constant." },
  },
  create(context) {
    const report = (node, name) => context.report({ node, messageId: 'literal', data: { name } });
    return {
      Literal(node) {
        if (typeof node.value !== 'string' || !NAMES.has(node.value)) return;
        const name = node.value;
        if (!SHARED.has(name)) return report(node, name);
        const parent = node.parent;
        // state === 'new', 'cancelled' !== s.current_state.state
        if (parent.type === 'BinaryExpression' && ['===', '!==', '==', '!='].includes(parent.operator) && looksLikeState(parent.left === node ? parent.right : parent.left)) return report(node, name);
        // ['new', 'cancelled']: a list of states
        if (parent.type === 'ArrayExpression' && parent.elements.some((e) => e !== node && e?.type === 'Literal' && NAMES.has(e.value) && !SHARED.has(e.value))) return report(node, name);
        // .where('state', '=', 'new') / .where('s.state', 'in', ['new'])
        const call = parent.type === 'ArrayExpression' ? parent.parent : parent;
        if (call.type === 'CallExpression' && call.arguments.length >= 3 && call.arguments[0]?.type === 'Literal') {
          const column = String(call.arguments[0].value);
          const table = tableOf(call);
          const ofAJob = column === 's.state' || (column === 'state' && (table === null || /^shipments\b/.test(table)));
          if (ofAJob) return report(node, name);
        }
      },
      TemplateElement(node) {
        const raw = node.value.raw;
        const m = sqlState.exec(raw);
        if (m && !sqlOfferState.test(raw.slice(0, m.index + m[0].indexOf('state') + 5))) report(node, m[2]);
      },
    };
  },
};
