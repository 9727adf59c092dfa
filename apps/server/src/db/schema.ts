import type { DriverDocumentKind, EventType, FixedType, MailKind, PushKind, SupportTopic, InsuranceChoice, ItemType, OfferState, PackageTag, PalletType, PaymentMethodName, ShipmentStateName, VehicleType } from '@vm/domain';
import type { ColumnType, Generated } from 'kysely';

// Kysely's view of the tables (camelCase via CamelCasePlugin). Row types stay inside
// repositories; services and routes see domain types.

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Timestamp = ColumnType<Date, Date, Date>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export type UsersTable = {
  id: Generated<number>;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  cellphone: string;
  birthday: string;
  country: string;
  addressFormatted: string;
  role: 'sender' | 'driver' | 'admin';
  locale: Generated<string>;
  profileImageId: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
};

export type CompaniesTable = {
  userId: number;
  name: string;
  vat: string;
  address: string;
  email: string;
  invoiceStatus: 'requested' | 'approved' | 'rejected' | null;
  updatedAt: Timestamp;
  /** Issue 23: when invoice payment was last asked for (migration 0032). */
  invoiceRequestedAt: NullableTimestamp;
};

export type OauthClientsTable = {
  id: string;
  name: string;
  secretHash: string | null;
  grants: string;
  createdAt: CreatedAt;
};

export type AccessTokensTable = {
  tokenHash: string;
  clientId: string;
  userId: number | null;
  familyId: string | null;
  scope: string;
  expiresAt: Timestamp;
  revokedAt: NullableTimestamp;
  createdAt: CreatedAt;
};

export type RefreshTokensTable = {
  tokenHash: string;
  familyId: string;
  clientId: string;
  userId: number;
  scope: string;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
  revokedAt: NullableTimestamp;
  createdAt: CreatedAt;
};

export type PhoneVerificationsTable = {
  id: string;
  cellphone: string;
  handle: string;
  expiresAt: Timestamp;
  attempts: Generated<number>;
  verifiedAt: NullableTimestamp;
  tokenHash: string | null;
  tokenExpiresAt: NullableTimestamp;
  consumedAt: NullableTimestamp;
  createdAt: CreatedAt;
};

export type PasswordResetsTable = {
  tokenHash: string;
  userId: number;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
  createdAt: CreatedAt;
};

export type ImagesTable = {
  id: string;
  ownerId: number;
  kind: string;
  format: string;
  width: number;
  height: number;
  bytes: number;
  createdAt: CreatedAt;
};

type SideColumns<P extends string> = {
  [K in 'DateFrom' | 'DateTill' as `${P}${K}`]: Timestamp;
} & {
  [K in 'Timezone' | 'Street' | 'Number' | 'Box' | 'Zip' | 'City' | 'Country' | 'Notes' | 'Name' as `${P}${K}`]: string;
} & {
  [K in 'Lat' | 'Lng' as `${P}${K}`]: number;
} & {
  /** The place's id in the postcode data (packages/domain/src/postcodes.ts placeId), null where it does not know the place. */
  [K in 'PlaceId' as `${P}${K}`]: ColumnType<string | null, string | null | undefined, string | null>;
};

export type ShipmentState = ShipmentStateName;

export type ShipmentsTable = {
  id: Generated<number>;
  referenceId: string;
  senderId: number;
  state: ShipmentState;
  insurance: InsuranceChoice;
  routePoints: string;
  routeDistance: number;
  routeDuration: number;
  routeEstimated: boolean;
  driverRouteDistance: number | null;
  driverRouteDuration: number | null;
  currentLat: number | null;
  currentLng: number | null;
  /** The current position's accuracy (metres, as the phone reported it) and when the phone took it. */
  currentAccuracyM: ColumnType<number | null, number | null | undefined, number | null>;
  currentAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revision: Generated<number>;
  acceptedOfferId: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
} & LoadColumns &
  SideColumns<'pickup'> &
  SideColumns<'delivery'>;

// Issue 21, job board (migration 0018): a shipment's load summary (packages/domain job-board.ts
// loadSummary), written with its packages, and each driver's last board area.
export type LoadColumns = {
  [K in 'WeightKg' | 'LongCm' | 'MidCm' | 'ShortCm' | 'Pallets' | 'PalletLongCm' | 'PalletShortCm' | 'PalletHeightCm' as `load${K}`]: ColumnType<number, number | undefined, number>;
};
export type BoardAreasTable = {
  driverId: number;
  kind: 'position' | 'route';
  /** The position, or the route's start. */
  lat: number;
  lng: number;
  toLat: number | null;
  toLng: number | null;
  /** The radius, or the detour. */
  km: number;
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
  updatedAt: Timestamp;
};

export type ShipmentStatesTable = { id: Generated<number>; shipmentId: number; state: ShipmentState; createdAt: Timestamp };

export type PackagesTable = {
  id: Generated<number>;
  shipmentId: number;
  position: number;
  type: FixedType | ItemType;
  description: string;
  notes: string;
  width: number;
  height: number;
  length: number;
  weight: number;
  tags: ColumnType<PackageTag[], string, string>;
  palletType: PalletType | null;
  mustBeTraded: boolean;
};

export type PackagePhotosTable = { packageId: number; imageId: string; position: number };

/** A driver's business details and verification (issue 21); drivers made before it have none. */
export type DriverProfilesTable = {
  userId: number;
  kind: 'person' | 'company';
  companyName: string;
  companyNumber: string;
  vat: string;
  vatExempt: boolean;
  iban: string;
  status: 'incomplete' | 'pending' | 'approved' | 'refused';
  refusalReason: string | null;
  /** When the driver accepted the self-billing agreement (issue 22): their invoices are written by the platform from then on. */
  selfBillingAcceptedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

export type VehiclesTable = {
  id: Generated<number>;
  driverId: number;
  type: VehicleType;
  name: string;
  plate: Generated<string>;
  payloadKg: Generated<number>;
  maxMassKg: Generated<number>;
  loadLengthCm: Generated<number>;
  loadWidthCm: Generated<number>;
  loadHeightCm: Generated<number>;
  /** '' when the vehicle needs no transport licence. */
  licenceNumber: Generated<string>;
  /** 'YYYY-MM-DD', or ''. */
  licenceExpires: Generated<string>;
  createdAt: CreatedAt;
  /** Taken out of use by the driver; kept because offers name it. */
  removedAt: Timestamp | null;
};

export type DriverDocumentsTable = {
  id: Generated<number>;
  driverId: number;
  kind: DriverDocumentKind;
  /** 'YYYY-MM-DD', the last day the document is valid. */
  expires: string;
  fileKey: string;
  contentType: string;
  sizeBytes: number;
  /** Staff's review of this version; only accepted documents count for bidding. */
  status: 'pending' | 'accepted' | 'refused';
  uploadedAt: Timestamp;
  reviewedAt: Timestamp | null;
};

/** Issue 22, the ledger (decision 0031): the platform's accounts and one per sender or driver that has money. */
export type LedgerAccountKind =
  | 'provider_clearing'
  | 'bank'
  | 'held'
  | 'vat_payable'
  | 'vat_receivable'
  | 'revenue_commission'
  | 'revenue_insurance'
  | 'revenue_cancellation'
  | 'payouts_in_transit'
  | 'driver_payable'
  | 'sender_receivable';
export type LedgerAccountsTable = { id: Generated<number>; code: string; kind: LedgerAccountKind; userId: number | null; createdAt: Timestamp };
export type LedgerTransactionKind = 'charge' | 'release' | 'refund' | 'cancellation_fee' | 'payout' | 'payout_paid' | 'payout_failed' | 'bank_payment';
/** One balanced movement, taken once by its key; never changed (the database refuses). */
export type LedgerTransactionsTable = { id: Generated<number>; idempotencyKey: string; kind: LedgerTransactionKind; shipmentId: number | null; memo: string; createdAt: Timestamp };
/** Signed cents: a debit is positive, a credit negative; a transaction's sum to zero (bigint, read as a number: database.ts). */
export type LedgerEntriesTable = {
  id: Generated<number>;
  transactionId: number;
  accountId: number;
  shipmentId: number | null;
  amountCents: number;
  createdAt: Timestamp;
};

/** Issue 22 part 3: payouts to drivers, claimed before the provider is called (one open per driver). */
export type PayoutsTable = {
  id: Generated<number>;
  driverId: number;
  amountCents: number;
  iban: string;
  provider: string;
  providerRef: string | null;
  status: 'claimed' | 'pending' | 'paid' | 'failed';
  failureReason: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};
export type PayeesTable = { driverId: number; provider: string; payeeId: string; onboardingUrl: string | null; createdAt: Timestamp };
/** Issue 22 part 5: invoices of record, numbered without gaps per series and year (decision 0033). */
export type InvoiceSeriesName = 'sales' | 'sales_credit' | 'self_billed' | 'self_billed_credit';
export type InvoiceCountersTable = { series: InvoiceSeriesName; year: number; lastNumber: number };
export type InvoicesTable = {
  id: Generated<number>;
  sourceKey: string;
  series: InvoiceSeriesName;
  year: number;
  sequence: number;
  number: string;
  kind: 'invoice' | 'credit_note' | 'self_billed_invoice' | 'self_billed_credit_note';
  userId: number;
  shipmentId: number | null;
  correctsId: number | null;
  issueDate: string;
  dueDate: string | null;
  paymentCommunication: string | null;
  netCents: number;
  vatCents: number;
  totalCents: number;
  payableCents: number;
  paidAt: NullableTimestamp;
  locale: string;
  /** The EInvoiceDoc as JSON text (text, so the CamelCasePlugin leaves its keys alone). */
  document: string;
  ubl: string | null;
  peppolStatus: 'none' | 'pending' | 'sent' | 'failed';
  peppolRef: string | null;
  remindedAt: NullableTimestamp;
  /** Issue 23: reminders sent for it (migration 0032). */
  remindersSent: Generated<number>;
  /** What bank transfers brought in for it (migration 0025). */
  receivedCents: Generated<number>;
  createdAt: Timestamp;
};
/** A credit from an imported bank statement, once per statement and bank reference; invoiceId null: staff must place it. */
export type BankCreditsTable = {
  id: Generated<number>;
  key: string;
  statementId: string;
  bookingDate: string;
  amountCents: number;
  currency: string;
  communication: string | null;
  debtorName: string | null;
  debtorIban: string | null;
  remittance: string | null;
  invoiceId: number | null;
  importedBy: number | null;
  createdAt: Timestamp;
};
/** Issue 22 part 4: refunds, claimed before the provider is called (migration 0027). */
export type RefundsTable = {
  id: Generated<number>;
  sourceKey: string;
  paymentId: number;
  shipmentId: number;
  amountCents: number;
  /** not_accepted: the provider took money for a payment the job could not keep (cancelled or moved on meanwhile). */
  reason: 'sender_cancelled' | 'driver_cancelled' | 'staff' | 'not_accepted';
  status: 'pending' | 'succeeded' | 'failed';
  providerRef: string | null;
  failureReason: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};
// Issue 23 part 2 (migration 0031): restrictions, their contests, and proposals from automated signals.
export type UserRestrictionsTable = {
  id: Generated<number>;
  userId: number;
  kind: 'restrict' | 'suspend';
  reason: string;
  startsAt: Timestamp;
  endsAt: NullableTimestamp;
  createdBy: number;
  proposalId: number | null;
  liftedAt: NullableTimestamp;
  liftedBy: number | null;
  liftReason: string | null;
};
export type RestrictionContestsTable = { id: Generated<number>; restrictionId: number; text: string; createdAt: Timestamp };
export type RestrictionProposalsTable = {
  id: Generated<number>;
  userId: number;
  kind: 'restrict' | 'suspend';
  signal: 'given_back';
  count: number;
  windowDays: number;
  createdAt: Timestamp;
  status: 'open' | 'accepted' | 'declined';
  decidedAt: NullableTimestamp;
  decidedBy: number | null;
  decisionReason: string | null;
  restrictionId: number | null;
};
export type DriverCancellationsTable = { id: Generated<number>; driverId: number; shipmentId: number; reason: string; createdAt: Timestamp };
/** Issue 23 part 1: problems and claims (migration 0029). */
export type ProblemsTable = {
  id: Generated<number>;
  shipmentId: number;
  kind: 'damage' | 'loss' | 'lateness' | 'no_show' | 'other';
  packageIds: Json<number[]>;
  status: 'open' | 'decided';
  reportedAt: Timestamp;
  outcome: 'release' | 'refund' | 'insurance' | null;
  reason: string | null;
  refundCents: number | null;
  releasedCents: number | null;
  driverPriceCents: number | null;
  decidedBy: number | null;
  decidedAt: Timestamp | null;
  settledAt: Timestamp | null;
};
export type ProblemStatementsTable = { id: Generated<number>; problemId: number; party: 'sender' | 'driver'; text: string; createdAt: Timestamp };
export type ProblemPhotosTable = { id: Generated<number>; statementId: number; packageId: number | null; file: string; contentType: string };
/** Issue 22 part 6: the payout provider's webhook events, each applied once. */
export type PayoutEventsTable = { id: string; type: string; receivedAt: Timestamp };
export type SandboxPayoutsTable = { id: string; idempotencyKey: string; iban: string; amountCents: number; createdAt: Timestamp };

/** A driver's action sent with an id the phone made: taken once, however often it is sent. */
export type DriverActionsTable = { clientId: string; driverId: number; shipmentId: number; kind: 'state' | 'location'; createdAt: Timestamp };

/** Every position a driver sent, with its accuracy and the time the phone took it. */
export type ShipmentPositionsTable = {
  id: Generated<string>;
  shipmentId: number;
  lat: number;
  lng: number;
  accuracyM: number | null;
  recordedAt: Timestamp;
  receivedAt: Timestamp;
};

export type DocumentNoticesTable = { documentId: number; days: number; sentAt: Timestamp };

export type { OfferState };
export type OffersTable = {
  id: Generated<number>;
  shipmentId: number;
  driverId: number;
  priceCents: number;
  state: OfferState;
  /** The offer that took this one's place when the driver changed the price. */
  replacedBy: number | null;
  /** The vehicle the driver offered with (null for offers made before drivers had several). */
  vehicleId: number | null;
  /** Issue 22: the platform's commission the driver was shown, in basis points (null before it existed). */
  commissionBp: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

export type RatingsTable = { id: Generated<number>; shipmentId: number; authorId: number; ratingableId: number; rating: number; createdAt: Timestamp };

export type PaymentCustomersTable = { userId: number; provider: string; customerId: string };

export type CardsTable = { userId: number; cardId: string; brand: string; last4: string; expMonth: number; expYear: number; createdAt: Timestamp };

export type PaymentMethod = PaymentMethodName;
export type PaymentStatusColumn = 'pending' | 'succeeded' | 'failed' | 'refunded';
export type PaymentsTable = {
  id: Generated<number>;
  shipmentId: number;
  offerId: number;
  userId: number;
  method: PaymentMethod;
  amountCents: number;
  currency: string;
  status: PaymentStatusColumn;
  providerRef: string | null;
  cardId: ColumnType<string | null, string | null | undefined, string | null>;
  /** The bank page of a redirect payment (Bancontact), for "continue paying". */
  redirectUrl: ColumnType<string | null, string | null | undefined, string | null>;
  /** Where a card payment's 3-D Secure challenge returns to (kept so a retried charge sends the same parameters). */
  returnUrl: ColumnType<string | null, string | null | undefined, string | null>;
  failureMessage: string | null;
  /** How often the recovery of this pending payment failed, and why the last time (the second failure tells staff). */
  recoveryFailures: ColumnType<number, number | undefined, number>;
  recoveryError: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

/** The receipt of a succeeded payment, as it was then (what the receipt page and mail show); amounts in cents. */
export type PaymentReceiptsTable = {
  paymentId: number;
  shipmentId: number;
  userId: number;
  reference: string;
  driverName: string;
  totalCents: number;
  vatPercent: number;
  vatAmountCents: number;
  method: PaymentMethod;
  cardLast4: string | null;
  paidAt: Timestamp;
};

export type PaymentEventsTable = { id: string; type: string; receivedAt: Timestamp };

// The sandbox provider's side (Stripe's, in production). JSON is kept as text so the CamelCasePlugin
// leaves the keys inside it alone.
export type SandboxTokensTable = { id: string; testToken: string; expMonth: number; expYear: number; expiresAt: Timestamp };
export type SandboxIdempotencyTable = { key: string; result: string | null; error: string | null; createdAt: Timestamp };
export type SandboxBancontactTable = {
  id: string;
  status: 'pending' | 'succeeded' | 'failed';
  amountCents: number;
  currency: string;
  metadata: string;
  returnUrl: string;
  description: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  /** A Bancontact bank page or a card's 3-D Secure challenge. */
  kind: ColumnType<'bancontact' | 'card_challenge', 'bancontact' | 'card_challenge' | undefined, never>;
};
export type SandboxChargesTable = { id: string; idempotencyKey: string; customerId: string; cardId: string; amountCents: number; createdAt: Timestamp };
export type SandboxSettingsTable = { name: string; value: string };
export type SandboxRefundsTable = { id: string; idempotencyKey: string; paymentId: string; amountCents: number; reason: string; createdAt: Timestamp };

type Json<T> = ColumnType<T, string, string>;

export type EventsTable = {
  id: Generated<number>;
  userId: number;
  type: EventType;
  shipmentId: number | null;
  payload: Json<unknown>;
  message: Json<Record<string, string>>;
  listed: boolean;
  createdAt: Timestamp;
  readAt: NullableTimestamp;
  dedupeKey: string | null;
};

/** A leg found late, once: the arrival then expected (the shipment read shows it). */
export type ShipmentLatenessTable = { shipmentId: number; leg: 'pickup' | 'delivery'; eta: Timestamp; createdAt: Timestamp };

export type MessagesTable = { id: Generated<number>; shipmentId: number; authorId: number; body: string; createdAt: Timestamp };
export type ConversationReadsTable = { shipmentId: number; userId: number; lastReadId: number };
export type StreamTokensTable = { tokenHash: string; userId: number; expiresAt: Timestamp; usedAt: NullableTimestamp };
export type MailSettingsTable = { userId: number; offerReceived: Generated<boolean>; offerAccepted: Generated<boolean>; delivered: Generated<boolean>; chatUnread: Generated<boolean> };
/** A mail job's kind: a notification a user can switch off, or the welcome mail (always sent). */
/** 'welcome' and 'driver_account' (a driver's verification and documents) are not notifications: no setting turns them off. */
/** 'problem': issue 23's problems and decisions; 'account': its restriction mails; 'company_invoice': staff's decision on invoice payment. */
export type MailJobKind = MailKind | 'welcome' | 'driver_account' | 'problem' | 'account' | 'company_invoice';
export type MailJobsTable = {
  id: Generated<number>;
  userId: number;
  kind: MailJobKind;
  shipmentId: number | null;
  eventId: number;
  dedupeKey: string;
  sendAfter: Timestamp;
  sentAt: NullableTimestamp;
  cancelledAt: NullableTimestamp;
  attempts: Generated<number>;
  lastError: string | null;
  createdAt: Timestamp;
};
export type EventCursorsTable = { name: string; lastId: number };
export type TrackingLinksTable = { tokenHash: string; shipmentId: number; createdAt: Timestamp; revokedAt: NullableTimestamp };

export type SocialLoginStatesTable = {
  stateHash: string;
  provider: string;
  sealed: string;
  redirect: string;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
  createdAt: CreatedAt;
};

export type SocialLoginTicketsTable = {
  ticketHash: string;
  provider: string;
  subject: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  birthday: string | null;
  pictureUrl: string | null;
  redirect: string;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
  createdAt: CreatedAt;
};

export type SocialIdentitiesTable = {
  provider: string;
  subject: string;
  userId: number;
  createdAt: CreatedAt;
};

/** A contact-form request (issue 20): kept, and mailed to the support address as its own job. */
export type SupportRequestsTable = {
  id: Generated<number>;
  userId: number | null;
  shipmentId: number | null;
  name: string;
  email: string;
  topic: SupportTopic;
  message: string;
  locale: string;
  sendAfter: Timestamp;
  sentAt: NullableTimestamp;
  attempts: Generated<number>;
  lastError: string | null;
  createdAt: Timestamp;
};

// Staff sign-in and the audit log (issue 21, staff part; migration 0016).
export type StaffTable = {
  id: Generated<number>;
  email: string;
  name: string;
  role: 'support' | 'finance' | 'admin';
  passwordHash: string | null;
  totpSecret: string | null;
  totpLastStep: number | null;
  createdAt: Timestamp;
  disabledAt: NullableTimestamp;
};

export type StaffPasskeysTable = {
  id: string;
  staffId: number;
  publicKey: Uint8Array;
  counter: number;
  transports: string;
  createdAt: Timestamp;
  lastUsedAt: NullableTimestamp;
};

export type StaffSessionsTable = {
  id: Generated<number>;
  tokenHash: string;
  staffId: number;
  method: 'password' | 'passkey';
  createdAt: Timestamp;
  lastSeenAt: Timestamp;
  expiresAt: Timestamp;
  revokedAt: NullableTimestamp;
};

export type StaffChallengesTable = {
  idHash: string;
  purpose: 'register' | 'sign_in';
  challenge: string;
  staffId: number | null;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
};

export type StaffSetupTokensTable = {
  tokenHash: string;
  staffId: number;
  totpSecret: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
};

export type AuditLogTable = {
  id: number;
  at: Timestamp;
  staffId: number | null;
  action: string;
  subjectType: string | null;
  subjectId: number | null;
  reason: string | null;
  details: ColumnType<Record<string, unknown>, string, never>;
  prevHash: string;
  hash: string;
};

export type AuditHeadTable = { id: number; lastId: number; hash: string };

// Issue 21 part 3: proofs, the consignment note, the sender's answer after delivery, server keys
export type ProofsTable = {
  id: Generated<number>;
  shipmentId: number;
  driverId: number;
  kind: 'pickup' | 'delivery';
  clientId: string;
  signerName: string;
  condition: 'good' | 'reservations';
  reservations: string;
  takenAt: Timestamp;
  lat: number;
  lng: number;
  accuracyM: number;
  signatureKey: string;
  createdAt: Timestamp;
};
export type ProofPhotosTable = { proofId: number; packageId: number; fileKey: string; position: number };
export type NoteEntriesTable = {
  shipmentId: number;
  seq: number;
  kind: string;
  body: ColumnType<unknown, string, string>;
  prevHash: string;
  hash: string;
  jws: string;
  createdAt: Timestamp;
};
export type DeliveryAnswersTable = { shipmentId: number; outcome: 'confirmed' | 'problem'; note: string; answeredAt: Timestamp };
export type ServerKeysTable = { name: string; privateJwk: string; createdAt: Timestamp };

// Issue 21 part 4: Web Push (migration 0019).
export type PushSubscriptionsTable = {
  id: Generated<number>;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: Timestamp;
  lastSuccessAt: NullableTimestamp;
  failures: Generated<number>;
};
export type PushSettingsTable = { userId: number; newJob: Generated<boolean>; offerResult: Generated<boolean>; chatMessage: Generated<boolean>; documentExpiring: Generated<boolean>; jobProblem: Generated<boolean> };
export type PushJobsTable = {
  id: Generated<number>;
  subscriptionId: number;
  eventId: number;
  kind: PushKind;
  payload: string;
  sendAfter: Timestamp;
  sentAt: NullableTimestamp;
  cancelledAt: NullableTimestamp;
  attempts: Generated<number>;
  lastError: string | null;
  createdAt: Timestamp;
};
export type PushVapidKeysTable = { id: number; publicKey: string; privateKey: string; createdAt: Timestamp };

export type Database = {
  // Staff and audit (issue 21, staff part)
  staff: StaffTable;
  staffPasskeys: StaffPasskeysTable;
  staffSessions: StaffSessionsTable;
  staffChallenges: StaffChallengesTable;
  staffSetupTokens: StaffSetupTokensTable;
  auditLog: AuditLogTable;
  auditHead: AuditHeadTable;
  // Issue 21 part 3 (proofs, consignment note)
  proofs: ProofsTable;
  proofPhotos: ProofPhotosTable;
  noteEntries: NoteEntriesTable;
  deliveryAnswers: DeliveryAnswersTable;
  serverKeys: ServerKeysTable;
  boardAreas: BoardAreasTable; // issue 21, job board
  // Issue 21 part 4: Web Push.
  pushSubscriptions: PushSubscriptionsTable;
  pushSettings: PushSettingsTable;
  pushJobs: PushJobsTable;
  pushVapidKeys: PushVapidKeysTable;
  supportRequests: SupportRequestsTable;
  socialLoginStates: SocialLoginStatesTable;
  socialLoginTickets: SocialLoginTicketsTable;
  socialIdentities: SocialIdentitiesTable;
  events: EventsTable;
  messages: MessagesTable;
  conversationReads: ConversationReadsTable;
  streamTokens: StreamTokensTable;
  mailSettings: MailSettingsTable;
  mailJobs: MailJobsTable;
  eventCursors: EventCursorsTable;
  trackingLinks: TrackingLinksTable;
  vehicles: VehiclesTable;
  driverProfiles: DriverProfilesTable;
  driverDocuments: DriverDocumentsTable;
  documentNotices: DocumentNoticesTable;
  driverActions: DriverActionsTable;
  ledgerAccounts: LedgerAccountsTable;
  ledgerTransactions: LedgerTransactionsTable;
  ledgerEntries: LedgerEntriesTable;
  payouts: PayoutsTable;
  payoutEvents: PayoutEventsTable;
  payees: PayeesTable;
  sandboxPayouts: SandboxPayoutsTable;
  invoiceCounters: InvoiceCountersTable;
  invoices: InvoicesTable;
  bankCredits: BankCreditsTable;
  refunds: RefundsTable;
  driverCancellations: DriverCancellationsTable;
  problems: ProblemsTable;
  problemStatements: ProblemStatementsTable;
  problemPhotos: ProblemPhotosTable;
  userRestrictions: UserRestrictionsTable; // issue 23 part 2
  restrictionContests: RestrictionContestsTable;
  restrictionProposals: RestrictionProposalsTable;
  shipmentPositions: ShipmentPositionsTable;
  offers: OffersTable;
  ratings: RatingsTable;
  paymentCustomers: PaymentCustomersTable;
  cards: CardsTable;
  payments: PaymentsTable;
  paymentReceipts: PaymentReceiptsTable;
  shipmentLateness: ShipmentLatenessTable;
  paymentEvents: PaymentEventsTable;
  sandboxTokens: SandboxTokensTable;
  sandboxIdempotency: SandboxIdempotencyTable;
  sandboxBancontact: SandboxBancontactTable;
  sandboxCharges: SandboxChargesTable;
  sandboxSettings: SandboxSettingsTable;
  sandboxRefunds: SandboxRefundsTable;
  shipments: ShipmentsTable;
  shipmentStates: ShipmentStatesTable;
  packages: PackagesTable;
  packagePhotos: PackagePhotosTable;
  users: UsersTable;
  companies: CompaniesTable;
  oauthClients: OauthClientsTable;
  accessTokens: AccessTokensTable;
  refreshTokens: RefreshTokensTable;
  phoneVerifications: PhoneVerificationsTable;
  passwordResets: PasswordResetsTable;
  images: ImagesTable;
};
