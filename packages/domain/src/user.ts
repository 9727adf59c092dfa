import { z } from 'zod';
import { hasStreetAndNumber, parseAddressText } from './address.ts';
import { imageVariantsSchema } from './images.ts';
import { LOCALES } from './messages.ts';
import { checkVat, normaliseVat } from './vat.ts';

// Field rules of SPEC section 5 (Register, Login, profile). Messages are catalogue keys
// (messages.ts) so that server and web show the same sentence in the reader's language.

export const MIN_PASSWORD_LENGTH = 6;
export const MIN_AGE_YEARS = 18;
export const DEFAULT_COUNTRY = 'BE';

const requiredText = (max = 100) => z.string({ error: 'required' }).trim().min(1, 'required').max(max, 'too_long');

export const emailSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, 'required')
  .max(254, 'too_long')
  .pipe(z.email({ error: 'email_invalid' }))
  .transform((e) => e.toLowerCase());

export const passwordSchema = z
  .string({ error: 'required' })
  .min(1, 'required')
  .min(MIN_PASSWORD_LENGTH, 'password_min')
  .max(200, 'too_long');

/** password === repeat_password, reported on repeat_password even while other fields are still wrong. */
const passwordsMatch: [(u: { password: string; repeat_password: string }) => boolean, { path: string[]; message: string; when: (p: { value: unknown }) => boolean }] = [
  (u) => u.password === u.repeat_password,
  {
    path: ['repeat_password'],
    message: 'password_mismatch',
    when: (p) => {
      const v = p.value as { password?: unknown; repeat_password?: unknown };
      return typeof v.password === 'string' && typeof v.repeat_password === 'string';
    },
  },
];

export const countrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'country_invalid')
  .default(DEFAULT_COUNTRY);

/** ISO calendar date YYYY-MM-DD that really exists (no 31/02). */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 1900;
}

/** Age in whole years on `today` (both YYYY-MM-DD); birthdays on 29 Feb count from 1 Mar. */
export function ageOn(birthday: string, today: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

export function todayIso(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The register form's DD/MM/YYYY mask to the wire's YYYY-MM-DD; null when not a real date. */
export function birthdayFromMask(masked: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(masked.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isIsoDate(iso) ? iso : null;
}

/** The person fields the register and edit-user forms share, as typed (birthday DD/MM/YYYY). */
export type PersonFormFields = { first_name: string; last_name: string; cellphone: string; birthday: string };

/** Those fields as the wire body has them; a birthday that is no real date stays wrong ('invalid'). */
export function personBody(f: PersonFormFields) {
  return { first_name: f.first_name, last_name: f.last_name, cellphone: f.cellphone, birthday: birthdayFromMask(f.birthday) ?? (f.birthday ? 'invalid' : '') };
}

export function birthdayToMask(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

export function birthdaySchema(now: () => Date = () => new Date()) {
  return z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    // Each rule speaks only when the earlier ones hold, so a field shows one message at a time.
    .refine((b) => b === '' || isIsoDate(b), 'birthday_invalid')
    .refine((b) => !isIsoDate(b) || ageOn(b, todayIso(now())) >= MIN_AGE_YEARS, 'birthday_under_18');
}

export const cellphoneSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, 'required')
  .max(32, 'phone_invalid')
  .regex(/^$|^\+?[\d\s().\-/]{6,}$/, 'phone_invalid');

/** The fewest digits of a number an SMS can reach (Belgian 0470 12 34 56 has 10, a landline 9). */
export const MIN_PHONE_DIGITS = 9;
/** Whether the typed number is long enough to send a code to (the server then checks it fully). */
export const phoneLongEnough = (cellphone: string) => cellphoneSchema.safeParse(cellphone).success && cellphone.replace(/\D/g, '').length >= MIN_PHONE_DIGITS;

export const loginSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/user. `verification_token` proves the SMS check of this cellphone. */
export function registerUserSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      first_name: requiredText(),
      last_name: requiredText(),
      cellphone: cellphoneSchema,
      birthday: birthdaySchema(now),
      email: emailSchema,
      password: passwordSchema,
      repeat_password: z.string({ error: 'required' }).min(1, 'required'),
      address: z.object({ country: countrySchema }).default({ country: DEFAULT_COUNTRY }),
      verification_token: z.string({ error: 'phone_not_verified' }).min(1, 'phone_not_verified').max(200),
      /** A social login's ticket (social-login.ts): the identity is linked and its picture stored. */
      social_ticket: z.string().min(1).max(100).optional(),
    })
    .refine(...passwordsMatch);
}
export type RegisterUserInput = z.infer<ReturnType<typeof registerUserSchema>>;

/**
 * A VAT number as it may be saved: an EU number whose format and check digits hold (vat.ts),
 * stored without spaces or dots ("BE 0403.170.701" is kept as "BE0403170701").
 */
export const vatSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, 'required')
  .max(40, 'too_long')
  // One message at a time: the number's own problem only once it is there and not too long.
  .superRefine((vat, ctx) => {
    if (vat === '' || vat.length > 40) return;
    const check = checkVat(vat);
    if (!check.ok) ctx.addIssue({ code: 'custom', message: check.problem });
  })
  .transform(normaliseVat);

/** An invoice address: street and number, and a postcode or place (SPEC section 5). */
export function isCompleteAddress(text: string): boolean {
  const parsed = parseAddressText(text);
  return hasStreetAndNumber(parsed) && (parsed.zip !== '' || parsed.city !== '');
}

/** The company block (SPEC section 5): name, VAT and address required, a valid facturation email. */
export const companySchema = z.object({
  name: z.string({ error: 'required' }).trim().min(1, 'required').max(200, 'too_long'),
  vat: vatSchema,
  address: z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .max(300, 'too_long')
    .refine((a) => a === '' || a.length > 300 || isCompleteAddress(a), 'address_incomplete'),
  email: emailSchema,
});
export type CompanyInput = z.infer<typeof companySchema>;

/**
 * PUT /api/user. Only these fields can change: id, email, roles and invoice status are not in the
 * schema, and unknown keys are stripped, so mass assignment is impossible.
 * A changed cellphone needs a fresh verification_token, checked by the server.
 */
export function updateUserSchema(now: () => Date = () => new Date()) {
  return z.object({
    first_name: requiredText(),
    last_name: requiredText(),
    cellphone: cellphoneSchema,
    birthday: birthdaySchema(now),
    address: z
      .object({ country: countrySchema, formatted: z.string().trim().max(300, 'too_long').default('') })
      .default({ country: DEFAULT_COUNTRY, formatted: '' }),
    company: companySchema.nullish(),
    verification_token: z.string().max(200).optional(),
  });
}
export type UpdateUserInput = z.infer<ReturnType<typeof updateUserSchema>>;

export const phoneVerificationSendSchema = z.object({ cellphone: cellphoneSchema });
export const phoneVerificationCheckSchema = z.object({
  cellphone: cellphoneSchema,
  code: z.string({ error: 'required' }).trim().regex(/^\d{6}$/, 'code_format'),
});

export const forgotPasswordSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, 'reset_token_invalid').max(200),
    password: passwordSchema,
    repeat_password: z.string({ error: 'required' }).min(1, 'required'),
  })
  .refine(...passwordsMatch);

/** POST /api/password/reset/check: what a reset link is worth, asked when the reset page opens. */
export const resetLinkCheckSchema = z.object({ token: z.string().min(1, 'reset_token_invalid').max(200) });
export const RESET_LINK_STATUSES = ['valid', 'used', 'expired', 'unknown'] as const;
export type ResetLinkStatus = (typeof RESET_LINK_STATUSES)[number];
export const resetLinkStatusSchema = z.object({ status: z.enum(RESET_LINK_STATUSES) });

export const INVOICE_STATUSES = ['requested', 'approved', 'rejected'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number] | null;
/** The invoice toggle (SPEC section 4) reads 'request' when rejected or unset, 'cancel' when requested or approved. */
export const invoiceToggleAction = (status: InvoiceStatus): 'request' | 'cancel' => (status === 'requested' || status === 'approved' ? 'cancel' : 'request');
export const USER_ROLES = ['sender', 'driver', 'admin'] as const;

export const companyReadSchema = z.object({
  name: z.string(),
  vat: z.string(),
  address: z.string(),
  email: z.string(),
  invoice_approved: z.enum(INVOICE_STATUSES).nullable(),
});
export type Company = z.infer<typeof companyReadSchema>;

/** GET /api/user. */
export const userReadSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  cellphone: z.string(),
  birthday: z.string(),
  address: z.object({ country: z.string(), formatted: z.string() }),
  profile_picture: imageVariantsSchema.nullable(),
  company: companyReadSchema.nullable(),
  roles: z.array(z.enum(USER_ROLES)),
  /** The language the user chose (nl, fr or en): the app's texts and the user's mails and pushes. */
  locale: z.enum(LOCALES),
});
export type User = z.infer<typeof userReadSchema>;

/** PUT /api/user/locale: the language choice follows the user to every device. */
export const userLocaleSchema = z.object({ locale: z.enum(LOCALES, { error: 'language_invalid' }) });

// POST /oauth/access_token (RFC 6749 4.3, 4.4, 6): JSON or form-encoded. The server answers a body
// outside these with OAuth errors, not the field list.
const client = { client_id: z.string().min(1).max(100), client_secret: z.string().max(200).optional(), scope: z.string().max(100).optional() };
export const tokenRequestSchema = z.discriminatedUnion('grant_type', [
  z.object({ grant_type: z.literal('password'), username: z.string().min(1).max(254), password: z.string().min(1).max(200), ...client }),
  z.object({ grant_type: z.literal('client_credentials'), ...client }),
  z.object({ grant_type: z.literal('refresh_token'), refresh_token: z.string().min(1).max(200), ...client }),
]);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;
/** client_credentials answers without a refresh token. */
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string().optional(),
  expires_in: z.number(),
  token_type: z.literal('Bearer'),
  scope: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;
