import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { InsuranceChoice } from '@vm/domain';

// Issue 22, money held until delivery (decision 0031): the reads the release needs, across the
// tables of the jobs, offers, drivers and proofs (read only: those modules own their writes). The
// due jobs are found in one query so a batch of thousands is a few round trips.

export type ReleaseFacts = {
  shipmentId: number;
  reference: string;
  senderId: number;
  driverId: number;
  priceCents: number;
  commissionBp: number | null;
  insurance: InsuranceChoice;
  driverVatExempt: boolean;
};

/** The accepted offer's money facts, the job's row locked until the transaction ends (one release at a time per job). */
export async function releaseFacts(trx: Executor, shipmentId: number): Promise<ReleaseFacts | null> {
  const row = await trx
    .selectFrom('shipments as s')
    .innerJoin('offers as o', 'o.id', 's.acceptedOfferId')
    .leftJoin('driverProfiles as p', 'p.userId', 'o.driverId')
    .select(['s.id', 's.referenceId', 's.senderId', 's.insurance', 'o.driverId', 'o.priceCents', 'o.commissionBp', 'p.vatExempt'])
    .where('s.id', '=', shipmentId)
    .forUpdate('s')
    .executeTakeFirst();
  if (!row) return null;
  return {
    shipmentId: row.id,
    reference: row.referenceId,
    senderId: row.senderId,
    driverId: row.driverId,
    priceCents: row.priceCents,
    commissionBp: row.commissionBp,
    insurance: row.insurance,
    // A driver without a profile (made by the admin command before joining existed) charges no VAT.
    driverVatExempt: row.vatExempt ?? true,
  };
}

/**
 * Delivered jobs whose money is still held and may go to the driver: the driver's proof of delivery
 * is kept, nothing was released yet, and the sender confirmed, or did not answer within the window
 * (`answeredBefore`: delivered at or before it). A reported problem holds the money (staff decide).
 */
export async function dueForRelease(db: Executor, deliveredBefore: Date, limit: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select s.id from shipments s
    where s.state = 'delivered'
      and exists (select 1 from proofs p where p.shipment_id = s.id and p.kind = 'delivery')
      and exists (select 1 from ledger_transactions t where t.shipment_id = s.id and t.kind = 'charge')
      and not exists (select 1 from ledger_transactions t where t.shipment_id = s.id and t.kind in ('release', 'refund'))
      and (
        exists (select 1 from delivery_answers d where d.shipment_id = s.id and d.outcome = 'confirmed')
        or (not exists (select 1 from delivery_answers d where d.shipment_id = s.id)
            and (select max(st.created_at) from shipment_states st where st.shipment_id = s.id and st.state = 'delivered') <= ${deliveredBefore})
      )
    order by s.id
    limit ${limit}`.execute(db);
  return rows.map((r) => r.id);
}

/** The sender's answer after delivery, if any. */
export async function deliveryOutcome(db: Executor, shipmentId: number): Promise<'confirmed' | 'problem' | null> {
  const row = await db.selectFrom('deliveryAnswers').select('outcome').where('shipmentId', '=', shipmentId).executeTakeFirst();
  return row?.outcome ?? null;
}
