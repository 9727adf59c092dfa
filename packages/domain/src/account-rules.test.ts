import { describe, expect, it } from 'vitest';
import { deleteAccountSchema } from './privacy.ts';
import { isStaffRole } from './staff-roles.ts';
import { supportContactSchema } from './support.ts';

describe('deleting an account (POST /api/user/delete)', () => {
  it('takes the password, or the e-mail typed again for a social login', () => {
    expect(deleteAccountSchema.safeParse({ password: 'geheim' }).success).toBe(true);
    expect(deleteAccountSchema.safeParse({ email: 'an@example.be' }).success).toBe(true);
  });

  it('asks for the password when neither is given', () => {
    expect(deleteAccountSchema.safeParse({}).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['password', 'password_required']]);
  });
});

describe('staff roles', () => {
  it('knows support, finance and admin, nothing else', () => {
    expect(['support', 'finance', 'admin'].every(isStaffRole)).toBe(true);
    expect(isStaffRole('sender')).toBe(false);
    expect(isStaffRole('')).toBe(false);
    expect(isStaffRole(undefined)).toBe(false);
    expect(isStaffRole(['admin'])).toBe(false);
  });
});

describe('the support contact form', () => {
  const contact = { name: 'An Peeters', email: 'an@example.be', topic: 'payment', message: 'Mijn betaling\nis twee keer afgeschreven.' };
  it('takes a name on one line and a message on several', () => {
    expect(supportContactSchema.safeParse(contact).success).toBe(true);
  });

  it('refuses control characters in the name and in the message', () => {
    expect(supportContactSchema.safeParse({ ...contact, name: 'An\nPeeters' }).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['name', 'required']]);
    expect(supportContactSchema.safeParse({ ...contact, message: 'Hallo\u0000' }).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['message', 'message_invalid']]);
  });
});
