export * from './address.ts';
export * from './insurance.ts';
export * from './messages.ts';
export { DEFAULT_LOCALE, FALLBACK_LOCALE, LANGUAGE_INFO, localeOr, localeTagOf } from './languages.ts';
export * from './packages.ts';
export * from './shipment.ts';
export * from './time-windows.ts';
export * from './user.ts';
export * from './vat.ts';
export * from './zoned-time.ts';
export * from './shipment-states.ts';
export * from './payment-methods.ts';
export * from './pricing.ts';
export * from './distance.ts';
export * from './marketplace.ts';
export * from './events.ts';
export * from './tracking.ts';
export * from './wire.ts';
export * from './images.ts';
export * from './offer.ts';
export * from './app-config.ts';
export * from './app-route.ts';
export * from './social-login.ts';
export * from './support.ts';
export * from './api-routes.ts';
export * from './price-band.ts';
export * from './driver-joining.ts';
export * from './staff.ts';
// Issue 23 part 2: support desk and restrictions
export * from './restrictions.ts';
// Issue 23 parts 2-3: finance approvals in the back office, the audit log's export
export * from './ops-finance.ts';
// Issue 21 part 3: proof at pickup and delivery, the consignment note
export * from './proof.ts';
export * from './consignment-note.ts';
export * from './job-board.ts';
export * from './web-push.ts';
// Issue 22 part 4: the published cancellation ladder
export * from './cancellation.ts';
// Issue 22 parts 1 and 2: how a released job's money divides
export * from './settlement.ts';
// Issue 22 part 5: e-invoice documents (Peppol BIS 3.0) and their VAT
export * from './e-invoice.ts';
export * from './invoices.ts';
export * from './self-billing-agreement.ts';
// Issue 23 part 1: problems and claims
export * from './problems.ts';
export * from './privacy.ts';
