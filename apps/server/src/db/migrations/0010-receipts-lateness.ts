import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Facts other features read live in their own tables, not in event JSON (issue 19): the receipt of
// a paid offer (the receipt page and mail read it) and lateness per leg (the shipment read shows it).
// Both are written in the transaction that writes their event; existing events are copied here.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One receipt per succeeded payment, as it was when the payment succeeded; amounts in cents.
  await db.schema
    .createTable('payment_receipts')
    .addColumn('payment_id', 'integer', (c) => c.primaryKey().references('payments.id').onDelete('cascade'))
    .addColumn('shipment_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('driver_name', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('vat_percent', 'double precision', (c) => c.notNull())
    .addColumn('vat_amount_cents', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('card_last4', 'text')
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_receipts_shipment_idx').on('payment_receipts').columns(['shipment_id', 'user_id']).execute();
  // The receipt of each succeeded payment from the sender's 'shipment.offer.accepted' event of that offer.
  await sql`
    insert into payment_receipts (payment_id, shipment_id, user_id, reference, driver_name, total_cents, vat_percent, vat_amount_cents, method, card_last4, paid_at)
    select distinct on (p.id)
      p.id, p.shipment_id, p.user_id, e.payload->>'reference', e.payload->>'driver_name', p.amount_cents,
      (e.payload->>'vat_percent')::double precision, round((e.payload->>'vat_amount')::numeric * 100)::integer,
      p.method, e.payload->>'card_last4', p.updated_at
    from payments p
    join events e on e.shipment_id = p.shipment_id and e.user_id = p.user_id and e.type = 'shipment.offer.accepted'
      and (e.payload->>'offer_id')::integer = p.offer_id
    where p.status = 'succeeded'
    order by p.id, e.id desc
  `.execute(db);

  // The first time a leg was found late, with the arrival then expected.
  await db.schema
    .createTable('shipment_lateness')
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('leg', 'text', (c) => c.notNull())
    .addColumn('eta', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('shipment_lateness_pk', ['shipment_id', 'leg'])
    .execute();
  await sql`
    insert into shipment_lateness (shipment_id, leg, eta, created_at)
    select distinct on (e.shipment_id, e.payload->>'leg') e.shipment_id, e.payload->>'leg', to_timestamp((e.payload->>'eta')::bigint), e.created_at
    from events e
    join shipments s on s.id = e.shipment_id
    where e.type = 'shipment.late'
    order by e.shipment_id, e.payload->>'leg', e.id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shipment_lateness').execute();
  await db.schema.dropTable('payment_receipts').execute();
}
