import type { Db } from '../../db/database.ts';

export type VerificationRecord = { id: string; handle: string; expiresAt: Date; attempts: number; verifiedAt: Date | null };

export function phoneRepository(db: Db) {
  return {
    async insert(v: { id: string; cellphone: string; handle: string; expiresAt: Date }): Promise<void> {
      await db.insertInto('phoneVerifications').values(v).execute();
    },

    /** The newest code sent to this number: only the last one counts. */
    async latest(cellphone: string): Promise<VerificationRecord | null> {
      const row = await db
        .selectFrom('phoneVerifications')
        .select(['id', 'handle', 'expiresAt', 'attempts', 'verifiedAt'])
        .where('cellphone', '=', cellphone)
        .orderBy('createdAt', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ?? null;
    },

    /** Counts a try atomically; answers the tries used, including this one. */
    async countAttempt(id: string): Promise<number> {
      const row = await db
        .updateTable('phoneVerifications')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .returning('attempts')
        .executeTakeFirstOrThrow();
      return row.attempts;
    },

    async markVerified(id: string, tokenHash: string, now: Date, tokenExpiresAt: Date): Promise<void> {
      await db.updateTable('phoneVerifications').set({ verifiedAt: now, tokenHash, tokenExpiresAt }).where('id', '=', id).execute();
    },

    /** Spends a verification token for this number; false when unknown, used, expired or another number's. */
    async consumeToken(trx: Db, tokenHash: string, cellphone: string, now: Date): Promise<boolean> {
      const res = await trx
        .updateTable('phoneVerifications')
        .set({ consumedAt: now })
        .where('tokenHash', '=', tokenHash)
        .where('cellphone', '=', cellphone)
        .where('consumedAt', 'is', null)
        .where('tokenExpiresAt', '>', now)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}

export type PhoneRepository = ReturnType<typeof phoneRepository>;
