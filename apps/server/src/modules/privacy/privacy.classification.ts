// Issue 23 part 4 (decision 0035): every text, varchar and jsonb column of the database, decided once.
// A column is personal to a user and shown in their export (`export`: the data.json section; `kept`:
// why deletion leaves it, a record the law makes us keep), a copy of personal data that the export
// does not repeat (`copy`: erased or kept, and why), or not personal (`not`). (uuid columns are ids: not listed.) The test
// (test/privacy/classification.test.ts) reads information_schema and fails on any column missing
// here, so a new column forces this decision.

export type ColumnClass = { export: string; kept?: string } | { copy: string } | { not: string };

const N = (not: string): ColumnClass => ({ not });
const E = (section: string, kept?: string): ColumnClass => (kept ? { export: section, kept } : { export: section });
const C = (copy: string): ColumnClass => ({ copy });

const SECRET = N('a secret or its hash: never exported, deleted or revoked with the account');
const TECH = N('technical: ids, states, kinds, keys, provider references');
const SANDBOX = N('the sandbox payment/payout provider’s side (Stripe’s, in production)');
const STAFF = N('staff accounts, not users');
const INVOICE_KEPT = 'an invoice of record: kept 10 years (Belgian VAT code art. 60), with the buyer’s name and address as issued';
const NOTE_KEPT = 'the consignment note (CMR): kept with the job’s accounting, names and addresses as signed';

export const COLUMNS: Record<string, Record<string, ColumnClass>> = {
  kysely_migration: { name: TECH, timestamp: TECH },
  kysely_migration_lock: { id: TECH },
  rate_limits: { key: C('a rate-limit counter keyed by what was typed (an email at sign-in, a phone number): gone after its window; the user’s go at deletion') },
  users: {
    email: E('account'), password_hash: SECRET, first_name: E('account'), last_name: E('account'), cellphone: E('account'), birthday: E('account'),
    country: E('account'), address_formatted: E('account'), role: TECH, locale: TECH,
  },
  companies: { name: E('company'), vat: E('company'), address: E('company'), email: E('company'), invoice_status: TECH },
  oauth_clients: { id: TECH, name: TECH, secret_hash: SECRET, grants: TECH },
  access_tokens: { token_hash: SECRET, client_id: TECH, scope: TECH },
  refresh_tokens: { token_hash: SECRET, client_id: TECH, scope: TECH },
  phone_verifications: { cellphone: C('a number being verified (10 minutes); deleted with the account'), handle: TECH, token_hash: SECRET },
  password_resets: { token_hash: SECRET },
  images: { kind: TECH, format: TECH },
  shipments: {
    reference_id: E('shipments'), state: E('shipments'), insurance: E('shipments'),
    route_points: C('the road line between the two addresses; kept (it shows no more than the towns at the scale drawn)'),
    pickup_timezone: TECH, delivery_timezone: TECH, pickup_place_id: TECH, delivery_place_id: TECH,
    ...Object.fromEntries(['pickup', 'delivery'].flatMap((side) => ['street', 'number', 'box', 'zip', 'city', 'country', 'notes', 'name'].map((f) => [`${side}_${f}`, E('shipments')]))),
  },
  shipment_states: { state: TECH },
  packages: { type: E('packages'), description: E('packages'), notes: E('packages'), tags: TECH, pallet_type: TECH },
  package_photos: {},
  driver_profiles: { kind: E('driver_profile'), company_name: E('driver_profile'), company_number: E('driver_profile'), vat: E('driver_profile'), iban: E('driver_profile'), status: E('driver_profile'), refusal_reason: E('driver_profile') },
  vehicles: { type: E('vehicles'), name: E('vehicles'), plate: E('vehicles'), licence_number: E('vehicles'), licence_expires: E('vehicles') },
  driver_documents: { kind: E('documents'), expires: E('documents'), file_key: TECH, content_type: E('documents'), status: E('documents') },
  document_notices: {},
  board_areas: { kind: TECH },
  ledger_accounts: { code: TECH, kind: TECH },
  ledger_transactions: { idempotency_key: TECH, kind: TECH, memo: N('the movement’s description: job reference and kind, no names') },
  ledger_entries: {},
  payouts: { iban: E('payouts', 'a payout of record (accounting, 10 years)'), provider: TECH, provider_ref: TECH, status: E('payouts'), failure_reason: TECH },
  payees: { provider: TECH, payee_id: TECH, onboarding_url: TECH },
  payout_events: { id: TECH, type: TECH },
  sandbox_payouts: { id: SANDBOX, idempotency_key: SANDBOX, iban: SANDBOX },
  invoice_counters: { series: TECH },
  invoices: {
    source_key: TECH, series: TECH, number: E('invoices'), kind: E('invoices'), issue_date: E('invoices'), due_date: E('invoices'),
    payment_communication: E('invoices'), locale: TECH, document: E('invoices', INVOICE_KEPT), ubl: C(`the same invoice in Peppol UBL (downloadable from the invoices page); ${INVOICE_KEPT}`),
    peppol_status: TECH, peppol_ref: TECH,
  },
  bank_credits: {
    key: TECH, statement_id: TECH, booking_date: TECH, currency: TECH, communication: TECH, remittance: TECH,
    debtor_name: C('the payer on an imported bank statement: an accounting record, kept 10 years'), debtor_iban: C('the payer on an imported bank statement: an accounting record, kept 10 years'),
  },
  refunds: { source_key: TECH, reason: TECH, status: TECH, provider_ref: TECH, failure_reason: TECH },
  driver_cancellations: { reason: E('given_back') },
  driver_actions: { kind: TECH },
  shipment_positions: {},
  offers: { state: E('offers') },
  ratings: {},
  payment_customers: { provider: TECH, customer_id: TECH },
  cards: { card_id: TECH, brand: E('cards'), last4: E('cards') },
  payments: { method: E('payments'), currency: E('payments'), status: E('payments'), provider_ref: TECH, card_id: TECH, redirect_url: TECH, return_url: TECH, failure_message: TECH, recovery_error: TECH },
  payment_receipts: { reference: E('receipts'), driver_name: C('the driver’s name on the sender’s receipt: replaced when the driver deletes their account'), method: E('receipts'), card_last4: E('receipts') },
  payment_events: { id: TECH, type: TECH },
  sandbox_tokens: { id: SANDBOX, test_token: SANDBOX },
  sandbox_idempotency: { key: SANDBOX, result: SANDBOX, error: SANDBOX },
  sandbox_bancontact: { id: SANDBOX, status: SANDBOX, currency: SANDBOX, metadata: SANDBOX, return_url: SANDBOX, description: SANDBOX, kind: SANDBOX },
  sandbox_charges: { id: SANDBOX, idempotency_key: SANDBOX, customer_id: SANDBOX, card_id: SANDBOX },
  sandbox_settings: { name: SANDBOX, value: SANDBOX },
  sandbox_refunds: { id: SANDBOX, idempotency_key: SANDBOX, payment_id: SANDBOX, reason: SANDBOX },
  events: { type: TECH, payload: C('notifications made from the data above (swept after weeks); names in them are replaced at deletion'), message: C('notifications made from the data above; names in them are replaced at deletion'), dedupe_key: TECH },
  shipment_lateness: { leg: TECH },
  messages: { body: E('chat') },
  // Issue 23 part 1: problems with the user's jobs. Their own statements are erased at deletion; staff's
  // decision stays with the job's accounting (refunds, credit notes).
  problems: { kind: E('problems'), package_ids: E('problems'), status: E('problems'), outcome: E('problems'), reason: E('problems', 'staff’s decision on a refund or a release: kept with the credit note and the ledger it moved') },
  problem_statements: { party: TECH, text: E('problem_statements') },
  problem_photos: { file: TECH, content_type: TECH },
  // Issue 23 part 2: restrictions of the user's account, their contests, and proposals about them.
  user_restrictions: { kind: E('restrictions', 'a restriction and its statement of reasons: kept for complaint handling (EU 2019/1150 art. 4 and 11)'), reason: E('restrictions', 'the statement of reasons, as sent'), lift_reason: E('restrictions', 'the statement of reasons, as sent') },
  restriction_contests: { text: E('restriction_contests') },
  restriction_proposals: { kind: E('restriction_proposals'), signal: E('restriction_proposals'), status: E('restriction_proposals'), decision_reason: E('restriction_proposals', 'staff’s decision on an automated proposal: kept (the human review the Platform Work Directive asks for)') },
  conversation_reads: {},
  stream_tokens: { token_hash: SECRET },
  mail_settings: {},
  mail_jobs: { kind: TECH, dedupe_key: TECH, last_error: TECH },
  event_cursors: { name: TECH },
  tracking_links: { token_hash: SECRET },
  social_login_states: { state_hash: SECRET, provider: TECH, sealed: SECRET, redirect: TECH },
  social_login_tickets: {
    ticket_hash: SECRET, provider: TECH, redirect: TECH,
    ...Object.fromEntries(['subject', 'email', 'first_name', 'last_name', 'birthday', 'picture_url'].map((c) => [c, C('a social sign-in in progress (minutes); deleted with the account')])),
  },
  social_identities: { provider: E('social_logins'), subject: E('social_logins') },
  support_requests: { name: E('support_requests'), email: E('support_requests'), topic: E('support_requests'), message: E('support_requests'), locale: TECH, last_error: TECH },
  staff: { email: STAFF, name: STAFF, role: STAFF, password_hash: STAFF, totp_secret: STAFF },
  staff_passkeys: { id: STAFF, transports: STAFF },
  staff_sessions: { token_hash: STAFF, method: STAFF },
  staff_challenges: { id_hash: STAFF, purpose: STAFF, challenge: STAFF },
  staff_setup_tokens: { token_hash: STAFF, totp_secret: STAFF },
  audit_log: {
    action: TECH, subject_type: TECH, prev_hash: TECH, hash: TECH,
    reason: C('staff’s written reason for a decision about a user (append-only, chained by hash): kept as the record of that decision'),
    details: C('ids and kinds of what staff did (append-only, chained by hash)'),
  },
  audit_head: { hash: TECH },
  proofs: { kind: E('proofs'), signer_name: E('proofs'), condition: E('proofs'), reservations: E('proofs'), signature_key: TECH },
  proof_photos: { file_key: TECH },
  note_entries: { kind: TECH, body: E('consignment_notes', NOTE_KEPT), prev_hash: TECH, hash: TECH, jws: C(`the sealed copy of the entry; ${NOTE_KEPT}`) },
  delivery_answers: { outcome: E('delivery_answers'), note: E('delivery_answers') },
  server_keys: { name: TECH, private_jwk: SECRET },
  push_subscriptions: { endpoint: E('push_subscriptions'), p256dh: SECRET, auth: SECRET },
  push_settings: {},
  push_jobs: { kind: TECH, payload: C('a push being sent (minutes): deleted with the subscriptions'), last_error: TECH },
  push_vapid_keys: { public_key: TECH, private_key: SECRET },
};

/** Columns in a legal record that may still hold a deleted user's names (decision 0035). */
export const KEPT_RECORDS: readonly string[] = ['invoices.document', 'invoices.ubl', 'note_entries.body', 'note_entries.jws', 'bank_credits.debtor_name', 'audit_log.reason'];

/** The data.json sections and, per table, the columns that go into them. */
export function exportColumns(): Map<string, { section: string; columns: string[] }> {
  const out = new Map<string, { section: string; columns: string[] }>();
  for (const [table, cols] of Object.entries(COLUMNS)) {
    for (const [column, c] of Object.entries(cols)) {
      if (!('export' in c)) continue;
      const entry = out.get(table) ?? { section: c.export, columns: [] };
      entry.columns.push(column);
      out.set(table, entry);
    }
  }
  return out;
}
