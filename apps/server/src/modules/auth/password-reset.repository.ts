import type { Executor } from '../../db/database.ts';
import { spendToken } from '../../db/single-use-tokens.ts';

// Password reset tokens. Every function runs on the executor it is given; the service opens the
// transaction that spends a token and sets the password together.

export async function insert(db: Executor, r: { tokenHash: string; userId: number; expiresAt: Date }): Promise<void> {
  await db.insertInto('passwordResets').values(r).execute();
}

/** What a token is worth now, without spending it. */
export async function status(db: Executor, tokenHash: string, now: Date): Promise<'valid' | 'used' | 'expired' | 'unknown'> {
  const row = await db.selectFrom('passwordResets').select(['usedAt', 'expiresAt']).where('tokenHash', '=', tokenHash).executeTakeFirst();
  if (!row) return 'unknown';
  if (row.usedAt) return 'used';
  return new Date(row.expiresAt) > now ? 'valid' : 'expired';
}

/** Spends a reset token that is still good; its user, or null when it was not. */
export const spend = (db: Executor, tokenHash: string, now: Date): Promise<number | null> => spendToken(db, 'passwordResets', tokenHash, now);

export async function setPassword(db: Executor, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ passwordHash, updatedAt: now }).where('id', '=', userId).execute();
}

/** Spends every other open reset link of the user. */
export async function spendAllOf(db: Executor, userId: number, now: Date): Promise<void> {
  await db.updateTable('passwordResets').set({ usedAt: now }).where('userId', '=', userId).where('usedAt', 'is', null).execute();
}
