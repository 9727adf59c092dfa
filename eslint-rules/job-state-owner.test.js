import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { jobStateOwner } from './job-state-owner.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (file) => path.join(root, 'apps/server/src', file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } });

tester.run('job-state-owner', jobStateOwner, {
  valid: [
    // The shipments module owns the state and the lock.
    { filename: at('modules/shipments/lifecycle.repository.ts'), code: "await trx.updateTable('shipments').set({ state: to, ...bump(now) }).where('id', '=', id).execute();" },
    { filename: at('modules/shipments/lifecycle.repository.ts'), code: "await trx.insertInto('shipmentStates').values({ shipmentId: id, state: to, createdAt }).execute();" },
    { filename: at('modules/shipments/lifecycle.repository.ts'), code: "await trx.selectFrom('shipments as s').select('s.id').where('s.id', '=', id).forUpdate('s').executeTakeFirst();" },
    // Other modules may write other columns of a job (its position, its revision) and read its state.
    { filename: at('modules/driver-jobs/driver-jobs.repository.ts'), code: "await db.updateTable('shipments').set({ currentLat: 1, currentLng: 2, ...bump(now) }).where('id', '=', id).execute();" },
    { filename: at('modules/settlement/settlement.repository.ts'), code: 'await sql`select s.id from shipments s where s.state in (${states})`.execute(db);' },
    { filename: at('modules/payments/payments.repository.ts'), code: "await db.updateTable('payments').set({ state: 'x' }).execute();" },
    // Migrations keep the schema's history.
    { filename: at('db/migrations/0034-one-owner-of-a-job.ts'), code: "await sql`update shipments s set state = 'finalised' from done where s.id = done.id`.execute(db);" },
  ],
  invalid: [
    {
      filename: at('modules/offers/offers.repository.ts'),
      code: "await db.updateTable('shipments').set({ state: 'accepted', acceptedOfferId: offerId }).where('id', '=', shipmentId).where('state', '=', 'new').executeTakeFirst();",
      errors: [{ message: "Only the shipments module writes a job's state (shipments.state, acceptedOfferId): change it through shipments.transition under the job's lock (shipments.withJob / lockJob)." }],
    },
    {
      filename: at('modules/cancellations/cancellations.repository.ts'),
      code: "await trx.updateTable('shipments').set((eb) => ({ state: to, revision: eb.ref('revision') })).where('id', '=', id).execute();",
      errors: [{ messageId: 'write' }],
    },
    { filename: at('modules/driver-jobs/driver-jobs.repository.ts'), code: "await db.insertInto('shipmentStates').values({ shipmentId: id, state: to, createdAt: when }).execute();", errors: [{ messageId: 'write' }] },
    {
      filename: at('modules/privacy/privacy.repository.ts'),
      code: "await sql`update shipments set state = 'cancelled', revision = revision + 1 where sender_id = ${u} and state = 'new'`.execute(trx);",
      errors: [{ messageId: 'write' }],
    },
    { filename: at('modules/privacy/privacy.repository.ts'), code: "await sql`insert into shipment_states (shipment_id, state, created_at) values (${id}, 'cancelled', ${now})`.execute(trx);", errors: [{ messageId: 'write' }] },
    { filename: at('modules/payments/payments.repository.ts'), code: "await db.selectFrom('shipments').select('id').where('id', '=', shipmentId).forUpdate().executeTakeFirst();", errors: [{ messageId: 'lock' }] },
    { filename: at('modules/settlement/settlement.repository.ts'), code: 'await sql`select id from shipments where id = ${id} for update`.execute(db);', errors: [{ messageId: 'lock' }] },
  ],
});
