import { PAYMENT_METHODS, SHIPMENT_STATES } from '@vm/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../helpers/flows.ts';
import { createShipment } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The lists the database checks (check constraints, made by migrations frozen in time) are the
// domain's lists: a new job state or payment method without its migration fails here.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The values a column's check constraint allows, as the database states it. */
async function allowed(table: string, column: string): Promise<string[]> {
  const { rows } = await sql<{ def: string }>`
    select pg_get_constraintdef(c.oid) as def from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.conrelid = ${table}::regclass and c.contype = 'c' and a.attname = ${column}`.execute(t.handle.db);
  expect(rows, `one check constraint on ${table}.${column}`).toHaveLength(1);
  return [...rows[0]!.def.matchAll(/'([^']*)'/g)].map((m) => m[1]!).sort();
}

describe('the database’s lists', () => {
  it('hold exactly the job states of the domain, on the job and on its history', async () => {
    expect(await allowed('shipments', 'state')).toEqual([...SHIPMENT_STATES].sort());
    expect(await allowed('shipment_states', 'state')).toEqual([...SHIPMENT_STATES].sort());
  });

  it('hold exactly the payment methods of the domain', async () => {
    expect(await allowed('payments', 'method')).toEqual([...PAYMENT_METHODS].sort());
  });

  it('refuse a job state the domain does not know', async () => {
    const sender = await registerAndLogin(t);
    const id = await createShipment(t, sender.auth);
    await expect(sql`update shipments set state = 'teleported' where id = ${id}`.execute(t.handle.db)).rejects.toThrow(/shipments_state_check/);
    await expect(sql`insert into shipment_states (shipment_id, state, created_at) values (${id}, 'teleported', now())`.execute(t.handle.db)).rejects.toThrow(/shipment_states_state_check/);
  });
});
