import { z } from 'zod';
import { STAFF_ROLES } from './staff-roles.ts';
import { emailSchema } from './user.ts';
import { lineText, pathIdSchema } from './wire.ts';

// Staff of the back office (apps/ops; decision 0025): accounts apart from senders and drivers, with
// a role each; they sign in with a passkey or with password + TOTP code, and every action they take
// is in the hash-chained audit log.

export { can, isStaffRole, rolesWith, STAFF_CAPABILITIES, STAFF_ROLES, type StaffCapability, type StaffRole } from './staff-roles.ts';

/** A staff password: longer than a user's, as it guards other people's data. */
export const STAFF_PASSWORD_MIN = 12;
const staffPassword = z.string({ error: 'required' }).min(STAFF_PASSWORD_MIN, 'staff_password_min').max(200, 'too_long');
const totpCode = z.string({ error: 'required' }).trim().regex(/^\d{6}$/, 'code_format');
/** A set-up link's token or a challenge id: opaque, bounded. */
const opaque = z.string({ error: 'invalid_body' }).min(1, 'invalid_body').max(200, 'invalid_body');

/** Who is signed in (GET /api/ops/me, and each sign-in's answer). */
export const staffReadSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  has_password: z.boolean(),
  passkeys: z.number(),
});
export type StaffRead = z.infer<typeof staffReadSchema>;

/** A staff session: the bearer token for /api/ops, when it ends at the latest, and its idle limit. */
export const staffSessionSchema = z.object({
  token: z.string(),
  expires_at: z.number(),
  idle_timeout: z.number().describe('Seconds without a request after which the session ends'),
  staff: staffReadSchema,
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

export const staffPasswordSignInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'required' }).min(1, 'required').max(200, 'too_long'),
  code: totpCode,
});
export type StaffPasswordSignIn = z.infer<typeof staffPasswordSignInSchema>;

const base64url = z.string({ error: 'invalid_body' }).max(4096, 'invalid_body').regex(/^[A-Za-z0-9_-]*={0,2}$/, 'invalid_body');
const credentialBase = {
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key', { error: 'invalid_body' }),
  // Extension outputs are not used; the known ones are let through, anything else is dropped.
  clientExtensionResults: z
    .object({ appid: z.boolean().optional(), credProps: z.object({ rk: z.boolean().optional() }).optional(), hmacCreateSecret: z.boolean().optional(), prf: z.unknown().optional() })
    .default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
/** The browser's answer to navigator.credentials.create (@simplewebauthn/browser's RegistrationResponseJSON). */
export const passkeyRegistrationSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    publicKey: base64url.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    // Browsers name new transports before libraries know them: any short name, kept as given.
    transports: z.array(z.string().max(20).regex(/^[a-z-]+$/)).max(10).optional(),
  }),
});
/** The browser's answer to navigator.credentials.get (AuthenticationResponseJSON). */
export const passkeyAssertionSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

/** WebAuthn options for the browser (PublicKeyCredential*OptionsJSON), and the id to send back with its answer. */
export const passkeyOptionsSchema = z.object({ challenge_id: z.string(), options: z.record(z.string(), z.unknown()) });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

export const passkeySignInSchema = z.object({ challenge_id: opaque, credential: passkeyAssertionSchema });
export const passkeyRegisterSchema = z.object({ challenge_id: opaque, credential: passkeyRegistrationSchema });

/** The set-up link's page: whose account, and the TOTP secret offered (as text and as an otpauth URI). */
export const setupTokenSchema = z.object({ token: opaque });
export const setupInfoSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  expires_at: z.number(),
  totp_secret: z.string(),
  otpauth_uri: z.string(),
});
export type SetupInfo = z.infer<typeof setupInfoSchema>;
export const setupPasswordSchema = z.object({ token: opaque, password: staffPassword, code: totpCode });
export const setupPasskeySchema = z.object({ token: opaque, challenge_id: opaque, credential: passkeyRegistrationSchema });

/** One row of the audit log as admins read it. */
export const auditEntryReadSchema = z.object({
  id: z.number(),
  at: z.number(),
  staff: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  subject_type: z.string().nullable(),
  subject_id: z.number().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntryRead = z.infer<typeof auditEntryReadSchema>;
export const auditQuerySchema = z.object({ before: pathIdSchema.optional(), limit: z.coerce.number().int().min(1).max(100).default(50) });
export const auditPageSchema = z.object({ entries: z.array(auditEntryReadSchema), next_before: z.number().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** A staff member's name when an admin creates one (npm run admin -- staff create). */
export const staffNameSchema = lineText(100).min(1, 'required');
