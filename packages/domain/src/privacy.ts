import { z } from 'zod';

// Issue 23 part 4: people's rights over their data (GDPR access, portability and erasure; decision 0035).

/**
 * POST /api/user/delete: the account's password, or (an account signed in through a social login)
 * its email address typed again. Wrong: 403 password_wrong / email_mismatch; neither: 400.
 */
export const deleteAccountSchema = z
  .object({
    password: z.string({ error: 'password_required' }).min(1, 'password_required').max(200, 'too_long').optional(),
    email: z.string({ error: 'email_invalid' }).trim().min(1, 'email_invalid').max(254, 'too_long').optional(),
  })
  .refine((b) => b.password !== undefined || b.email !== undefined, { message: 'password_required', path: ['password'] });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** Why a deletion was refused (409): a job between acceptance and delivery or money held, or an open balance. */
export const DELETE_REFUSALS = ['account_job_in_progress', 'account_open_balance'] as const;
export type DeleteRefusal = (typeof DELETE_REFUSALS)[number];

/** The marker that takes the place of a deleted user's names (shown as is in every language). */
export const DELETED_USER_NAME = 'Verwijderde gebruiker';
/** A deleted account's e-mail address: unique per account, pointing nowhere (RFC 2606's .invalid). */
export const deletedEmail = (userId: number, nonce: string) => `deleted-${userId}-${nonce}@deleted.invalid`;
/** The SQL LIKE pattern every deleted e-mail of an account matches. */
export const deletedEmailPattern = (userId: number) => deletedEmail(userId, '%');
export const isDeletedEmail = (email: string) => /^deleted-\d+-[^@]+@deleted\.invalid$/.test(email);
