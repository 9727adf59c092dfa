import { createHash } from 'node:crypto';
import { type AcceptOffer, cardErrorKey, costBreakdown, type CardRead, type ConfirmedPrice, type InsuranceChoice, type Locale, isOpenForOffers, PAYMENT_METHOD, type PaymentReceipt, SHIPMENT_STATE, waitsAtProvider, type SandboxCardInput, type ShipmentRead, type WaitingPayment } from '@vm/domain';
import { BANCONTACT_SESSION_MS, CARD_CHALLENGE_MS, CardError, type PaymentEvent, type PaymentProvider } from '../../adapters/payments/payment-provider.ts';
import type { Db, Executor } from '../../db/database.ts';
import type { EventsService } from '../events/events.service.ts';
import { ApiError, jobConflict, notFound, tooManyRequests } from '../../lib/errors.ts';
import type { Limiter } from '../../lib/rate-limiter.ts';
import { type ReceiptFacts, receiptText } from '../mails/mail-texts.ts';
import type { OffersService } from '../offers/offers.service.ts';
import type { SettlementService } from '../settlement/settlement.service.ts';
import type { RefundsService } from '../refunds/refunds.service.ts';
import type { LockedJob, ShipmentsService } from '../shipments/shipments.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { toReceiptFacts } from './payments.mapper.ts';
import * as repo from './payments.repository.ts';
import type { PaymentRecord } from './payments.repository.ts';

type Log = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
type Deps = {
  db: Db;
  provider: PaymentProvider;
  shipments: Pick<ShipmentsService, 'get' | 'eventContext' | 'saleVatPercent' | 'withJob' | 'parties'>;
  offers: Pick<OffersService, 'findOpenOffer' | 'acceptOffer'>;
  /** Issue 22: a succeeded payment is money held for its job, booked with the payment. */
  settlement: Pick<SettlementService, 'recordCharge' | 'moneyStatus'>;
  /** A charge the job could not keep is refunded through it. */
  refunds: Pick<RefundsService, 'claim' | 'bySource' | 'settle'>;
  users: UsersService;
  events: EventsService;
  publicUrl: string;
  now: () => Date;
  log: Log;
  /** Card additions per user (card-testing fraud tries many numbers quickly). */
  cardAttempts: Limiter;
  /** Hears each payment's outcome once, when this process writes it (the metrics count them). */
  onOutcome?: (method: PaymentRecord['method'], outcome: 'succeeded' | 'failed') => void;
};

/** 'job' on the bank page's line of what is paid. */
const JOB_WORD: Record<Locale, string> = { nl: 'opdracht', fr: 'mission', en: 'job' };

/** A card claim older than this with no outcome is retried (same idempotency key) on the next accept or by the recovery job. */
const STALE_CARD_CLAIM_MS = 60_000;
/**
 * A payment still at a page of the provider's after this is past any bank session (the sandbox's
 * lasts an hour); a card left at its 3-D Secure challenge is given up as long after.
 */
const STALE_AT_PROVIDER_MS = Math.max(BANCONTACT_SESSION_MS, CARD_CHALLENGE_MS);
/** The recovery's failures on one payment after which staff are told (once). */
export const RECOVERY_FAILURES_TOLD = 2;
/** Payments settled per run; a backlog is worked off by the following runs. */
const STALE_BATCH = 100;

/** 409 naming the offer and price the sender must confirm instead (the driver re-priced, or the insurance changed). */
const repriced = (offerId: number, priceCents: number, insurance: InsuranceChoice, vatPercent: number, state: string) =>
  new ApiError(409, 'conflict', 'offer_repriced', {}, { offer_id: offerId, price: priceCents / 100, total: costBreakdown(priceCents, insurance, vatPercent).total.aftertaxes / 100, state });

/**
 * A card refusal for the client (SPEC section 8: card errors inline, accept failures as a toast):
 * the catalogue's text for the provider's code, in the caller's language, with the code and the
 * provider's own words as details.
 */
const declined = (err: CardError) => {
  const code = err.declineCode ?? err.code;
  return new ApiError(402, 'card_error', cardErrorKey(err.code, err.declineCode), {}, { decline_code: code, provider_message: err.message });
};

/**
 * The card asks for 3-D Secure: 402 for the client (a SPEC client shows the text as any accept
 * failure; ours sends the browser to redirect_url and comes back with ?payment={payment_id}).
 */
const authenticationRequired = (paymentId: number, redirectUrl: string) =>
  new ApiError(402, 'authentication_required', 'authentication_required', {}, { payment_id: paymentId, redirect_url: redirectUrl });

/** The refund of a charge the job could not keep: one per payment. */
const unbookedKey = (paymentId: number) => `not_accepted:payment:${paymentId}`;

/** A payment whose outcome is at a page of the provider's (the bank's Bancontact page, a card's 3-D Secure challenge). */
const atRedirect = (p: PaymentRecord) => waitsAtProvider(p.method, p.providerRef);

/**
 * Accepting an offer and paying for it (SPEC sections 2 and 8) plus the stored card (section 7,
 * Billing). The rule that keeps money safe: claim first (one live payment per shipment, by a
 * unique index), charge with an idempotency key derived from the claim, then accept in one
 * transaction with marking the payment done. A failed charge releases the claim; nothing is accepted.
 */
export function paymentsService({ db, provider, shipments, offers, settlement, refunds, users, events, publicUrl, now, log, cardAttempts, onOutcome }: Deps) {
  const limitCardAttempts = async (userId: number) => {
    const wait = await cardAttempts.hit(String(userId));
    if (wait) throw tooManyRequests(wait);
  };

  async function customerFor(userId: number): Promise<string> {
    const existing = await repo.customerOf(db, userId, provider.name);
    if (existing) return existing;
    const u = await users.get(userId);
    const id = await provider.createCustomer({ email: u.email, name: `${u.first_name} ${u.last_name}`, userId }, `customer-${provider.name}-${userId}`);
    await repo.saveCustomer(db, userId, provider.name, id);
    return id;
  }

  /**
   * Applies a payment the provider took, under the job's lock: the job is accepted with the
   * payment marked done, the charge booked as money held, the receipt kept and the parties told,
   * in one transaction. If the job can no longer be accepted (cancelled, or the offer gone while
   * the bank was paying), the money is not kept: the charge is booked and refunded in full, once.
   * False when the payment was applied before.
   */
  async function complete(payment: PaymentRecord, providerRef: string | null): Promise<boolean> {
    const at = now();
    const last4 = payment.cardId ? ((await repo.cards(db, payment.userId)).find((c) => c.id === payment.cardId)?.last4 ?? null) : null;
    const applied = await shipments.withJob(payment.shipmentId, async (job, trx) => {
      const current = await repo.find(trx, payment.id);
      if (!current || current.status === 'succeeded' || current.status === 'refunded') return 'before' as const;
      const acceptable = current.status === 'pending' && SHIPMENT_STATE[job.state].phase === 'open' && job.acceptedOfferId === null;
      if (!acceptable || !(await repo.succeed(trx, payment.id, providerRef, at)) || !(await offers.acceptOffer(trx, job, payment.offerId, at))) {
        return (await unbooked(trx, job, current, providerRef)) ? ('refunded' as const) : ('before' as const);
      }
      const c = await shipments.eventContext(trx, payment.shipmentId);
      const cost = costBreakdown(c.driver!.priceCents, c.insurance, await shipments.saleVatPercent(trx, payment.shipmentId));
      const shipmentId = payment.shipmentId;
      const reference = c.reference;
      await settlement.recordCharge(trx, { paymentId: payment.id, shipmentId, senderId: payment.userId, method: payment.method, amountCents: payment.amountCents, reference });
      // The receipt is kept as a fact of its own; the event below only tells of it.
      await repo.saveReceipt(trx, {
        paymentId: payment.id,
        shipmentId,
        userId: payment.userId,
        reference,
        driverName: c.driver!.name,
        totalCents: payment.amountCents,
        vatPercent: cost.vat.percent,
        vatAmountCents: cost.vat.amount,
        method: payment.method,
        cardLast4: last4,
        paidAt: at,
      });
      await events.record(trx, [
        {
          userId: payment.userId,
          type: 'shipment.offer.accepted',
          shipmentId,
          payload: {
            reference,
            offer_id: payment.offerId,
            driver_name: c.driver!.name,
            total: payment.amountCents / 100,
            vat_percent: cost.vat.percent,
            vat_amount: cost.vat.amount / 100,
            method: payment.method,
            card_last4: last4,
          },
        },
        { userId: payment.userId, type: 'payment.succeeded', shipmentId, payload: { reference, amount: payment.amountCents / 100, method: payment.method } },
        {
          userId: c.driver!.id,
          type: 'shipment.job.assigned',
          shipmentId,
          payload: { reference, offer_id: payment.offerId, price: c.driver!.priceCents / 100, pickup_city: c.pickupCity, delivery_city: c.deliveryCity },
        },
      ]);
      return 'accepted' as const;
    });
    if (applied === 'accepted') {
      log.info({ paymentId: payment.id, shipmentId: payment.shipmentId, method: payment.method }, 'offer accepted');
      onOutcome?.(payment.method, 'succeeded');
    }
    if (applied === 'refunded') {
      log.warn({ paymentId: payment.id, shipmentId: payment.shipmentId }, 'paid for a job that could no longer be accepted: refunded in full');
      await refunds.settle((await refunds.bySource(db, unbookedKey(payment.id)))!.id).catch((err: unknown) => log.error({ err, paymentId: payment.id }, 'refund of a charge not booked failed; the job retries it'));
    }
    return applied === 'accepted';
  }

  /**
   * Money the provider took for a payment the job cannot keep (the job moved on, the payment was
   * given up): booked as a charge and refunded in full in the caller's transaction, once. A sender
   * who was not told yet hears the payment failed (one given up before was told so then). False
   * when it was dealt with before.
   */
  async function unbooked(trx: Executor, job: LockedJob, payment: PaymentRecord, providerRef: string | null): Promise<boolean> {
    if (!(await repo.markUnbooked(trx, payment.id, providerRef, now()))) return false;
    await settlement.recordCharge(trx, { paymentId: payment.id, shipmentId: job.id, senderId: payment.userId, method: payment.method, amountCents: payment.amountCents, reference: job.reference });
    await refunds.claim(trx, { sourceKey: unbookedKey(payment.id), paymentId: payment.id, shipmentId: job.id, amountCents: payment.amountCents, reason: 'not_accepted' });
    if (payment.status === 'pending') await events.record(trx, [{ userId: payment.userId, type: 'payment.failed', shipmentId: job.id, payload: { reference: job.reference, amount: payment.amountCents / 100, method: payment.method } }]);
    return true;
  }

  /** A refused payment releases its claim, and the sender hears of it (once, however often this runs). */
  async function refused(payment: PaymentRecord, message: string): Promise<void> {
    const failed = await shipments.withJob(payment.shipmentId, async (job, trx) => {
      if (!(await repo.fail(trx, payment.id, message, now()))) return false;
      await events.record(trx, [
        { userId: payment.userId, type: 'payment.failed', shipmentId: payment.shipmentId, payload: { reference: job.reference, amount: payment.amountCents / 100, method: payment.method } },
      ]);
      return true;
    });
    if (failed) onOutcome?.(payment.method, 'failed');
  }

  /** Gives up a payment that never reached the provider's outcome (no bank page, a stopped one), under the job's lock. */
  const abandon = (payment: PaymentRecord, reason: string) => shipments.withJob(payment.shipmentId, (_job, trx) => repo.fail(trx, payment.id, reason, now()));

  /**
   * Charges a claimed card payment and applies the outcome. The key is the claim's on every try, so
   * the provider charges once however often this runs (a request, a retry, the recovery job, in any
   * process). Only a refusal releases the claim: after a timeout or an outage the outcome is
   * unknown, so the claim stays and the next try repeats this same charge.
   */
  async function settleCharge(payment: PaymentRecord): Promise<'paid' | 'unknown' | CardError | { challenge: string }> {
    let charge: Awaited<ReturnType<PaymentProvider['chargeCard']>>;
    try {
      const { reference } = await shipments.eventContext(db, payment.shipmentId);
      charge = await provider.chargeCard({
        customerId: await customerFor(payment.userId),
        cardId: payment.cardId!,
        amountCents: payment.amountCents,
        currency: 'eur',
        description: `Vrachtmarkt, opdracht ${payment.shipmentId}, bod ${payment.offerId}`,
        metadata: { payment_id: String(payment.id), shipment_id: String(payment.shipmentId), offer_id: String(payment.offerId) },
        transferGroup: reference,
        // Kept with the claim, so a retry sends what the first try sent; none (an old claim) is off-session.
        ...(payment.returnUrl ? { returnUrl: payment.returnUrl } : {}),
        idempotencyKey: `payment-${payment.id}`,
      });
    } catch (err) {
      if (err instanceof CardError) {
        await refused(payment, err.message);
        return err;
      }
      log.error({ err, paymentId: payment.id }, 'card charge outcome unknown; the claim stays for a retry');
      return 'unknown';
    }
    if (charge.status === 'requires_action') {
      // The claim stays pending at the challenge, as a Bancontact payment at the bank: its return,
      // the webhook, "continue" and "stop" and the recovery job settle it the same way.
      await repo.setProviderRef(db, payment.id, charge.id, charge.redirectUrl, now());
      log.info({ paymentId: payment.id }, 'card payment waits for 3-D Secure');
      return { challenge: charge.redirectUrl };
    }
    await complete(payment, charge.id);
    return 'paid';
  }

  /** The accept request's charge: a refusal is the client's 402, a 3-D Secure challenge 402 authentication_required, an unknown outcome 503. */
  async function chargeClaim(payment: PaymentRecord): Promise<void> {
    const outcome = await settleCharge(payment);
    if (outcome instanceof CardError) throw declined(outcome);
    if (outcome === 'unknown') throw new ApiError(503, 'payment_unavailable', 'payment_unknown');
    if (outcome !== 'paid') throw authenticationRequired(payment.id, outcome.challenge);
  }

  /** Cancels a pending redirect payment at the provider: paid there means accepted here, anything else releases the claim. */
  async function stopAtProvider(payment: PaymentRecord): Promise<void> {
    const p = payment.providerRef ? await provider.cancelPayment(payment.providerRef) : null;
    if (p?.status === 'succeeded') await complete(payment, p.id);
    else await abandon(payment, 'abandoned');
  }

  /** The waiting payment as the provider sees it now: an outcome that arrived without a webhook is applied, and then nothing waits. */
  async function stillWaiting<T extends PaymentRecord>(w: T | null, senderId: number): Promise<T | null> {
    if (!w || w.userId !== senderId || !w.providerRef) return null;
    const p = await provider.getPayment(w.providerRef);
    if (p?.status === 'pending') return w;
    await applyProviderPayment(w, p?.status ?? 'failed', w.providerRef);
    return null;
  }

  /**
   * Settles a claim the same sender left pending. A Bancontact payment left at the bank page is
   * given up only for a new Bancontact attempt (cancelled at the provider, so that page can no
   * longer take money); a card or invoice accept meanwhile answers 409, as the bank may still be
   * paying. A card charge interrupted more than a minute ago is repeated with its own key.
   */
  async function settleStale(shipmentId: number, senderId: number, method: PaymentRecord['method']): Promise<void> {
    const live = await repo.liveFor(db, shipmentId);
    if (!live || live.status !== 'pending' || live.userId !== senderId) return;
    const was = PAYMENT_METHOD[live.method].flow;
    if (was === 'redirect' && PAYMENT_METHOD[method].flow === 'redirect') await stopAtProvider(live);
    // A card challenge the sender left (closed tab) is given up for a new attempt through the
    // provider; no money moves without the challenge, and cancelling it makes sure none will.
    else if (was === 'charge' && live.providerRef && PAYMENT_METHOD[method].money === 'provider') await stopAtProvider(live);
    else if (was === 'charge' && !live.providerRef && now().getTime() - live.createdAt.getTime() > STALE_CARD_CLAIM_MS) {
      // A refusal now releases the claim for the new attempt; anything else still blocks it.
      const outcome = await settleCharge(live);
      if (outcome === 'unknown') throw new ApiError(503, 'payment_unavailable', 'payment_unknown');
      if (typeof outcome === 'object' && 'challenge' in outcome) await stopAtProvider((await repo.find(db, live.id))!);
    }
  }

  /**
   * Ownership first (another sender's shipment or offer is not found, whatever else is wrong), then
   * whether the offer can still be accepted at the price the sender confirmed. The amount is
   * computed here, in cents, from the offer behind the id the sender saw.
   */
  async function acceptable(senderId: number, shipmentId: number, offerId: number, confirmedTotal: number | undefined) {
    const offer = await offers.findOpenOffer(shipmentId, offerId, senderId);
    if (!offer) throw notFound();
    const state = offer.shipmentState;
    if (offer.state === 'accepted' || SHIPMENT_STATE[state].phase !== 'open') throw jobConflict(SHIPMENT_STATE[state].phase === 'cancelled' ? 'shipment_not_open' : 'offer_already_accepted', state);
    // The VAT of this sale (the sender's company and the route decide it: reverse charge, place of supply).
    const vatPercent = await shipments.saleVatPercent(db, shipmentId);
    // The driver changed the price after the sender looked: name the new offer, charge nothing.
    if (offer.state === 'replaced' && offer.current) throw repriced(offer.current.id, offer.current.priceCents, offer.insurance, vatPercent, state);
    if (offer.state !== 'open') throw jobConflict('offer_not_open', state);
    if (offer.pickupDateTill <= now()) throw jobConflict('shipment_not_open', state);
    const amountCents = costBreakdown(offer.priceCents, offer.insurance, vatPercent).total.aftertaxes;
    if (confirmedTotal !== undefined && Math.round(confirmedTotal * 100) !== amountCents) throw repriced(offer.id, offer.priceCents, offer.insurance, vatPercent, state);
    return { amountCents };
  }

  /**
   * Claims a job for one payment of one offer, under the job's lock: the payment's intent, recorded
   * before the provider is called. Only a job still open for offers, with no other payment at the
   * bank or done, and the offer still open, is claimed: `changed` when the offer is no longer open
   * (re-priced or withdrawn since the sender's check), 409 naming the state when the job moved on
   * (cancelled, accepted, expired) or another payment holds it.
   */
  async function claimShipment(p: repo.NewPayment): Promise<number | { changed: string }> {
    try {
      return await shipments.withJob(p.shipmentId, async (job, trx) => {
        if (job.senderId !== p.userId) throw notFound();
        if (job.acceptedOfferId !== null) throw jobConflict('offer_already_accepted', job.state);
        if (!isOpenForOffers({ state: job.state, pickup_date_till: job.pickupDateTill.getTime() / 1000 }, now().getTime() / 1000)) throw jobConflict('shipment_not_open', job.state);
        const live = await repo.liveFor(trx, p.shipmentId);
        if (live) throw jobConflict(live.status === 'succeeded' ? 'offer_already_accepted' : 'payment_in_progress', job.state);
        if (!(await repo.offerIsOpen(trx, p.offerId))) return { changed: job.state };
        return repo.insertPending(trx, p, now());
      });
    } catch (err) {
      // The unique index stays the last word should two claims ever meet.
      if (repo.isUniqueViolation(err)) throw jobConflict('payment_in_progress', (await shipments.parties(p.shipmentId))?.state ?? 'new');
      throw err;
    }
  }

  /** Claims the shipment for one payment (a unique index keeps one live payment per shipment). */
  async function claim(senderId: number, shipmentId: number, offerId: number, amountCents: number, method: PaymentRecord['method'], cardId: string | null = null): Promise<PaymentRecord> {
    await settleStale(shipmentId, senderId, method);
    const record = { shipmentId, offerId, userId: senderId, method, amountCents, cardId };
    const id = await claimShipment(record);
    if (typeof id !== 'number') {
      // Re-priced or withdrawn between the check and the claim: the check now names what changed.
      await acceptable(senderId, shipmentId, offerId, undefined);
      throw jobConflict('offer_not_open', id.changed);
    }
    return { ...record, id, status: 'pending', providerRef: null, returnUrl: null, createdAt: now() };
  }

  async function applyProviderPayment(payment: PaymentRecord, status: 'pending' | 'succeeded' | 'failed', ref: string): Promise<void> {
    // Money that arrived for a payment given up on meanwhile is refunded by complete().
    if (status === 'succeeded') await complete(payment, ref);
    else if (status === 'failed') await refused(payment, 'declined');
  }

  /**
   * Recovery (at start-up and on a schedule): settles every payment a request left pending, whoever
   * the sender, so nothing waits for the sender to accept again. A card claim older than a minute is
   * charged again with its own key (the provider answers with the first result if the money moved):
   * paid means accepted, refused means released, an unreachable provider leaves it for the next run.
   * A Bancontact payment past its session's life is asked of the provider and cancelled there if it
   * is still open, so a bank page can no longer take money. An invoice claim (no provider) that
   * never completed is completed: the sender was approved and asked to accept. Safe to run in
   * several processes at once: the provider's key and the conditional updates apply each once.
   */
  async function settleStalePayments(): Promise<{ settled: number; left: number }> {
    const at = now().getTime();
    const stale = await repo.stalePending(db, { atProvider: new Date(at - STALE_AT_PROVIDER_MS), unanswered: new Date(at - STALE_CARD_CLAIM_MS) }, STALE_BATCH);
    let settled = 0;
    for (const payment of stale) {
      try {
        const flow = PAYMENT_METHOD[payment.method].flow;
        if (flow === 'charge' && !payment.providerRef) {
          // A challenge this answers now waits for the sender (the job page offers it) or its hour.
          if ((await settleCharge(payment)) === 'unknown') continue;
        } else if (flow === 'transfer') {
          await complete(payment, null);
        } else if (!payment.providerRef) {
          // The process died before the bank page's address was stored, so the sender never got it.
          // (A card payment always has its provider id here: it was selected for it.)
          await abandon(payment, 'abandoned');
        } else {
          const asked = await provider.getPayment(payment.providerRef);
          const p = asked?.status === 'pending' ? await provider.cancelPayment(payment.providerRef) : asked;
          // Declined or expired at the bank: released, and the sender hears the payment failed (once).
          if (p?.status === 'succeeded') await complete(payment, p.id);
          else await refused(payment, asked?.status === 'failed' ? 'declined' : 'expired');
        }
        settled += 1;
      } catch (err) {
        // The first failure may pass (a provider down for a minute); the second tells staff, once.
        const failures = await repo.recoveryFailed(db, payment.id, err instanceof Error ? err.message : String(err), now());
        if (failures === RECOVERY_FAILURES_TOLD) log.error({ err, paymentId: payment.id, shipmentId: payment.shipmentId, failures }, 'a pending payment could not be settled twice: staff must look at it (ledger check lists it)');
        else log.warn({ err, paymentId: payment.id, failures }, 'settling a stale payment failed; the next run tries again');
      }
    }
    if (stale.length > 0) log.info({ settled, left: stale.length - settled }, 'stale payments settled');
    return { settled, left: stale.length - settled };
  }

  return {
    settleStalePayments,

    /** Pending payments the recovery failed on twice or more: the reconciliation names them for staff. */
    stuckInRecovery: () => repo.stuckInRecovery(db, RECOVERY_FAILURES_TOLD, 100),

    /**
     * The reconciliation found money the provider took for this payment that the ledger lacks: if
     * the payment was given up (failed, or pending past any chance of its own recovery), the money
     * is booked and refunded in full, once. What was done.
     */
    async refundUnbooked(paymentId: number, providerRef: string): Promise<'refunded' | 'booked_before' | 'not_ours'> {
      const payment = await repo.find(db, paymentId);
      if (!payment) return 'not_ours';
      const done = await shipments.withJob(payment.shipmentId, async (job, trx) => {
        const current = await repo.find(trx, paymentId);
        if (!current || current.status === 'succeeded' || current.status === 'refunded') return false;
        return unbooked(trx, job, current, providerRef);
      });
      if (!done) return 'booked_before';
      log.warn({ paymentId, providerRef }, 'a charge at the provider the ledger lacked: booked and refunded in full');
      await refunds.settle((await refunds.bySource(db, unbookedKey(paymentId)))!.id);
      return 'refunded';
    },

    async cards(userId: number): Promise<CardRead[]> {
      return (await repo.cards(db, userId)).map(({ brand, last4, exp_month, exp_year }) => ({ brand, last4, exp_month, exp_year }));
    },

    async addCard(userId: number, token: string): Promise<CardRead[]> {
      await limitCardAttempts(userId);
      const customer = await customerFor(userId);
      try {
        const card = await provider.addCard(customer, token, `addcard-${userId}-${createHash('sha256').update(token).digest('hex').slice(0, 32)}`);
        await repo.addCard(db, userId, card, now());
      } catch (err) {
        if (err instanceof CardError) throw declined(err);
        throw err;
      }
      return this.cards(userId);
    },

    async deleteCards(userId: number): Promise<CardRead[]> {
      const customer = await repo.customerOf(db, userId, provider.name);
      if (customer) for (const c of await repo.cards(db, userId)) await provider.deleteCard(customer, c.id);
      await repo.deleteCards(db, userId);
      return [];
    },

    /** The sandbox's stand-in for Stripe.js; only mounted in test mode. */
    async sandboxToken(userId: number, card: SandboxCardInput): Promise<string> {
      await limitCardAttempts(userId);
      try {
        if (!provider.createToken) throw new Error(`${provider.name} makes card tokens in the browser`);
        return await provider.createToken(card, now());
      } catch (err) {
        if (err instanceof CardError) throw declined(err);
        throw err;
      }
    },

    /**
     * GET /api/shipment/{id}/receipt: ownership first (another sender's job is not found), then
     * the paid offer's receipt, made of the same recorded data and lines as the receipt mail.
     */
    async receipt(senderId: number, shipmentId: number, locale: Locale): Promise<{ receipt: PaymentReceipt | null }> {
      await shipments.get(senderId, shipmentId, locale);
      const r = await repo.receiptOf(db, shipmentId, senderId);
      if (!r) return { receipt: null };
      const facts = toReceiptFacts(r);
      // A receipt kept before the ledger existed has no charge booked: its money stays where it was, with the platform.
      const money = (await settlement.moneyStatus(shipmentId)) ?? 'held';
      return { receipt: { ...facts, paid_at: Math.floor(r.paidAt.getTime() / 1000), ...receiptText(facts, locale), money } };
    },

    /** What the receipt of this user's payment of a shipment states, for the receipt mail; null when none was kept. */
    async receiptFacts(shipmentId: number, userId: number): Promise<ReceiptFacts | null> {
      const r = await repo.receiptOf(db, shipmentId, userId);
      return r ? toReceiptFacts(r) : null;
    },

    /**
     * POST /api/shipment/{sid}/offer/{oid}: by invoice when approved, else with the first stored
     * card. A card that asks for 3-D Secure keeps the claim pending and answers 402
     * authentication_required; the browser comes back to return_path (the job's page by default)
     * with ?payment={id}, and confirm() settles it as it does a Bancontact payment.
     */
    async accept(senderId: number, shipmentId: number, offerId: number, confirmed: AcceptOffer, lang: Locale): Promise<ShipmentRead> {
      const { amountCents } = await acceptable(senderId, shipmentId, offerId, confirmed.total);
      const user = await users.get(senderId);
      const byInvoice = user.company?.invoice_approved === 'approved';
      const card = byInvoice ? null : (await repo.cards(db, senderId))[0];
      if (!byInvoice && !card) throw new ApiError(402, 'payment_required', 'no_payment_method');
      const payment = await claim(senderId, shipmentId, offerId, amountCents, byInvoice ? 'invoice' : 'card', card?.id ?? null);
      if (byInvoice) await complete(payment, null);
      else {
        const returnUrl = `${publicUrl}/#${confirmed.return_path ?? `/jobs/${shipmentId}`}?payment=${payment.id}`;
        await repo.setReturnUrl(db, payment.id, returnUrl);
        await chargeClaim({ ...payment, returnUrl });
      }
      return shipments.get(senderId, shipmentId, lang);
    },

    /** Starts Bancontact; the browser returns to returnPath in our app with ?payment={id}. */
    async startBancontact(senderId: number, shipmentId: number, offerId: number, returnPath: string, confirmed: ConfirmedPrice = {}): Promise<{ payment_id: number; redirect_url: string }> {
      const { amountCents } = await acceptable(senderId, shipmentId, offerId, confirmed.total);
      const user = await users.get(senderId);
      const payment = await claim(senderId, shipmentId, offerId, amountCents, 'bancontact');
      try {
        // The bank page shows this to the sender, in the sender's language, with the job's reference number.
        const { reference_id } = await shipments.get(senderId, shipmentId, user.locale);
        const started = await provider.startBancontact({
          amountCents: payment.amountCents,
          currency: 'eur',
          returnUrl: `${publicUrl}/#${returnPath}?payment=${payment.id}`,
          ownerName: `${user.first_name} ${user.last_name}`,
          description: `Vrachtmarkt, ${JOB_WORD[user.locale]} ${reference_id}`,
          metadata: { payment_id: String(payment.id), shipment_id: String(shipmentId), offer_id: String(offerId) },
          transferGroup: reference_id,
          idempotencyKey: `payment-${payment.id}`,
        });
        await repo.setProviderRef(db, payment.id, started.id, started.redirectUrl, now());
        return { payment_id: payment.id, redirect_url: started.redirectUrl };
      } catch (err) {
        await abandon(payment, err instanceof Error ? err.message : 'error');
        throw err;
      }
    },

    /** The return from Bancontact: the provider is asked; only a succeeded payment accepts the offer. */
    async confirm(senderId: number, paymentId: number, lang: Locale): Promise<{ status: 'succeeded' | 'pending'; shipment: ShipmentRead }> {
      const payment = await repo.find(db, paymentId);
      if (!payment || payment.userId !== senderId) throw notFound();
      if (payment.status === 'pending' && payment.providerRef) {
        const p = await provider.getPayment(payment.providerRef);
        await applyProviderPayment(payment, p?.status ?? 'failed', payment.providerRef);
      }
      const after = (await repo.find(db, paymentId))!;
      if (after.status === 'failed') throw new ApiError(402, 'payment_declined', 'payment_declined');
      // A payment refunded since (the driver gave the job back) was paid all the same.
      return { status: after.status === 'pending' ? 'pending' : 'succeeded', shipment: await shipments.get(senderId, payment.shipmentId, lang) };
    },

    /**
     * The job's Bancontact payment still at the bank, or card payment still at its 3-D Secure
     * challenge (the sender closed that tab, say). The
     * provider is asked first: a payment that was paid or refused meanwhile is applied, not shown.
     */
    async waiting(senderId: number, shipmentId: number): Promise<WaitingPayment | null> {
      await shipments.get(senderId, shipmentId, 'nl'); // the owner check only
      const w = await stillWaiting(await repo.waitingFor(db, shipmentId), senderId);
      if (!w) return null;
      const started = w.createdAt.getTime();
      const total = w.amountCents / 100;
      return { id: w.id, method: w.method, offer_id: w.offerId, total, started_at: Math.floor(started / 1000), expires_at: Math.floor((started + STALE_AT_PROVIDER_MS) / 1000) };
    },

    /** The bank page of a waiting payment, to finish paying there. */
    async resume(senderId: number, paymentId: number): Promise<{ redirect_url: string }> {
      const payment = await repo.find(db, paymentId);
      if (!payment || payment.userId !== senderId) throw notFound();
      const w = await stillWaiting(await repo.waitingFor(db, payment.shipmentId), senderId);
      if (!w || w.id !== paymentId) throw new ApiError(409, 'conflict', 'payment_not_waiting');
      return { redirect_url: w.redirectUrl };
    },

    /**
     * Stops a waiting payment at the provider, so its bank page can no longer take money. If the
     * bank was quicker the payment stands: the offer is accepted and the answer says 'succeeded'.
     */
    async stop(senderId: number, paymentId: number, lang: Locale): Promise<{ status: 'stopped' | 'succeeded'; shipment: ShipmentRead }> {
      const payment = await repo.find(db, paymentId);
      if (!payment || payment.userId !== senderId) throw notFound();
      if (payment.status === 'pending' && atRedirect(payment)) await stopAtProvider(payment);
      const after = (await repo.find(db, paymentId))!;
      if (after.status === 'pending') throw new ApiError(409, 'conflict', 'payment_not_waiting');
      return { status: after.status === 'succeeded' ? 'succeeded' : 'stopped', shipment: await shipments.get(senderId, payment.shipmentId, lang) };
    },

    /** Before the sender cancels the job: a Bancontact payment of theirs left at the bank (or a card at its challenge) is stopped, so it holds nothing. */
    async stopWaitingFor(senderId: number, shipmentId: number): Promise<void> {
      await shipments.get(senderId, shipmentId, 'nl'); // the owner check only
      const live = await repo.liveFor(db, shipmentId);
      if (live?.status === 'pending' && atRedirect(live) && live.userId === senderId) await stopAtProvider(live);
    },

    /**
     * A verified webhook event, applied once: its id is recorded first; if applying fails the
     * record is removed so the provider's retry applies it. Applying is itself idempotent.
     */
    async handleEvent(event: PaymentEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
      if (!(await repo.recordEvent(db, event.id, event.type, now()))) return 'duplicate';
      try {
        const payment = event.payment ? await repo.findByProviderRef(db, event.payment.id) : null;
        if (!payment || !event.payment) return 'ignored';
        await applyProviderPayment(payment, event.payment.status, event.payment.id);
        return 'applied';
      } catch (err) {
        await repo.forgetEvent(db, event.id);
        throw err;
      }
    },
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
