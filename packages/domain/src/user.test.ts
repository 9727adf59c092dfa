import { describe, expect, it } from 'vitest';
import {
  ageOn,
  birthdayFromMask,
  birthdayToMask,
  companySchema,
  isCompleteAddress,
  isIsoDate,
  loginSchema,
  personBody,
  phoneLongEnough,
  registerUserSchema,
  resetLinkCheckSchema,
  resetLinkStatusSchema,
  tokenRequestSchema,
  userLocaleSchema,
  userReadSchema,
} from './user.ts';

describe('birthday', () => {
  it('turns the DD/MM/YYYY mask into YYYY-MM-DD and back, refusing impossible dates', () => {
    expect(birthdayFromMask('17/05/1990')).toBe('1990-05-17');
    expect(birthdayFromMask('29/02/2000')).toBe('2000-02-29');
    expect(birthdayFromMask('29/02/2001')).toBeNull();
    expect(birthdayFromMask('31/04/1990')).toBeNull();
    expect(birthdayFromMask('1/5/1990')).toBeNull();
    expect(birthdayToMask('1990-05-17')).toBe('17/05/1990');
    expect(isIsoDate('1899-12-31')).toBe(false);
  });

  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2008-11-22', '2026-11-22')).toBe(18);
    expect(ageOn('2008-11-23', '2026-11-22')).toBe(17);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
});

describe('register schema (SPEC section 5)', () => {
  const now = () => new Date('2026-11-22T12:00:00Z');
  const valid = {
    first_name: 'An',
    last_name: 'Peeters',
    cellphone: '0470 12 34 56',
    birthday: '1990-05-17',
    email: ' An@Example.BE ',
    password: 'geheim',
    repeat_password: 'geheim',
    verification_token: 'tok',
  };
  const errors = (input: object) => {
    const r = registerUserSchema(now).safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('accepts a complete form, lower-cases the email and defaults the country to BE', () => {
    const r = registerUserSchema(now).parse(valid);
    expect(r.email).toBe('an@example.be');
    expect(r.address.country).toBe('BE');
  });

  it('names each broken rule with its message key', () => {
    expect(errors({ ...valid, first_name: '' })).toEqual(['first_name:required']);
    expect(errors({ ...valid, email: 'x@' })).toEqual(['email:email_invalid']);
    expect(errors({ ...valid, password: '12345', repeat_password: '12345' })).toEqual(['password:password_min']);
    expect(errors({ ...valid, repeat_password: 'geheim2' })).toEqual(['repeat_password:password_mismatch']);
    expect(errors({ ...valid, birthday: '2008-11-23' })).toEqual(['birthday:birthday_under_18']);
    expect(errors({ ...valid, cellphone: '' })).toEqual(['cellphone:required']);
    expect(errors({ ...valid, address: { country: 'Belgium' } })).toEqual(['address.country:country_invalid']);
  });

  it('login needs a valid email and a password of at least 6', () => {
    expect(loginSchema.safeParse({ email: 'a@b.be', password: '123456' }).success).toBe(true);
    expect(loginSchema.safeParse({ email: 'a@b.be', password: '12345' }).error?.issues[0]?.message).toBe('password_min');
    expect(loginSchema.safeParse({ email: '', password: '123456' }).error?.issues[0]?.message).toBe('required');
  });
});

describe('password mismatch', () => {
  it('is reported even while other fields are wrong', () => {
    const r = registerUserSchema(() => new Date('2026-11-22T12:00:00Z')).safeParse({ first_name: '', password: 'geheim1', repeat_password: 'geheim2' });
    expect(r.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`)).toContain('repeat_password:password_mismatch');
  });
});

describe('before a code is sent or a company saved', () => {
  it('a number needs nine digits to reach a phone (a landline has nine, a mobile ten)', () => {
    expect(phoneLongEnough('0470 12 34 56')).toBe(true);
    expect(phoneLongEnough('+32 470 12 34 56')).toBe(true);
    expect(phoneLongEnough('011 22 33 44')).toBe(true);
    expect(phoneLongEnough('011 22 33 4')).toBe(false);
    expect(phoneLongEnough('0470 12 34 56 ext')).toBe(false);
    expect(phoneLongEnough('')).toBe(false);
  });

  it('an address is complete with a street, a number and a postcode or a place', () => {
    expect(isCompleteAddress('Kerkstraat 12, 3500 Hasselt')).toBe(true);
    expect(isCompleteAddress('Kerkstraat 12, Hasselt')).toBe(true);
    expect(isCompleteAddress('Kerkstraat 12')).toBe(false);
    expect(isCompleteAddress('Kerkstraat, 3500 Hasselt')).toBe(false);
    expect(isCompleteAddress('3500 Hasselt')).toBe(false);
  });
});

describe('the person fields as the form sends them', () => {
  const fields = { first_name: 'An', last_name: 'Peeters', cellphone: '0470 12 34 56', birthday: '17/05/1990' };

  it('sends the typed birthday as YYYY-MM-DD, a wrong one as invalid and an empty one empty', () => {
    expect(personBody(fields)).toEqual({ first_name: 'An', last_name: 'Peeters', cellphone: '0470 12 34 56', birthday: '1990-05-17' });
    expect(personBody({ ...fields, birthday: '31/02/1990' }).birthday).toBe('invalid');
    expect(personBody({ ...fields, birthday: '' }).birthday).toBe('');
  });

  it('refuses days a month does not have', () => {
    expect(isIsoDate('1990-02-30')).toBe(false);
    expect(isIsoDate('1990-04-31')).toBe(false);
    expect(isIsoDate('1990-04-30')).toBe(true);
  });
});

describe('company limits', () => {
  const company = { name: 'Vracht NV', vat: 'BE0403170701', address: 'Kerkstraat 12, 9000 Gent', email: 'info@vracht.be' };
  const messages = (input: object) => companySchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

  it('still checks a VAT number or an address of exactly the longest length allowed', () => {
    expect(messages({ ...company, vat: 'X'.repeat(40) })).toEqual(['vat_country']);
    expect(messages({ ...company, address: 'x'.repeat(300) })).toEqual(['address_incomplete']);
  });

  it('takes an address with a postcode but no place name as complete', () => {
    expect(isCompleteAddress('Kerkstraat 12, 3500')).toBe(true);
  });
});

describe('signing in (POST /oauth/access_token)', () => {
  const app = { client_id: 'web' };
  const ok = (body: object) => tokenRequestSchema.safeParse(body).success;

  it('takes a password, a client credentials or a refresh token grant', () => {
    expect(tokenRequestSchema.parse({ grant_type: 'password', username: 'an@example.be', password: 'geheim', ...app })).toEqual({ grant_type: 'password', username: 'an@example.be', password: 'geheim', client_id: 'web' });
    expect(tokenRequestSchema.parse({ grant_type: 'client_credentials', client_id: 'web', client_secret: 's', scope: 'register' })).toEqual({ grant_type: 'client_credentials', client_id: 'web', client_secret: 's', scope: 'register' });
    expect(tokenRequestSchema.parse({ grant_type: 'refresh_token', refresh_token: 'r', ...app })).toEqual({ grant_type: 'refresh_token', refresh_token: 'r', client_id: 'web' });
    expect(ok({ grant_type: 'authorization_code', code: 'c', ...app })).toBe(false);
  });

  it('needs what each grant is made of, within bounds', () => {
    expect(ok({ grant_type: 'password', username: 'x'.repeat(254), password: 'x'.repeat(200), ...app })).toBe(true);
    for (const body of [{ username: '' }, { username: 'x'.repeat(255) }, { password: '' }, { password: 'x'.repeat(201) }, { client_id: '' }, { client_id: 'x'.repeat(101) }]) {
      expect(ok({ grant_type: 'password', username: 'an@example.be', password: 'geheim', ...app, ...body }), JSON.stringify(body)).toBe(false);
    }
    expect(ok({ grant_type: 'password', username: 'an@example.be', ...app })).toBe(false);
    expect(ok({ grant_type: 'client_credentials' })).toBe(false);
    expect(ok({ grant_type: 'client_credentials', client_id: 'x'.repeat(100), client_secret: 'x'.repeat(200), scope: 'x'.repeat(100) })).toBe(true);
    expect(ok({ grant_type: 'client_credentials', ...app, client_secret: 'x'.repeat(201) })).toBe(false);
    expect(ok({ grant_type: 'client_credentials', ...app, scope: 'x'.repeat(101) })).toBe(false);
    expect(ok({ grant_type: 'refresh_token', refresh_token: 'x'.repeat(200), ...app })).toBe(true);
    expect(ok({ grant_type: 'refresh_token', refresh_token: 'x'.repeat(201), ...app })).toBe(false);
    expect(ok({ grant_type: 'refresh_token', refresh_token: '', ...app })).toBe(false);
  });
});

describe('account settings', () => {
  it('lets a user choose Dutch, French or English, and says when the language is unknown', () => {
    for (const locale of ['nl', 'fr', 'en']) expect(userLocaleSchema.parse({ locale })).toEqual({ locale });
    expect(userLocaleSchema.safeParse({ locale: 'de' }).error?.issues[0]?.message).toBe('language_invalid');
    expect(userLocaleSchema.safeParse({}).success).toBe(false);
  });

  it('asks about a reset link with its token, and learns whether it is valid, used, expired or unknown', () => {
    expect(resetLinkCheckSchema.parse({ token: 'x'.repeat(200) })).toEqual({ token: 'x'.repeat(200) });
    expect(resetLinkCheckSchema.safeParse({ token: '' }).error?.issues[0]?.message).toBe('reset_token_invalid');
    expect(resetLinkCheckSchema.safeParse({ token: 'x'.repeat(201) }).success).toBe(false);
    for (const status of ['valid', 'used', 'expired', 'unknown']) expect(resetLinkStatusSchema.parse({ status })).toEqual({ status });
    expect(resetLinkStatusSchema.safeParse({ status: 'gone' }).success).toBe(false);
  });

  it('registers with a social login ticket of at most 100 characters', () => {
    const form = { first_name: 'An', last_name: 'Peeters', cellphone: '0470 12 34 56', birthday: '1990-05-17', email: 'an@example.be', password: 'geheim', repeat_password: 'geheim', verification_token: 'tok' };
    const schema = registerUserSchema(() => new Date('2026-11-22T12:00:00Z'));
    expect(schema.parse({ ...form, social_ticket: 'x'.repeat(100) }).social_ticket).toBe('x'.repeat(100));
    expect(schema.safeParse({ ...form, social_ticket: 'x'.repeat(101) }).success).toBe(false);
    expect(schema.safeParse({ ...form, social_ticket: '' }).success).toBe(false);
  });

  it('reads back the whole profile, company included', () => {
    const user = {
      id: 7,
      first_name: 'An',
      last_name: 'Peeters',
      email: 'an@example.be',
      cellphone: '0470123456',
      birthday: '1990-05-17',
      address: { country: 'BE', formatted: 'Kerkstraat 12, 3500 Hasselt' },
      profile_picture: null,
      company: { name: 'Vracht NV', vat: 'BE0403170701', address: 'Kerkstraat 12, 9000 Gent', email: 'info@vracht.be', invoice_approved: 'requested' },
      roles: ['sender'],
      locale: 'fr',
    };
    expect(userReadSchema.parse(user)).toEqual(user);
    expect(userReadSchema.safeParse({ ...user, roles: ['owner'] }).success).toBe(false);
  });
});
