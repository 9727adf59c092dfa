import { methodsWhere, WAITING_METHODS } from '@vm/domain';
import type { Insertable, Selectable } from 'kysely';
import type { StoredCard } from '../../adapters/payments/payment-provider.ts';
import type { Executor } from '../../db/database.ts';
import type { PaymentMethod, PaymentReceiptsTable } from '../../db/schema.ts';
// The service needs it to recognise a lost claim race.
export { isUniqueViolation } from '../../db/errors.ts';

export type PaymentRecord = {
  id: number;
  shipmentId: number;
  offerId: number;
  userId: number;
  method: PaymentMethod;
  amountCents: number;
  status: 'pending' | 'succeeded' | 'failed' | 'refunded';
  providerRef: string | null;
  /** The stored card a card payment charges. */
  cardId: string | null;
  /** Where a card payment's 3-D Secure challenge returns to; every try of the charge sends the same. */
  returnUrl: string | null;
  createdAt: Date;
};

/** A payment about to claim its shipment. */
export type NewPayment = Omit<PaymentRecord, 'id' | 'status' | 'providerRef' | 'returnUrl' | 'createdAt'>;

const PAYMENT_COLUMNS = ['id', 'shipmentId', 'offerId', 'userId', 'method', 'amountCents', 'status', 'providerRef', 'cardId', 'returnUrl', 'createdAt'] as const;

export async function customerOf(db: Executor, userId: number, provider: string): Promise<string | null> {
  const row = await db.selectFrom('paymentCustomers').select('customerId').where('userId', '=', userId).where('provider', '=', provider).executeTakeFirst();
  return row?.customerId ?? null;
}

export async function saveCustomer(db: Executor, userId: number, provider: string, customerId: string): Promise<void> {
  await db
    .insertInto('paymentCustomers')
    .values({ userId, provider, customerId })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ provider, customerId }))
    .execute();
}

export async function cards(db: Executor, userId: number): Promise<StoredCard[]> {
  const rows = await db.selectFrom('cards').selectAll().where('userId', '=', userId).orderBy('createdAt').orderBy('cardId').execute();
  return rows.map((r) => ({ id: r.cardId, brand: r.brand, last4: r.last4, exp_month: r.expMonth, exp_year: r.expYear }));
}

export async function addCard(db: Executor, userId: number, c: StoredCard, now: Date): Promise<void> {
  await db
    .insertInto('cards')
    .values({ userId, cardId: c.id, brand: c.brand, last4: c.last4, expMonth: c.exp_month, expYear: c.exp_year, createdAt: now })
    .onConflict((oc) => oc.columns(['userId', 'cardId']).doNothing())
    .execute();
}

export async function deleteCards(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('cards').where('userId', '=', userId).execute();
}

/** Whether the offer is still open (not re-priced, withdrawn or accepted). */
export async function offerIsOpen(db: Executor, offerId: number): Promise<boolean> {
  const offer = await db.selectFrom('offers').select('id').where('id', '=', offerId).where('state', '=', 'open').executeTakeFirst();
  return offer !== undefined;
}

/** A new pending payment, the shipment's claim; the partial unique index allows one pending or succeeded payment per shipment. */
export async function insertPending(db: Executor, p: NewPayment, now: Date): Promise<number> {
  const row = await db
    .insertInto('payments')
    .values({ ...p, currency: 'eur', status: 'pending', createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The payment holding a shipment's claim (pending or succeeded), if any. */
export async function liveFor(db: Executor, shipmentId: number): Promise<PaymentRecord | null> {
  const row = await db.selectFrom('payments').select(PAYMENT_COLUMNS).where('shipmentId', '=', shipmentId).where('status', 'in', ['pending', 'succeeded']).executeTakeFirst();
  return row ?? null;
}

const REDIRECT = methodsWhere((d) => d.flow === 'redirect');
const CHARGE = methodsWhere((d) => d.flow === 'charge');

/**
 * Pending payments created before the cut-off of their kind, oldest first (the recovery job's work):
 * a payment waiting at the provider's page (a redirect method's, or a card's 3-D Secure challenge: it
 * has the provider's id) after `atProvider`; one without an answer yet (a card charge, an invoice
 * claim) sooner, after `unanswered`.
 */
export async function stalePending(db: Executor, before: { atProvider: Date; unanswered: Date }, limit: number): Promise<PaymentRecord[]> {
  return db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('status', '=', 'pending')
    .where((eb) => {
      const atProvider = eb.or([eb('method', 'in', REDIRECT), eb.and([eb('method', 'in', CHARGE), eb('providerRef', 'is not', null)])]);
      return eb.or([eb.and([atProvider, eb('createdAt', '<', before.atProvider)]), eb.and([eb.not(atProvider), eb('createdAt', '<', before.unanswered)])]);
    })
    .orderBy('createdAt')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function find(db: Executor, id: number): Promise<PaymentRecord | null> {
  return (await db.selectFrom('payments').select(PAYMENT_COLUMNS).where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The succeeded payment of a shipment with when it succeeded, if it was paid. */
export async function paidFor(db: Executor, shipmentId: number): Promise<(PaymentRecord & { paidAt: Date }) | null> {
  const row = await db
    .selectFrom('payments')
    .select([...PAYMENT_COLUMNS, 'updatedAt as paidAt'])
    .where('shipmentId', '=', shipmentId)
    .where('status', '=', 'succeeded')
    .executeTakeFirst();
  return row ?? null;
}

/** The receipt recorded when the payment succeeded (the payload the receipt mail is made of). */
/** Keeps the receipt of a payment that just succeeded, in the transaction that marks it so. */
export async function saveReceipt(db: Executor, receipt: Insertable<PaymentReceiptsTable>): Promise<void> {
  await db.insertInto('paymentReceipts').values(receipt).execute();
}

/** The receipt kept when the payment of a shipment by this user succeeded. */
export async function receiptOf(db: Executor, shipmentId: number, userId: number): Promise<Selectable<PaymentReceiptsTable> | null> {
  const row = await db.selectFrom('paymentReceipts').selectAll().where('shipmentId', '=', shipmentId).where('userId', '=', userId).orderBy('paidAt', 'desc').executeTakeFirst();
  return row ?? null;
}

export async function findByProviderRef(db: Executor, ref: string): Promise<PaymentRecord | null> {
  return (await db.selectFrom('payments').select(PAYMENT_COLUMNS).where('providerRef', '=', ref).executeTakeFirst()) ?? null;
}

/** Where a card payment's 3-D Secure challenge returns to, kept before the first charge is sent. */
export async function setReturnUrl(db: Executor, id: number, returnUrl: string): Promise<void> {
  await db.updateTable('payments').set({ returnUrl }).where('id', '=', id).execute();
}

/** The provider's id of a started redirect payment and its bank page (or 3-D Secure challenge). */
export async function setProviderRef(db: Executor, id: number, ref: string, redirectUrl: string, now: Date): Promise<void> {
  await db.updateTable('payments').set({ providerRef: ref, redirectUrl, updatedAt: now }).where('id', '=', id).execute();
}

/** A shipment's redirect payment (Bancontact at the bank, a card at its 3-D Secure challenge) with no outcome yet, with that page. */
export async function waitingFor(db: Executor, shipmentId: number): Promise<(PaymentRecord & { redirectUrl: string }) | null> {
  const row = await db
    .selectFrom('payments')
    .select([...PAYMENT_COLUMNS, 'redirectUrl'])
    .where('shipmentId', '=', shipmentId)
    .where('status', '=', 'pending')
    .where('method', 'in', WAITING_METHODS)
    .where('providerRef', 'is not', null)
    .where('redirectUrl', 'is not', null)
    .executeTakeFirst();
  return row?.redirectUrl ? { ...row, redirectUrl: row.redirectUrl } : null;
}

/** Releases the claim; only a pending payment can fail (false when it was not pending). */
export async function fail(db: Executor, id: number, message: string, now: Date): Promise<boolean> {
  const res = await db.updateTable('payments').set({ status: 'failed', failureMessage: message.slice(0, 500), updatedAt: now }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * A payment the provider took but the job could not keep (pending, given up as failed before the
 * money arrived, or marked done in this same transaction before the offer turned out gone):
 * refunded in full. False when it was marked so before. The caller holds the job's lock and
 * knows no charge of it was booked.
 */
export async function markUnbooked(db: Executor, id: number, providerRef: string | null, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('payments')
    .set((eb) => ({ status: 'refunded', providerRef: providerRef ?? eb.ref('providerRef'), updatedAt: now }))
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'failed', 'succeeded'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Marks the payment done; false when it was no longer pending (already applied). */
export async function succeed(db: Executor, id: number, providerRef: string | null, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('payments')
    .set((eb) => ({ status: 'succeeded', providerRef: providerRef ?? eb.ref('providerRef'), updatedAt: now }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Counts a failed recovery of a pending payment and keeps why; how often it failed now. */
export async function recoveryFailed(db: Executor, id: number, error: string, now: Date): Promise<number> {
  const row = await db
    .updateTable('payments')
    .set((eb) => ({ recoveryFailures: eb('recoveryFailures', '+', 1), recoveryError: error.slice(0, 500), updatedAt: now }))
    .where('id', '=', id)
    .returning('recoveryFailures')
    .executeTakeFirst();
  return row?.recoveryFailures ?? 0;
}

/** Pending payments whose recovery failed at least `times` times, oldest first: staff look at them. */
export async function stuckInRecovery(db: Executor, times: number, limit: number): Promise<{ id: number; shipmentId: number; failures: number; error: string | null; createdAt: Date }[]> {
  return db
    .selectFrom('payments')
    .select(['id', 'shipmentId', 'recoveryFailures as failures', 'recoveryError as error', 'createdAt'])
    .where('status', '=', 'pending')
    .where('recoveryFailures', '>=', times)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Records a webhook event id; false when it was seen before (de-duplication). */
export async function recordEvent(db: Executor, id: string, type: string, now: Date): Promise<boolean> {
  const row = await db.insertInto('paymentEvents').values({ id, type, receivedAt: now }).onConflict((oc) => oc.column('id').doNothing()).returning('id').executeTakeFirst();
  return Boolean(row);
}

export async function forgetEvent(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('paymentEvents').where('id', '=', id).execute();
}
