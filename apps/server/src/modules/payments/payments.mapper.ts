import type { Selectable } from 'kysely';
import type { PaymentReceiptsTable } from '../../db/schema.ts';
import type { ReceiptFacts } from '../mails/mail-texts.ts';

/** The receipt kept with the payment, in euros, as the receipt page and the receipt mail state it. */
export const toReceiptFacts = (r: Selectable<PaymentReceiptsTable>): ReceiptFacts => ({
  reference: r.reference,
  driver_name: r.driverName,
  total: r.totalCents / 100,
  vat_percent: r.vatPercent,
  vat_amount: r.vatAmountCents / 100,
  method: r.method,
  card_last4: r.cardLast4,
});
