import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// One owner of a job's state (docs/decisions/0038-one-owner-of-a-job.md):
// - the database refuses a state that is not one of the job states (the list as it stands today; a
//   test compares it with the domain's state descriptor, so a new state comes with a migration);
// - a refund may be the return of money the provider took for a payment the job could not keep;
// - a delivered job is finished (finalised) by the system when its money is settled: the jobs
//   delivered whose money was released, or whose problem staff decided and settled, are finished now.

const STATES = ['new', 'accepted', 'onwaytopickup', 'nearpickup', 'arrivedpickup', 'loading', 'loaded', 'onwaytodelivery', 'neardelivery', 'arriveddelivery', 'unloading', 'unloaded', 'delivered', 'finalised', 'cancelled'];
const stateList = sql.join(STATES.map((s) => sql.lit(s)));

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table shipments add constraint shipments_state_check check (state in (${stateList}))`.execute(db);
  await sql`alter table shipment_states add constraint shipment_states_state_check check (state in (${stateList}))`.execute(db);

  await sql`alter table refunds drop constraint if exists refunds_reason_check`.execute(db);
  await sql`alter table refunds add constraint refunds_reason_check check (reason in ('sender_cancelled', 'driver_cancelled', 'staff', 'not_accepted'))`.execute(db);

  await sql`
    with done as (
      select s.id, coalesce((select min(t.created_at) from ledger_transactions t where t.shipment_id = s.id and t.kind = 'release'),
                            (select p.settled_at from problems p where p.shipment_id = s.id)) as at
      from shipments s
      where s.state = 'delivered'
        and (exists (select 1 from ledger_transactions t where t.shipment_id = s.id and t.kind = 'release')
             or exists (select 1 from problems p where p.shipment_id = s.id and p.status = 'decided' and p.settled_at is not null))
    ), moved as (
      update shipments s set state = 'finalised', revision = s.revision + 1 from done where s.id = done.id returning s.id, done.at
    )
    insert into shipment_states (shipment_id, state, created_at) select id, 'finalised', at from moved`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table refunds drop constraint if exists refunds_reason_check`.execute(db);
  await sql`alter table refunds add constraint refunds_reason_check check (reason in ('sender_cancelled', 'driver_cancelled', 'staff'))`.execute(db);
  await sql`alter table shipment_states drop constraint if exists shipment_states_state_check`.execute(db);
  await sql`alter table shipments drop constraint if exists shipments_state_check`.execute(db);
}
