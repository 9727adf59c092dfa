import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { VEHICLE_TYPES, type VehicleType } from './offer.ts';
import { registerUserSchema } from './user.ts';
import { belgianMod97Ok, checkVat } from './vat.ts';
import { lineText } from './wire.ts';

// Issue 21, joining: the rules a driver's account, vehicles and documents are checked by, before
// any screen or route uses them. Dates are local calendar days ('YYYY-MM-DD'), compared as text.

export type CompanyNumberCheck = { ok: true; value: string } | { ok: false; problem: 'company_number_format' | 'company_number_checksum' };

/**
 * A Belgian enterprise number (KBO/BCE): 10 digits starting with 0 or 1, as people write it
 * ("0403.170.701", "BE 0403 170 701"); an old 9-digit number gets its leading 0.
 */
export function checkCompanyNumber(input: string): CompanyNumberCheck {
  const digits = input.toUpperCase().replace(/[\s.\-/]/g, '').replace(/^BE/, '');
  const ten = /^\d{9}$/.test(digits) ? `0${digits}` : digits;
  if (!/^[01]\d{9}$/.test(ten)) return { ok: false, problem: 'company_number_format' };
  if (!belgianMod97Ok(ten)) return { ok: false, problem: 'company_number_checksum' };
  return { ok: true, value: ten };
}

export type IbanCheck = { ok: true; value: string } | { ok: false; problem: 'iban_invalid' };

/** An IBAN of any country, by its country's length and format and its check digits (ibantools); stored without spaces. */
export function checkIban(input: string): IbanCheck {
  const value = electronicFormatIBAN(input.trim()) ?? '';
  return value && isValidIBAN(value) ? { ok: true, value } : { ok: false, problem: 'iban_invalid' };
}

export const DRIVER_KINDS = ['person', 'company'] as const;

/**
 * What a driver adds to an account when joining: as a person (a sole trader) or for a company, the
 * enterprise number (every carrier for hire has one), a VAT number or the small-business exemption
 * (a Belgian VAT number is BE plus the same enterprise number), and the IBAN payouts go to. Values
 * come out normalised (10-digit number, VAT and IBAN without spaces).
 */
export const driverAccountSchema = z
  .object({
    kind: z.enum(DRIVER_KINDS, { error: 'required' }),
    company_name: lineText(200).default(''),
    company_number: z.string({ error: 'required' }).max(30),
    vat: z.string().max(30).default(''),
    vat_exempt: z.boolean().default(false),
    iban: z.string({ error: 'required' }).max(50),
    /** Issue 22: the self-billing agreement (art. 53 §2 Belgian VAT Code); joining needs it. */
    self_billing_accepted: z.boolean().default(false),
  })
  .superRefine((d, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (d.kind === 'company' && !d.company_name) issue('company_name', 'required');
    const number = checkCompanyNumber(d.company_number);
    if (!number.ok) issue('company_number', number.problem);
    if (d.vat_exempt) {
      if (d.vat.trim()) issue('vat', 'vat_with_exemption');
    } else if (!d.vat.trim()) issue('vat', 'required');
    else {
      const vat = checkVat(d.vat);
      if (!vat.ok) issue('vat', vat.problem);
      else if (number.ok && vat.countryCode === 'BE' && vat.number !== number.value) issue('vat', 'vat_not_company');
    }
    const iban = checkIban(d.iban);
    if (!iban.ok) issue('iban', iban.problem);
    if (!d.self_billing_accepted) issue('self_billing_accepted', 'self_billing_required');
  })
  .transform((d) => {
    const number = checkCompanyNumber(d.company_number);
    const vat = d.vat_exempt ? null : checkVat(d.vat);
    const iban = checkIban(d.iban);
    return {
      ...d,
      company_name: d.kind === 'company' ? d.company_name : '',
      company_number: number.ok ? number.value : d.company_number,
      vat: vat?.ok ? vat.value : '',
      iban: iban.ok ? iban.value : d.iban,
    };
  });
export type DriverAccount = z.output<typeof driverAccountSchema>;

export const DRIVER_DOCUMENT_KINDS = ['driving_licence', 'cmr_insurance', 'transport_licence'] as const;
export type DriverDocumentKind = (typeof DRIVER_DOCUMENT_KINDS)[number];

export const DRIVER_STATUSES = ['incomplete', 'pending', 'approved', 'refused'] as const;

/** GET /api/driver/profile: the driver's own business details and where staff's verification stands. */
export const driverProfileReadSchema = z.object({
  kind: z.enum(DRIVER_KINDS),
  company_name: z.string(),
  company_number: z.string(),
  vat: z.string(),
  vat_exempt: z.boolean(),
  iban: z.string(),
  status: z.enum(DRIVER_STATUSES),
  refusal_reason: z.string().nullable(),
  /** What is still needed before staff can be asked: vehicles in use and the documents not on file. */
  vehicles: z.number().int(),
  missing_documents: z.array(z.enum(DRIVER_DOCUMENT_KINDS)),
  /** Issue 22: the platform's commission on the driver's price, shown before bidding (percent). */
  commission_percent: z.number(),
  /** Issue 22: when the driver accepted the self-billing agreement (Unix seconds), null while they have not. */
  self_billing_accepted_at: z.number().int().nullable(),
});
export type DriverProfileRead = z.infer<typeof driverProfileReadSchema>;

/** POST /api/driver/profile/self-billing: a driver who joined before the agreement existed accepts it. */
export const selfBillingAcceptSchema = z.object({ accept: z.literal(true, { error: 'self_billing_required' }) });
export type SelfBillingAccept = z.infer<typeof selfBillingAcceptSchema>;

/** POST /api/driver/register: the account a sender makes (phone verified, SPEC section 5) plus the driver's part. */
export const driverRegistrationSchema = (now: () => Date = () => new Date()) => registerUserSchema(now).safeExtend({ driver: driverAccountSchema });
export type DriverRegistration = z.output<ReturnType<typeof driverRegistrationSchema>>;

/**
 * Hauling for hire needs a road-haulage licence above these (Belgian federal rule: more than 500 kg
 * payload; Flanders and Brussels also count vehicles over 2.5 t maximum authorised mass).
 */
export const TRANSPORT_LICENCE_FROM = { payloadKg: 500, maxMassKg: 2500 } as const;

export const needsTransportLicence = (v: { payload_kg: number; max_mass_kg: number }) => v.payload_kg > TRANSPORT_LICENCE_FROM.payloadKg || v.max_mass_kg > TRANSPORT_LICENCE_FROM.maxMassKg;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date_invalid');
const whole = (max: number) => z.number({ error: 'required' }).int('number_whole').min(1, 'dimension_min').max(max, 'dimension_max');

/** A driver's vehicle as entered; a vehicle the licence rule names must carry the licence's number and expiry. */
export const vehicleInputSchema = z
  .object({
    type: z.enum(VEHICLE_TYPES, { error: 'required' }),
    /** Make and model as senders see it on an offer ("Ford Transit"). */
    name: lineText(60).min(1, 'required'),
    /** The registration plate as written on it ("1-ABC-123"); letters and digits, stored upper case. */
    plate: z
      .string({ error: 'required' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9 -]{0,12}[A-Z0-9]$/, 'plate_invalid'),
    payload_kg: whole(40_000),
    max_mass_kg: whole(44_000),
    /** Load space inside, in cm. */
    load_length_cm: whole(1_400),
    load_width_cm: whole(260),
    load_height_cm: whole(400),
    licence_number: z.string().trim().max(40).default(''),
    licence_expires: isoDay.or(z.literal('')).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.max_mass_kg < v.payload_kg) ctx.addIssue({ code: 'custom', path: ['max_mass_kg'], message: 'mass_below_payload' });
    if (!needsTransportLicence(v)) return;
    if (!v.licence_number) ctx.addIssue({ code: 'custom', path: ['licence_number'], message: 'licence_required' });
    if (!v.licence_expires) ctx.addIssue({ code: 'custom', path: ['licence_expires'], message: 'licence_required' });
  });
export type VehicleInput = z.infer<typeof vehicleInputSchema>;

export type DriverDocument = { kind: DriverDocumentKind; expires: string };

/** Usual sizes of each vehicle type: the form's starting values, and what staff-made drivers get. */
export const TYPICAL_VEHICLES: Record<VehicleType, Pick<VehicleInput, 'payload_kg' | 'max_mass_kg' | 'load_length_cm' | 'load_width_cm' | 'load_height_cm'>> = {
  car: { payload_kg: 500, max_mass_kg: 2000, load_length_cm: 180, load_width_cm: 120, load_height_cm: 100 },
  van: { payload_kg: 1200, max_mass_kg: 3500, load_length_cm: 340, load_width_cm: 170, load_height_cm: 180 },
  small_truck: { payload_kg: 3000, max_mass_kg: 7200, load_length_cm: 500, load_width_cm: 220, load_height_cm: 230 },
  truck: { payload_kg: 6000, max_mass_kg: 12000, load_length_cm: 720, load_width_cm: 245, load_height_cm: 260 },
};

/** The documents a driver with these vehicles must hold: a licence to drive, CMR cover, and the transport licence where a vehicle needs one. */
export function requiredDocuments(vehicles: readonly Pick<VehicleInput, 'payload_kg' | 'max_mass_kg'>[]): DriverDocumentKind[] {
  return vehicles.some(needsTransportLicence) ? ['driving_licence', 'cmr_insurance', 'transport_licence'] : ['driving_licence', 'cmr_insurance'];
}

export type BidBlock =
  | { reason: 'not_approved' }
  | { reason: 'document_missing'; kind: DriverDocumentKind }
  | { reason: 'document_expired'; kind: DriverDocumentKind; expired: string }
  | { reason: 'licence_missing' }
  | { reason: 'licence_expired'; expired: string };

/**
 * Why a driver may not bid with a vehicle today, or null when they may: staff approved them, each
 * document the vehicle calls for is on file and not expired (a document valid through today still
 * counts), and a vehicle the licence rule names has its licence and it has not expired.
 */
export function bidBlock(driver: { approved: boolean; documents: readonly DriverDocument[] }, vehicle: VehicleInput, today: string): BidBlock | null {
  if (!driver.approved) return { reason: 'not_approved' };
  for (const kind of requiredDocuments([vehicle])) {
    const held = driver.documents.filter((d) => d.kind === kind);
    if (held.length === 0) return { reason: 'document_missing', kind };
    const latest = held.map((d) => d.expires).sort().at(-1)!;
    if (latest < today) return { reason: 'document_expired', kind, expired: latest };
  }
  if (needsTransportLicence(vehicle)) {
    if (!vehicle.licence_number || !vehicle.licence_expires) return { reason: 'licence_missing' };
    if (vehicle.licence_expires < today) return { reason: 'licence_expired', expired: vehicle.licence_expires };
  }
  return null;
}

/** Days before an expiry on which the driver is told (issue 21: 30 and 7 days before). */
export const EXPIRY_NOTICE_DAYS = [30, 7] as const;

const dayNumber = (day: string) => Math.round(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000);

/**
 * The notice a document is due for today: 7 from a week before its expiry, 30 from a month before,
 * none once it has expired (bids stop then) or while it is further off. A day the daily check
 * missed is caught up the next day; the sender of notices sends each (document, notice) once.
 */
export function expiryNoticeDue(expires: string, today: string): (typeof EXPIRY_NOTICE_DAYS)[number] | null {
  const left = dayNumber(expires) - dayNumber(today);
  if (left < 0) return null;
  return [...EXPIRY_NOTICE_DAYS].sort((a, b) => a - b).find((d) => left <= d) ?? null;
}

/** A vehicle as its driver and staff read it: what was entered, its id, and whether the licence rule names it. */
export const vehicleReadSchema = z.object({
  id: z.number().int(),
  type: z.enum(VEHICLE_TYPES),
  name: z.string(),
  plate: z.string(),
  payload_kg: z.number().int(),
  max_mass_kg: z.number().int(),
  load_length_cm: z.number().int(),
  load_width_cm: z.number().int(),
  load_height_cm: z.number().int(),
  licence_number: z.string(),
  licence_expires: z.string(),
  needs_licence: z.boolean(),
});
export type VehicleRead = z.infer<typeof vehicleReadSchema>;

export const DOCUMENT_STATUSES = ['pending', 'accepted', 'refused'] as const;
/** What a document file may be: a scan or photo, at most this big. */
export const DOCUMENT_FILE = { types: ['application/pdf', 'image/jpeg', 'image/png'], maxBytes: 10 * 1024 * 1024 } as const;

/** POST /api/driver/documents `content` field: which document, valid through which day, and the file field's name. */
export const documentUploadSchema = z.object({
  kind: z.enum(DRIVER_DOCUMENT_KINDS, { error: 'required' }),
  expires: isoDay,
  file: lineText(100).min(1, 'file_missing'),
});
export type DocumentUpload = z.infer<typeof documentUploadSchema>;

export const driverDocumentReadSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DRIVER_DOCUMENT_KINDS),
  expires: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  content_type: z.string(),
  size_bytes: z.number().int(),
  uploaded_at: z.number().int(),
});
export type DriverDocumentRead = z.infer<typeof driverDocumentReadSchema>;

/** GET /api/driver/documents: every version the driver uploaded (newest first) and the kinds their vehicles call for. */
export const driverDocumentsReadSchema = z.object({ documents: z.array(driverDocumentReadSchema), required: z.array(z.enum(DRIVER_DOCUMENT_KINDS)) });

/** Staff's decision on a driver waiting for verification; a refusal says why, in words the driver reads. */
export const driverDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({ decision: z.literal('refuse'), reason: lineText(1000).min(10, 'reason_too_short') }),
]);
export type DriverDecision = z.infer<typeof driverDecisionSchema>;

/** A driver in staff's verification queue. */
export const driverReviewSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  kind: z.enum(DRIVER_KINDS),
  company_name: z.string(),
  status: z.enum(DRIVER_STATUSES),
  /** Unix seconds: when they asked (or uploaded the document still waiting). */
  waiting_since: z.number().int(),
  documents_pending: z.number().int(),
});

/** One driver as staff review them: account, business details, vehicles, every document version. */
export const driverReviewSchema = driverReviewSummarySchema.extend({
  phone: z.string(),
  locale: z.string(),
  profile: driverProfileReadSchema,
  vehicles: z.array(vehicleReadSchema),
  documents: z.array(driverDocumentReadSchema),
  required: z.array(z.enum(DRIVER_DOCUMENT_KINDS)),
  /** Issue 22: accepted jobs the driver gave back (in all, and in the last 90 days), for staff. */
  given_back: z.object({ total: z.number().int(), last_90_days: z.number().int() }),
});
export type DriverReview = z.infer<typeof driverReviewSchema>;
