import type { Db } from '../../db/database.ts';

export function passwordResetRepository(db: Db) {
  return {
    async insert(r: { tokenHash: string; userId: number; expiresAt: Date }): Promise<void> {
      await db.insertInto('passwordResets').values(r).execute();
    },

    /** What a token is worth now, without spending it. */
    async status(tokenHash: string, now: Date): Promise<'valid' | 'used' | 'expired' | 'unknown'> {
      const row = await db.selectFrom('passwordResets').select(['usedAt', 'expiresAt']).where('tokenHash', '=', tokenHash).executeTakeFirst();
      if (!row) return 'unknown';
      if (row.usedAt) return 'used';
      return new Date(row.expiresAt) > now ? 'valid' : 'expired';
    },

    /** Spends a reset token and sets the new password in one transaction; null when the token is not good. */
    async redeem(tokenHash: string, passwordHash: string, now: Date): Promise<number | null> {
      return db.transaction().execute(async (trx) => {
        const spent = await trx
          .updateTable('passwordResets')
          .set({ usedAt: now })
          .where('tokenHash', '=', tokenHash)
          .where('usedAt', 'is', null)
          .where('expiresAt', '>', now)
          .returning('userId')
          .executeTakeFirst();
        if (!spent) return null;
        await trx.updateTable('users').set({ passwordHash, updatedAt: now }).where('id', '=', spent.userId).execute();
        // Any other open reset link of this user dies with this one.
        await trx.updateTable('passwordResets').set({ usedAt: now }).where('userId', '=', spent.userId).where('usedAt', 'is', null).execute();
        return spent.userId;
      });
    },
  };
}

export type PasswordResetRepository = ReturnType<typeof passwordResetRepository>;
