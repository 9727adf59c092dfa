import { describe, expect, it } from 'vitest';
import { ageOn, birthdayFromMask, birthdayToMask, isCompleteAddress, isIsoDate, loginSchema, phoneLongEnough, registerUserSchema } from './user.ts';

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
