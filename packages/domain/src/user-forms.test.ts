import { describe, expect, it } from 'vitest';
import {
  ageOn,
  birthdayFromMask,
  birthdaySchema,
  cellphoneSchema,
  companySchema,
  countrySchema,
  emailSchema,
  forgotPasswordSchema,
  isIsoDate,
  passwordSchema,
  phoneVerificationCheckSchema,
  phoneVerificationSendSchema,
  registerUserSchema,
  resetPasswordSchema,
  todayIso,
  updateUserSchema,
} from './user.ts';

type Schema = { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } };
const errors = (schema: Schema, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error!.issues.map((i) => [...i.path.map(String), i.message].join(':'));
};
const now = () => new Date('2026-11-22T12:00:00Z');

describe('single fields (SPEC section 5)', () => {
  it('an email is required, valid, at most 254 characters, and compared in lower case', () => {
    expect(emailSchema.parse(' An@Example.BE ')).toBe('an@example.be');
    expect(errors(emailSchema, undefined)).toEqual(['required']);
    expect(errors(emailSchema, ' ')).toEqual(['required']);
    expect(errors(emailSchema, 'an@')).toEqual(['email_invalid']);
    const longDomain = ['b'.repeat(63), 'c'.repeat(63), 'd'.repeat(58)].join('.');
    expect(errors(emailSchema, `${'a'.repeat(64)}@${longDomain}.be`)).toEqual([]);
    expect(errors(emailSchema, `${'a'.repeat(64)}@${longDomain}x.be`)).toEqual(['too_long']);
    expect(forgotPasswordSchema.parse({ email: 'A@B.BE' })).toEqual({ email: 'a@b.be' });
  });

  it('a password is required, at least 6 and at most 200 characters, spaces included', () => {
    expect(errors(passwordSchema, undefined)).toEqual(['required']);
    expect(errors(passwordSchema, '')).toContain('required');
    expect(errors(passwordSchema, '12345')).toEqual(['password_min']);
    expect(passwordSchema.parse(' 1234 ')).toBe(' 1234 ');
    expect(errors(passwordSchema, 'x'.repeat(200))).toEqual([]);
    expect(errors(passwordSchema, 'x'.repeat(201))).toEqual(['too_long']);
  });

  it('a country is a two-letter code, upper-cased, BE when absent', () => {
    expect(countrySchema.parse(undefined)).toBe('BE');
    expect(countrySchema.parse(' nl ')).toBe('NL');
    for (const bad of ['B', 'BEL', '12', 'B1']) expect(errors(countrySchema, bad), bad).toEqual(['country_invalid']);
  });

  it('a cellphone is required: digits, spaces, + ( ) . - /, at least 6 of them, at most 32 characters', () => {
    for (const ok of ['0470 12 34 56', '+32 (0)470/12.34-56', '123456']) expect(errors(cellphoneSchema, ok), ok).toEqual([]);
    expect(errors(cellphoneSchema, undefined)).toEqual(['required']);
    expect(errors(cellphoneSchema, '  ')).toEqual(['required']);
    expect(errors(cellphoneSchema, '12345')).toEqual(['phone_invalid']);
    expect(errors(cellphoneSchema, 'call 0470123456')).toEqual(['phone_invalid']);
    expect(errors(cellphoneSchema, '0470123456 x')).toEqual(['phone_invalid']);
    expect(errors(cellphoneSchema, '1'.repeat(33))).toEqual(['phone_invalid']);
    expect(errors(phoneVerificationSendSchema, { cellphone: '12' })).toEqual(['cellphone:phone_invalid']);
  });

  it('an SMS code is six digits', () => {
    const check = (code: unknown) => errors(phoneVerificationCheckSchema, { cellphone: '0470123456', code });
    expect(check(' 123456 ')).toEqual([]);
    for (const bad of ['12345', '1234567', 'a123456', '123456a', '12a456']) expect(check(bad), bad).toEqual(['code:code_format']);
    expect(check(undefined)).toEqual(['code:required']);
  });
});

describe('birthday (SPEC section 5: DD/MM/YYYY, over 18)', () => {
  it('is a real calendar date from 1900 on', () => {
    expect(isIsoDate('1900-01-01')).toBe(true);
    expect(isIsoDate('2000-02-29')).toBe(true);
    for (const bad of ['2001-02-29', '1990-13-01', '1990-00-10', '1990-04-31', '1990-05-00', 'x1990-05-17', '1990-05-17x', '90-05-17']) expect(isIsoDate(bad), bad).toBe(false);
    expect(birthdayFromMask(' 17/05/1990 ')).toBe('1990-05-17');
    expect(birthdayFromMask('x17/05/1990')).toBeNull();
    expect(birthdayFromMask('17/05/19901')).toBeNull();
  });

  it('is a year later when the month has not come yet', () => {
    expect(ageOn('2008-12-01', '2026-11-30')).toBe(17);
    expect(ageOn('2008-10-31', '2026-11-01')).toBe(18);
  });

  it('is required, then valid, then of someone at least 18 today, one message at a time', () => {
    const s = birthdaySchema(now);
    expect(todayIso(now())).toBe('2026-11-22');
    expect(errors(s, undefined)).toEqual(['required']);
    expect(errors(s, ' ')).toEqual(['required']);
    expect(errors(s, '1990-02-30')).toEqual(['birthday_invalid']);
    expect(errors(s, '2008-11-22')).toEqual([]);
    expect(errors(s, '2008-11-23')).toEqual(['birthday_under_18']);
    // Without an injected clock it judges on the real date: a baby is never 18.
    expect(errors(birthdaySchema(), '2025-01-01')).toEqual(['birthday_under_18']);
  });
});

describe('register (POST /api/user)', () => {
  const valid = {
    first_name: 'An',
    last_name: 'Peeters',
    cellphone: '0470 12 34 56',
    birthday: '1990-05-17',
    email: 'an@example.be',
    password: 'geheim',
    repeat_password: 'geheim',
    verification_token: 'tok',
  };

  it('needs every field, with its own message', () => {
    const missing = (field: string) => errors(registerUserSchema(now), { ...valid, [field]: undefined });
    expect(missing('first_name')).toEqual(['first_name:required']);
    expect(missing('last_name')).toEqual(['last_name:required']);
    expect(missing('repeat_password')).toEqual(['repeat_password:required']);
    expect(errors(registerUserSchema(now), { ...valid, repeat_password: '', password: '' })).toContain('repeat_password:required');
    expect(missing('verification_token')).toEqual(['verification_token:phone_not_verified']);
    expect(errors(registerUserSchema(now), { ...valid, verification_token: '' })).toEqual(['verification_token:phone_not_verified']);
    expect(errors(registerUserSchema(now), { ...valid, first_name: 'x'.repeat(101) })).toEqual(['first_name:too_long']);
    expect(errors(registerUserSchema(now), { ...valid, first_name: 'x'.repeat(100) })).toEqual([]);
    expect(errors(registerUserSchema(), { ...valid, birthday: '2025-01-01' })).toEqual(['birthday:birthday_under_18']);
  });

  it('reports a password mismatch only when both passwords were sent as text', () => {
    expect(errors(registerUserSchema(now), { ...valid, repeat_password: 42 })).toEqual(['repeat_password:required']);
    expect(errors(registerUserSchema(now), { ...valid, password: 42 })).toEqual(['password:required']);
  });
});

describe('password reset', () => {
  const valid = { token: 't', password: 'geheim', repeat_password: 'geheim' };
  it('needs the mailed token and two equal passwords', () => {
    expect(errors(resetPasswordSchema, valid)).toEqual([]);
    expect(errors(resetPasswordSchema, { ...valid, token: '' })).toEqual(['token:reset_token_invalid']);
    expect(errors(resetPasswordSchema, { ...valid, repeat_password: 'geheim2' })).toEqual(['repeat_password:password_mismatch']);
    expect(errors(resetPasswordSchema, { ...valid, repeat_password: undefined })).toEqual(['repeat_password:required']);
    expect(errors(resetPasswordSchema, { ...valid, repeat_password: '' })).toEqual(['repeat_password:required', 'repeat_password:password_mismatch']);
  });
});

describe('company (SPEC section 5)', () => {
  const company = { name: 'Vracht NV', vat: 'BE0403170701', address: 'Kerkstraat 12 bus 3, 9000 Gent', email: 'Boekhouding@Vracht.be' };
  it('needs a name, a VAT number, an address and a valid facturation email', () => {
    expect(companySchema.parse(company)).toEqual({ ...company, email: 'boekhouding@vracht.be' });
    expect(errors(companySchema, { ...company, name: undefined })).toEqual(['name:required']);
    expect(errors(companySchema, { ...company, name: ' ' })).toEqual(['name:required']);
    expect(errors(companySchema, { ...company, vat: undefined })).toEqual(['vat:required']);
    expect(errors(companySchema, { ...company, vat: ' ' })).toEqual(['vat:required']);
    expect(errors(companySchema, { ...company, address: undefined })).toEqual(['address:required']);
    expect(errors(companySchema, { ...company, address: ' ' })).toEqual(['address:required']);
    expect(errors(companySchema, { ...company, email: 'boekhouding' })).toEqual(['email:email_invalid']);
  });

  it('refuses a VAT number that cannot exist, with what is wrong, and keeps a right one without spaces or dots', () => {
    expect(errors(companySchema, { ...company, vat: 'BE0403170702' })).toEqual(['vat:vat_checksum']);
    expect(errors(companySchema, { ...company, vat: 'BE12345' })).toEqual(['vat:vat_be_format']);
    expect(errors(companySchema, { ...company, vat: '0403170701' })).toEqual(['vat:vat_country']);
    expect(errors(companySchema, { ...company, vat: 'NL12345' })).toEqual(['vat:vat_format']);
    expect(companySchema.parse({ ...company, vat: ' be 0403.170.701 ' }).vat).toBe('BE0403170701');
    expect(companySchema.parse({ ...company, vat: 'NL004495445B01' }).vat).toBe('NL004495445B01');
  });

  it('needs an address with street, number and place', () => {
    expect(errors(companySchema, { ...company, address: 'Gent' })).toEqual(['address:address_incomplete']);
    expect(errors(companySchema, { ...company, address: 'Kerkstraat, 9000 Gent' })).toEqual(['address:address_incomplete']);
    expect(errors(companySchema, { ...company, address: 'Kerkstraat 12' })).toEqual(['address:address_incomplete']);
    expect(errors(companySchema, { ...company, address: 'Rue Neuve 5, 1000 Bruxelles' })).toEqual([]);
    expect(errors(companySchema, { ...company, address: '12 rue de la Paix, 75002 Paris' })).toEqual([]);
  });

  it('bounds name, VAT and address, and trims the address', () => {
    const longAddress = `Kerkstraat 12, 9000 ${'x'.repeat(280)}`;
    expect(errors(companySchema, { ...company, name: 'x'.repeat(200), address: longAddress })).toEqual([]);
    expect(errors(companySchema, { ...company, name: 'x'.repeat(201) })).toEqual(['name:too_long']);
    expect(errors(companySchema, { ...company, vat: 'x'.repeat(41) })).toEqual(['vat:too_long']);
    expect(errors(companySchema, { ...company, address: 'x'.repeat(301) })).toEqual(['address:too_long']);
    expect(companySchema.parse({ ...company, address: ` ${longAddress}${'x'.repeat(300 - longAddress.length)} ` }).address).toHaveLength(300);
  });
});

describe('profile (PUT /api/user)', () => {
  const profile = { first_name: 'An', last_name: 'Peeters', cellphone: '0470123456', birthday: '1990-05-17' };
  it('defaults the address to Belgium with no formatted text, and bounds and trims that text', () => {
    expect(updateUserSchema(now).parse(profile).address).toEqual({ country: 'BE', formatted: '' });
    expect(updateUserSchema(now).parse({ ...profile, address: { country: 'nl' } }).address).toEqual({ country: 'NL', formatted: '' });
    expect(updateUserSchema(now).parse({ ...profile, address: { formatted: ` ${'x'.repeat(300)} ` } }).address.formatted).toHaveLength(300);
    expect(errors(updateUserSchema(now), { ...profile, address: { formatted: 'x'.repeat(301) } })).toEqual(['address:formatted:too_long']);
  });

  it('checks the birthday against today and the company block when one is sent', () => {
    expect(errors(updateUserSchema(now), { ...profile, birthday: '2008-11-23' })).toEqual(['birthday:birthday_under_18']);
    expect(errors(updateUserSchema(), { ...profile, birthday: '2025-01-01' })).toEqual(['birthday:birthday_under_18']);
    expect(errors(updateUserSchema(now), { ...profile, company: null })).toEqual([]);
    expect(errors(updateUserSchema(now), { ...profile, company: { name: '', vat: 'BE1', email: 'a@b.be' } })).toEqual(['company:name:required', 'company:vat:vat_be_format', 'company:address:required']);
    expect(errors(updateUserSchema(now), { ...profile, verification_token: 'x'.repeat(200) })).toEqual([]);
    expect(errors(updateUserSchema(now), { ...profile, verification_token: 'x'.repeat(201) })).toHaveLength(1);
  });
});
