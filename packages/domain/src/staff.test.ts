import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isMessageKey } from './messages.ts';
import {
  auditEntryReadSchema,
  auditPageSchema,
  auditQuerySchema,
  passkeyAssertionSchema,
  passkeyOptionsSchema,
  passkeyRegisterSchema,
  passkeyRegistrationSchema,
  passkeySignInSchema,
  setupInfoSchema,
  setupPasskeySchema,
  setupPasswordSchema,
  setupTokenSchema,
  STAFF_PASSWORD_MIN,
  staffNameSchema,
  staffPasswordSignInSchema,
  staffReadSchema,
  staffSessionSchema,
} from './staff.ts';

// The back office's sign-in, set-up and audit bodies (decision 0025): what staff may send, which
// message each wrong field gets, and what the answers carry.

type Schema = { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } };
const errors = (schema: Schema, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error!.issues.map((i) => [...i.path.map(String), i.message].join(':'));
};

describe('setting up a staff account with a password (the set-up link)', () => {
  const body = { token: 'tok-123', password: 'correct horse battery', code: '123456' };

  it('takes the token, a password and a TOTP code, the code trimmed', () => {
    expect(setupPasswordSchema.parse({ ...body, code: ' 654321 ' })).toEqual({ ...body, code: '654321' });
  });

  it(`asks for a password of ${STAFF_PASSWORD_MIN} to 200 characters, spaces kept`, () => {
    expect(STAFF_PASSWORD_MIN).toBe(12);
    const password = (p: unknown) => errors(setupPasswordSchema, { ...body, password: p });
    expect(password('x'.repeat(11))).toEqual(['password:staff_password_min']);
    expect(password('x'.repeat(12))).toEqual([]);
    expect(password('x'.repeat(200))).toEqual([]);
    expect(password('x'.repeat(201))).toEqual(['password:too_long']);
    expect(password(undefined)).toEqual(['password:required']);
    expect(password(123456789012)).toEqual(['password:required']);
    expect(setupPasswordSchema.parse({ ...body, password: ' 1234567890 ' }).password).toBe(' 1234567890 ');
  });

  it('takes a TOTP code of exactly six digits', () => {
    const code = (c: unknown) => errors(setupPasswordSchema, { ...body, code: c });
    for (const ok of ['000000', '987654', ' 123456 ']) expect(code(ok), ok).toEqual([]);
    for (const bad of ['12345', '1234567', 'a123456', '123456a', '12a456', 'abcdef', '']) expect(code(bad), bad).toEqual(['code:code_format']);
    expect(code(undefined)).toEqual(['code:required']);
    expect(code(123456)).toEqual(['code:required']);
  });

  it('takes a token of 1 to 200 characters, anything else is an invalid request', () => {
    const token = (t: unknown) => errors(setupTokenSchema, { token: t });
    expect(setupTokenSchema.parse({ token: 'abc', extra: 1 })).toEqual({ token: 'abc' });
    expect(token('x')).toEqual([]);
    expect(token('x'.repeat(200))).toEqual([]);
    expect(token('x'.repeat(201))).toEqual(['token:invalid_body']);
    expect(token('')).toEqual(['token:invalid_body']);
    expect(token(undefined)).toEqual(['token:invalid_body']);
    expect(token(42)).toEqual(['token:invalid_body']);
    expect(errors(setupPasswordSchema, { ...body, token: '' })).toEqual(['token:invalid_body']);
  });

  it('uses only keys the message catalogue can translate', () => {
    for (const key of ['staff_password_min', 'too_long', 'required', 'code_format', 'invalid_body']) expect(isMessageKey(key), key).toBe(true);
  });
});

describe('signing in with a password and a TOTP code', () => {
  const body = { email: ' Ops@Vrachtmarkt.BE ', password: 'secret', code: '123456' };

  it('takes the email (lower case), the password as typed and the code', () => {
    expect(staffPasswordSignInSchema.parse(body)).toEqual({ email: 'ops@vrachtmarkt.be', password: 'secret', code: '123456' });
  });

  it('takes any password of 1 to 200 characters (the length rule is for new passwords)', () => {
    const password = (p: unknown) => errors(staffPasswordSignInSchema, { ...body, password: p });
    expect(password('x')).toEqual([]);
    expect(password('x'.repeat(200))).toEqual([]);
    expect(password('x'.repeat(201))).toEqual(['password:too_long']);
    expect(password('')).toEqual(['password:required']);
    expect(password(undefined)).toEqual(['password:required']);
    expect(password(false)).toEqual(['password:required']);
  });

  it('refuses a missing email and a code that is not six digits', () => {
    expect(errors(staffPasswordSignInSchema, { ...body, email: undefined })).toEqual(['email:required']);
    expect(errors(staffPasswordSignInSchema, { ...body, code: '12 34 56' })).toEqual(['code:code_format']);
    expect(errors(staffPasswordSignInSchema, { ...body, code: undefined })).toEqual(['code:required']);
  });
});

// Parts of a WebAuthn answer as @simplewebauthn/browser sends them (base64url, no padding).
const registration = {
  id: 'cred-ID_01',
  rawId: 'cred-ID_01',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0', attestationObject: 'o2NmbXRkbm9uZQ' },
} as const;
const assertion = {
  id: 'cred-ID_01',
  rawId: 'cred-ID_01',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0', authenticatorData: 'SZYN5YgO', signature: 'MEUCIQ' },
} as const;

describe("a passkey: the browser's answer", () => {
  it('keeps every part of a registration, optional ones included', () => {
    const full = {
      ...registration,
      authenticatorAttachment: 'platform',
      response: { ...registration.response, authenticatorData: 'SZYN5YgO', publicKey: 'MFkwEwYH', publicKeyAlgorithm: -7, transports: ['usb', 'hybrid', 'smart-card'] },
    };
    expect(passkeyRegistrationSchema.parse(full)).toEqual(full);
    expect(passkeyRegistrationSchema.parse(registration)).toEqual(registration);
    expect(errors(passkeyRegistrationSchema, { ...registration, response: { clientDataJSON: 'abc' } })).toEqual(['response:attestationObject:invalid_body']);
    expect(errors(passkeyRegistrationSchema, { ...registration, response: { ...registration.response, publicKeyAlgorithm: -7.5 } })).toHaveLength(1);
  });

  it('keeps every part of an assertion; only the user handle may be missing', () => {
    const full = { ...assertion, authenticatorAttachment: 'cross-platform', response: { ...assertion.response, userHandle: 'dXNlcg' } };
    expect(passkeyAssertionSchema.parse(full)).toEqual(full);
    expect(passkeyAssertionSchema.parse(assertion)).toEqual(assertion);
    for (const part of ['clientDataJSON', 'authenticatorData', 'signature']) {
      expect(errors(passkeyAssertionSchema, { ...assertion, response: { ...assertion.response, [part]: undefined } }), part).toEqual([`response:${part}:invalid_body`]);
    }
    expect(errors(passkeyAssertionSchema, { ...assertion, id: undefined })).toEqual(['id:invalid_body']);
    expect(errors(passkeyAssertionSchema, { ...assertion, rawId: undefined })).toEqual(['rawId:invalid_body']);
  });

  it('takes base64url of at most 4,096 characters with at most two "=" of padding', () => {
    const id = (v: unknown) => errors(passkeyAssertionSchema, { ...assertion, id: v });
    for (const ok of ['', 'abc', 'AZaz09_-', 'ab=', 'ab==', 'A'.repeat(4096)]) expect(id(ok), ok).toEqual([]);
    for (const bad of ['A'.repeat(4097), 'ab+cd', 'ab/cd', 'abc===', '=abc', 'ab=c', 'ab cd', 'Xab+', 'abc.']) expect(id(bad), bad).toEqual(['id:invalid_body']);
    expect(id(12)).toEqual(['id:invalid_body']);
    expect(id(undefined)).toEqual(['id:invalid_body']);
  });

  it('takes only a public-key credential', () => {
    expect(errors(passkeyAssertionSchema, { ...assertion, type: 'password' })).toEqual(['type:invalid_body']);
    expect(errors(passkeyAssertionSchema, { ...assertion, type: undefined })).toEqual(['type:invalid_body']);
    expect(errors(passkeyAssertionSchema, { ...assertion, type: '' })).toEqual(['type:invalid_body']);
  });

  it('keeps the known extension outputs, drops unknown ones, and reads none as none', () => {
    const { clientExtensionResults: _, ...bare } = assertion;
    expect(passkeyAssertionSchema.parse(bare).clientExtensionResults).toEqual({});
    const known = { appid: true, credProps: { rk: true }, hmacCreateSecret: false, prf: { enabled: true } };
    expect(passkeyAssertionSchema.parse({ ...assertion, clientExtensionResults: { ...known, largeBlob: { supported: true } } }).clientExtensionResults).toEqual(known);
    expect(passkeyRegistrationSchema.parse({ ...registration, clientExtensionResults: { credProps: { rk: false, other: 1 } } }).clientExtensionResults).toEqual({ credProps: { rk: false } });
  });

  it('knows the two authenticator attachments', () => {
    for (const a of ['platform', 'cross-platform']) expect(errors(passkeyAssertionSchema, { ...assertion, authenticatorAttachment: a }), a).toEqual([]);
    for (const a of ['hybrid', 'Platform', '']) expect(errors(passkeyAssertionSchema, { ...assertion, authenticatorAttachment: a }), a).toHaveLength(1);
  });

  it('keeps up to 10 transports of up to 20 lower-case letters and dashes, as given', () => {
    const transports = (t: unknown) => errors(passkeyRegistrationSchema, { ...registration, response: { ...registration.response, transports: t } });
    const ten = ['usb', 'nfc', 'ble', 'hybrid', 'internal', 'smart-card', 'a', 'b', 'c', 'd'];
    expect(transports(ten)).toEqual([]);
    expect(transports([])).toEqual([]);
    expect(transports(['x'.repeat(20)])).toEqual([]);
    expect(transports([...ten, 'e'])).toHaveLength(1);
    expect(transports(['x'.repeat(21)])).toHaveLength(1);
    for (const bad of ['', 'USB', 'Xusb', 'usbX', 'usb2', 'smart card']) expect(transports([bad]), bad).toHaveLength(1);
    expect(passkeyRegistrationSchema.parse({ ...registration, response: { ...registration.response, transports: ['future-thing'] } }).response.transports).toEqual(['future-thing']);
  });
});

describe('passkey ceremonies: sign-in, registration and set-up', () => {
  it('sends the browser its WebAuthn options with the challenge id', () => {
    const options = { challenge_id: 'ch-1', options: { challenge: 'abc', rpId: 'ops.vrachtmarkt.be', allowCredentials: [] } };
    expect(passkeyOptionsSchema.parse(options)).toEqual(options);
    expect(passkeyOptionsSchema.safeParse({ options: {} }).success).toBe(false);
    expect(passkeyOptionsSchema.safeParse({ challenge_id: 'ch-1' }).success).toBe(false);
  });

  it('signs in with the challenge id and an assertion', () => {
    expect(passkeySignInSchema.parse({ challenge_id: 'ch-1', credential: assertion })).toEqual({ challenge_id: 'ch-1', credential: assertion });
    expect(errors(passkeySignInSchema, { challenge_id: '', credential: assertion })).toEqual(['challenge_id:invalid_body']);
    expect(errors(passkeySignInSchema, { challenge_id: 'x'.repeat(201), credential: assertion })).toEqual(['challenge_id:invalid_body']);
    expect(passkeySignInSchema.safeParse({ challenge_id: 'ch-1' }).success).toBe(false);
    // A registration is not an assertion: it has no signature.
    expect(errors(passkeySignInSchema, { challenge_id: 'ch-1', credential: registration })).toContain('credential:response:signature:invalid_body');
  });

  it('registers a passkey with the challenge id and a registration', () => {
    expect(passkeyRegisterSchema.parse({ challenge_id: 'ch-2', credential: registration })).toEqual({ challenge_id: 'ch-2', credential: registration });
    expect(errors(passkeyRegisterSchema, { challenge_id: undefined, credential: registration })).toEqual(['challenge_id:invalid_body']);
    expect(errors(passkeyRegisterSchema, { challenge_id: 'ch-2', credential: assertion })).toContain('credential:response:attestationObject:invalid_body');
  });

  it('sets up an account with a passkey: the token, the challenge id and a registration', () => {
    const body = { token: 'tok', challenge_id: 'ch-3', credential: registration };
    expect(setupPasskeySchema.parse(body)).toEqual(body);
    expect(errors(setupPasskeySchema, { ...body, token: '' })).toEqual(['token:invalid_body']);
    expect(errors(setupPasskeySchema, { ...body, challenge_id: '' })).toEqual(['challenge_id:invalid_body']);
    expect(setupPasskeySchema.safeParse({ token: 'tok', challenge_id: 'ch-3' }).success).toBe(false);
  });
});

describe('what the back office reads', () => {
  const staff = { id: 3, email: 'ops@vrachtmarkt.be', name: 'An Ops', role: 'support', has_password: true, passkeys: 2 };

  it('shows who is signed in, with a known role', () => {
    expect(staffReadSchema.parse({ ...staff, password_hash: 'x' })).toEqual(staff);
    for (const role of ['admin', 'finance', 'support']) expect(staffReadSchema.safeParse({ ...staff, role }).success, role).toBe(true);
    expect(staffReadSchema.safeParse({ ...staff, role: 'driver' }).success).toBe(false);
    for (const field of Object.keys(staff)) expect(staffReadSchema.safeParse({ ...staff, [field]: undefined }).success, field).toBe(false);
  });

  it('gives a session its token, its end, its idle limit (documented) and whose it is', () => {
    const session = { token: 't', expires_at: 1_800_000_000, idle_timeout: 1800, staff };
    expect(staffSessionSchema.parse(session)).toEqual(session);
    expect(staffSessionSchema.safeParse({ ...session, staff: { ...staff, role: 'root' } }).success).toBe(false);
    const doc = z.toJSONSchema(staffSessionSchema) as { properties: Record<string, { description?: string }> };
    expect(doc.properties.idle_timeout?.description).toBe('Seconds without a request after which the session ends');
  });

  it("shows the set-up link's account and its TOTP secret", () => {
    const info = { email: 'new@vrachtmarkt.be', name: 'New', role: 'finance', expires_at: 1_800_000_000, totp_secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x' };
    expect(setupInfoSchema.parse(info)).toEqual(info);
    expect(setupInfoSchema.safeParse({ ...info, role: 'sender' }).success).toBe(false);
  });

  it('lists audit entries with who did what to which subject, newest page first', () => {
    const entry = { id: 9, at: 1_800_000_000, staff: { id: 3, name: 'An Ops', email: 'ops@vrachtmarkt.be' }, action: 'restriction.create', subject_type: 'user', subject_id: 12, reason: 'spam', details: { kind: 'restrict' } };
    const system = { ...entry, staff: null, subject_type: null, subject_id: null, reason: null, details: {} };
    expect(auditEntryReadSchema.parse(entry)).toEqual(entry);
    expect(auditPageSchema.parse({ entries: [entry, system], next_before: 8 })).toEqual({ entries: [entry, system], next_before: 8 });
    expect(auditPageSchema.parse({ entries: [], next_before: null })).toEqual({ entries: [], next_before: null });
    expect(auditEntryReadSchema.safeParse({ ...entry, staff: { id: 3, name: 'An Ops' } }).success).toBe(false);
  });

  it('pages the audit log 1 to 100 entries at a time, 50 when not asked, before an id', () => {
    expect(auditQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(auditQuerySchema.parse({ before: '120', limit: '1' })).toEqual({ before: 120, limit: 1 });
    expect(auditQuerySchema.parse({ limit: '100' })).toEqual({ limit: 100 });
    for (const bad of ['0', '101', '2.5', 'x']) expect(auditQuerySchema.safeParse({ limit: bad }).success, bad).toBe(false);
    expect(auditQuerySchema.safeParse({ before: '0' }).success).toBe(false);
  });
});

describe("a staff member's name (npm run admin -- staff create)", () => {
  it('is trimmed, required and at most 100 characters', () => {
    expect(staffNameSchema.parse('  An Ops  ')).toBe('An Ops');
    expect(errors(staffNameSchema, 'A')).toEqual([]);
    expect(errors(staffNameSchema, 'x'.repeat(100))).toEqual([]);
    expect(errors(staffNameSchema, 'x'.repeat(101))).toEqual(['too_long']);
    expect(errors(staffNameSchema, '')).toEqual(['required']);
    expect(errors(staffNameSchema, '   ')).toEqual(['required']);
  });
});
