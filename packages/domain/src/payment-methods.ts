// The ways a sender pays for a job, and for each what the rest of the product decides from it: how
// the payment's outcome arrives, where the money is until it is released, how a refund goes back,
// and how an invoice states it (Peppol BIS 3.0 payment means). The one place a method is spelled:
// SQL, schemas, the recovery of payments, refunds, invoices and screens read these descriptors.

export const PAYMENT_METHODS = ['card', 'invoice', 'bancontact'] as const;
export type PaymentMethodName = (typeof PAYMENT_METHODS)[number];

export type PaymentMethodDescriptor = {
  /**
   * How the outcome arrives: `charge` at once from the provider (a card; one that asks for 3-D
   * Secure sends the sender to its challenge page first), `redirect` always from the provider's page
   * the sender is sent to (Bancontact), `transfer` later by the sender's bank transfer (the invoice
   * is the payment's record; nothing is charged at acceptance).
   */
  flow: 'charge' | 'redirect' | 'transfer';
  /**
   * Where the money is once the payment succeeded: with the payment provider (`provider`), or owed by
   * the sender until the bank statement shows it paid (`sender`). The ledger books the charge from
   * that account and a refund back to it.
   */
  money: 'provider' | 'sender';
  /** The invoice's payment means (EN 16931 BG-16): a card payment already made, or a SEPA transfer asked for. */
  invoiceMeans: 'card' | 'sepa_credit_transfer';
  /** The card network an invoice names for a payment made by card means. */
  network: string | null;
};

export const PAYMENT_METHOD: Readonly<Record<PaymentMethodName, PaymentMethodDescriptor>> = {
  card: { flow: 'charge', money: 'provider', invoiceMeans: 'card', network: 'card' },
  bancontact: { flow: 'redirect', money: 'provider', invoiceMeans: 'card', network: 'Bancontact' },
  invoice: { flow: 'transfer', money: 'sender', invoiceMeans: 'sepa_credit_transfer', network: null },
};

/** The methods whose descriptor answers yes. */
export const methodsWhere = (test: (d: PaymentMethodDescriptor) => boolean): PaymentMethodName[] => PAYMENT_METHODS.filter((m) => test(PAYMENT_METHOD[m]));

/** The methods that can wait at a provider's page (Bancontact's bank page; a card's 3-D Secure challenge). */
export const WAITING_METHODS = methodsWhere((d) => d.flow !== 'transfer');

/** A payment of this method is at the provider's page: always for a redirect method, for a card once its challenge was started. */
export const waitsAtProvider = (method: PaymentMethodName, providerRef: string | null): boolean =>
  PAYMENT_METHOD[method].flow === 'redirect' || (PAYMENT_METHOD[method].flow === 'charge' && providerRef !== null);
