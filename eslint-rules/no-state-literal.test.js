import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { noStateLiteral, STATE_NAMES } from './no-state-literal.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } });

describe('the job states the rule knows', () => {
  it('are read from the domain’s one list', () => {
    expect(STATE_NAMES).toContain('onwaytopickup');
    expect(STATE_NAMES).toContain('finalised');
    expect(STATE_NAMES).toHaveLength(15);
  });
});

tester.run('no-state-literal', noStateLiteral, {
  valid: [
    // The descriptor and the named constants.
    "if (SHIPMENT_STATE[s.current_state.state].phase === 'open') show();",
    'await shipments.transition(trx, job, CANCELLED, "sender");',
    // The same words in other lists: an offer's state, a document's status, a loading text.
    "if (standing?.state === 'accepted') refuse();",
    "if (offer.state === 'accepted') refuse();",
    "db.selectFrom('offers').select('id').where('driverId', '=', driverId).where('state', '=', 'accepted');",
    "docs.filter((d) => d.status === 'accepted');",
    "const text = t('loading');",
    "await sql`select 1 from offers o where o.driver_id = ${d} and o.state = 'accepted'`.execute(db);",
    "const kind = claimed === 'new' ? 1 : 0;",
  ],
  invalid: [
    { code: "const ACTIVE = ['accepted', 'onwaytopickup', 'nearpickup'];", errors: 3 },
    { code: "if (j.current_state.state === 'finalised') rate();", errors: [{ messageId: 'literal', data: { name: 'finalised' } }] },
    { code: "if (state !== 'new' && state !== 'cancelled') open();", errors: 2 },
    { code: "q.where('s.state', '=', 'delivered');", errors: 1 },
    { code: "db.selectFrom('shipments').select('id').where('state', 'in', ['new', 'cancelled']);", errors: 2 },
    { code: "await sql`select id from shipments where state = 'new' and pickup_date_till > ${now}`.execute(db);", errors: 1 },
    { code: "await sql`select s.id from shipments s where s.state in ('delivered', 'finalised')`.execute(db);", errors: 1 },
  ],
});
