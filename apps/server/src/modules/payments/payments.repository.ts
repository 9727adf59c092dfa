import type { Insertable, Selectable } from 'kysely';
import type { StoredCard } from '../../adapters/payments/payment-provider.ts';
import type { Db } from '../../db/database.ts';
import type { PaymentMethod, PaymentReceiptsTable } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export type PaymentRecord = {
  id: number;
  shipmentId: number;
  offerId: number;
  userId: number;
  method: PaymentMethod;
  amountCents: number;
  status: 'pending' | 'succeeded' | 'failed';
  providerRef: string | null;
  /** The stored card a card payment charges. */
  cardId: string | null;
  createdAt: Date;
};

const PAYMENT_COLUMNS = ['id', 'shipmentId', 'offerId', 'userId', 'method', 'amountCents', 'status', 'providerRef', 'cardId', 'createdAt'] as const;

export function paymentsRepository(db: Db) {
  return {
    async customerOf(userId: number, provider: string): Promise<string | null> {
      const row = await db.selectFrom('paymentCustomers').select('customerId').where('userId', '=', userId).where('provider', '=', provider).executeTakeFirst();
      return row?.customerId ?? null;
    },

    async saveCustomer(userId: number, provider: string, customerId: string): Promise<void> {
      await db
        .insertInto('paymentCustomers')
        .values({ userId, provider, customerId })
        .onConflict((oc) => oc.column('userId').doUpdateSet({ provider, customerId }))
        .execute();
    },

    async cards(userId: number): Promise<StoredCard[]> {
      const rows = await db.selectFrom('cards').selectAll().where('userId', '=', userId).orderBy('createdAt').orderBy('cardId').execute();
      return rows.map((r) => ({ id: r.cardId, brand: r.brand, last4: r.last4, exp_month: r.expMonth, exp_year: r.expYear }));
    },

    async addCard(userId: number, c: StoredCard, now: Date): Promise<void> {
      await db
        .insertInto('cards')
        .values({ userId, cardId: c.id, brand: c.brand, last4: c.last4, expMonth: c.exp_month, expYear: c.exp_year, createdAt: now })
        .onConflict((oc) => oc.columns(['userId', 'cardId']).doNothing())
        .execute();
    },

    async deleteCards(userId: number): Promise<void> {
      await db.deleteFrom('cards').where('userId', '=', userId).execute();
    },

    /**
     * Claims the shipment for one payment: the partial unique index allows one pending or
     * succeeded payment per shipment, so of two concurrent accepts exactly one gets here.
     * Returns null when another payment holds the claim.
     */
    /**
     * Claims a shipment for one payment of one offer: null when another payment holds it, 'offer_changed'
     * when the offer is no longer open (re-priced or withdrawn since the sender's check). The shipment
     * row is locked first, the same row a driver's re-price locks, so the two never cross.
     */
    async claim(p: Omit<PaymentRecord, 'id' | 'status' | 'providerRef' | 'createdAt'>, now: Date): Promise<number | null | 'offer_changed'> {
      try {
        return await db.transaction().execute(async (trx) => {
          await trx.selectFrom('shipments').select('id').where('id', '=', p.shipmentId).forUpdate().executeTakeFirst();
          const live = await trx.selectFrom('payments').select('id').where('shipmentId', '=', p.shipmentId).where('status', 'in', ['pending', 'succeeded']).executeTakeFirst();
          if (live) return null;
          const offer = await trx.selectFrom('offers').select('id').where('id', '=', p.offerId).where('state', '=', 'open').executeTakeFirst();
          if (!offer) return 'offer_changed' as const;
          const row = await trx
            .insertInto('payments')
            .values({ ...p, currency: 'eur', status: 'pending', createdAt: now, updatedAt: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          return row.id;
        });
      } catch (err) {
        // The unique index stays the last word should two claims ever meet.
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },

    /** The payment holding a shipment's claim (pending or succeeded), if any. */
    async liveFor(shipmentId: number): Promise<PaymentRecord | null> {
      const row = await db.selectFrom('payments').select(PAYMENT_COLUMNS).where('shipmentId', '=', shipmentId).where('status', 'in', ['pending', 'succeeded']).executeTakeFirst();
      return row ?? null;
    },

    /** Pending payments created before the cut-off of their method, oldest first (the recovery job's work). */
    async stalePending(before: Record<PaymentMethod, Date>, limit: number): Promise<PaymentRecord[]> {
      return db
        .selectFrom('payments')
        .select(PAYMENT_COLUMNS)
        .where('status', '=', 'pending')
        .where((eb) => eb.or((Object.keys(before) as PaymentMethod[]).map((m) => eb.and([eb('method', '=', m), eb('createdAt', '<', before[m])]))))
        .orderBy('createdAt')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async find(id: number): Promise<PaymentRecord | null> {
      return (await db.selectFrom('payments').select(PAYMENT_COLUMNS).where('id', '=', id).executeTakeFirst()) ?? null;
    },

    /** The succeeded payment of a shipment with when it succeeded, if it was paid. */
    async paidFor(shipmentId: number): Promise<(PaymentRecord & { paidAt: Date }) | null> {
      const row = await db
        .selectFrom('payments')
        .select([...PAYMENT_COLUMNS, 'updatedAt as paidAt'])
        .where('shipmentId', '=', shipmentId)
        .where('status', '=', 'succeeded')
        .executeTakeFirst();
      return row ?? null;
    },

    /** Keeps the receipt of a payment that just succeeded, in the transaction that marks it so. */
    async saveReceipt(trx: Db, receipt: Insertable<PaymentReceiptsTable>): Promise<void> {
      await trx.insertInto('paymentReceipts').values(receipt).execute();
    },

    /** The receipt kept when the payment of a shipment by this user succeeded. */
    async receiptOf(shipmentId: number, userId: number): Promise<Selectable<PaymentReceiptsTable> | null> {
      const row = await db.selectFrom('paymentReceipts').selectAll().where('shipmentId', '=', shipmentId).where('userId', '=', userId).orderBy('paidAt', 'desc').executeTakeFirst();
      return row ?? null;
    },

    async findByProviderRef(ref: string): Promise<PaymentRecord | null> {
      return (await db.selectFrom('payments').select(PAYMENT_COLUMNS).where('providerRef', '=', ref).executeTakeFirst()) ?? null;
    },

    async setProviderRef(id: number, ref: string, now: Date): Promise<void> {
      await db.updateTable('payments').set({ providerRef: ref, updatedAt: now }).where('id', '=', id).execute();
    },

    /** Releases the claim; only a pending payment can fail (false when it was not pending). */
    async fail(id: number, message: string, now: Date, trx: Db = db): Promise<boolean> {
      const res = await trx.updateTable('payments').set({ status: 'failed', failureMessage: message.slice(0, 500), updatedAt: now }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Marks the payment done; false when it was no longer pending (already applied). */
    async succeed(trx: Db, id: number, providerRef: string | null, now: Date): Promise<boolean> {
      const res = await trx
        .updateTable('payments')
        .set((eb) => ({ status: 'succeeded', providerRef: providerRef ?? eb.ref('providerRef'), updatedAt: now }))
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Records a webhook event id; false when it was seen before (de-duplication). */
    async recordEvent(trx: Db, id: string, type: string, now: Date): Promise<boolean> {
      const row = await trx.insertInto('paymentEvents').values({ id, type, receivedAt: now }).onConflict((oc) => oc.column('id').doNothing()).returning('id').executeTakeFirst();
      return Boolean(row);
    },

    async forgetEvent(id: string): Promise<void> {
      await db.deleteFrom('paymentEvents').where('id', '=', id).execute();
    },
  };
}

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
