import { describe, expect, it } from 'vitest';
import { isMessageKey } from './messages.ts';
import { DELETE_REFUSALS, DELETED_USER_NAME, deleteAccountSchema, deletedEmail, deletedEmailPattern, isDeletedEmail } from './privacy.ts';

// Erasure (GDPR art. 17, decision 0035): what a user sends to delete their account, and what is
// left of it afterwards.

type Schema = { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } };
const errors = (schema: Schema, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error!.issues.map((i) => [...i.path.map(String), i.message].join(':'));
};

describe('deleting an account (POST /api/user/delete)', () => {
  it('takes the password as typed, or the email address trimmed', () => {
    expect(deleteAccountSchema.parse({ password: ' secret ' })).toEqual({ password: ' secret ' });
    expect(deleteAccountSchema.parse({ email: '  an@example.be  ' })).toEqual({ email: 'an@example.be' });
  });

  it('asks for the password when neither is sent', () => {
    expect(errors(deleteAccountSchema, {})).toEqual(['password:password_required']);
  });

  it('takes a password of 1 to 200 characters', () => {
    const password = (p: unknown) => errors(deleteAccountSchema, { password: p });
    expect(password('x')).toEqual([]);
    expect(password('x'.repeat(200))).toEqual([]);
    expect(password('x'.repeat(201))).toEqual(['password:too_long']);
    expect(password('')).toEqual(['password:password_required']);
    expect(password(123456)).toEqual(['password:password_required']);
    expect(password(null)).toEqual(['password:password_required']);
  });

  it('takes an email address of 1 to 254 characters after trimming', () => {
    const email = (e: unknown) => errors(deleteAccountSchema, { email: e });
    expect(email('a')).toEqual([]);
    expect(email('x'.repeat(254))).toEqual([]);
    expect(email(` ${'x'.repeat(254)} `)).toEqual([]);
    expect(email('x'.repeat(255))).toEqual(['email:too_long']);
    expect(email('')).toEqual(['email:email_invalid']);
    expect(email('   ')).toEqual(['email:email_invalid']);
    expect(email(42)).toEqual(['email:email_invalid']);
  });

  it('uses only keys the message catalogue can translate', () => {
    for (const key of ['password_required', 'email_invalid', 'too_long', ...DELETE_REFUSALS]) expect(isMessageKey(key), key).toBe(true);
  });
});

describe('what is left of a deleted account', () => {
  it("shows the deleted user's name as one Dutch marker in every language", () => {
    expect(DELETED_USER_NAME).toBe('Verwijderde gebruiker');
  });

  it('gives each deletion an e-mail address that points nowhere', () => {
    expect(deletedEmail(42, 'a1b2')).toBe('deleted-42-a1b2@deleted.invalid');
    expect(deletedEmail(7, 'x')).not.toBe(deletedEmail(7, 'y'));
    expect(isDeletedEmail(deletedEmail(42, 'a1b2'))).toBe(true);
  });

  it("matches every deleted address of one account with a LIKE pattern, and not another account's", () => {
    expect(deletedEmailPattern(42)).toBe('deleted-42-%@deleted.invalid');
    const like = (pattern: string) => new RegExp(`^${pattern.replace(/[.]/g, '\\.').replace(/%/g, '.*')}$`);
    expect(deletedEmail(42, 'n0nce')).toMatch(like(deletedEmailPattern(42)));
    expect(deletedEmail(420, 'n0nce')).not.toMatch(like(deletedEmailPattern(42)));
  });

  it('tells a deleted address from a real one', () => {
    for (const yes of ['deleted-1-a@deleted.invalid', 'deleted-1234-n0nce@deleted.invalid', 'deleted-5-a-b@deleted.invalid']) expect(isDeletedEmail(yes), yes).toBe(true);
    for (const no of [
      'an@example.be',
      'xdeleted-1-a@deleted.invalid',
      'deleted-1-a@deleted.invalid.be',
      'deleted-1-a@deleted.invalidx',
      'deleted-x-a@deleted.invalid',
      'deleted--a@deleted.invalid',
      'deleted-1-@deleted.invalid',
      'deleted-1-a@b@deleted.invalid',
      'deleted-1-a@deletedxinvalid',
      'deleted-1-a@example.be',
    ]) {
      expect(isDeletedEmail(no), no).toBe(false);
    }
  });
});
