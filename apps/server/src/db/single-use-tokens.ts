import type { Executor } from './database.ts';

/** The tables of single-use, expiring tokens a user holds, stored by their hash. */
export type SingleUseTokenTable = 'passwordResets' | 'streamTokens';

/**
 * Spends a token that is still good: the user it belongs to, or null when it is unknown, spent or
 * expired. One conditional update, so of two racing uses exactly one wins.
 */
export async function spendToken(db: Executor, table: SingleUseTokenTable, tokenHash: string, now: Date): Promise<number | null> {
  const spent = await db
    .updateTable(table)
    .set({ usedAt: now })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning('userId')
    .executeTakeFirst();
  return spent?.userId ?? null;
}
