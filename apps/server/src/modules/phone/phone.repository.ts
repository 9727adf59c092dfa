import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PhoneVerificationsTable } from '../../db/schema.ts';

export type VerificationRecord = { id: string; handle: string; expiresAt: Date; attempts: number; verifiedAt: Date | null };

/** Every function takes the executor first (`db`, or the service's `trx`). */
export const phoneRepository = {
  async insert(db: Db, v: Insertable<PhoneVerificationsTable>): Promise<void> {
    await db.insertInto('phoneVerifications').values(v).execute();
  },

  /** The newest code sent to this number: only the last one counts. */
  async latest(db: Db, cellphone: string): Promise<VerificationRecord | null> {
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
  async countAttempt(db: Db, id: string): Promise<number> {
    const row = await db
      .updateTable('phoneVerifications')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .returning('attempts')
      .executeTakeFirstOrThrow();
    return row.attempts;
  },

  async markVerified(db: Db, id: string, tokenHash: string, now: Date, tokenExpiresAt: Date): Promise<void> {
    await db.updateTable('phoneVerifications').set({ verifiedAt: now, tokenHash, tokenExpiresAt }).where('id', '=', id).execute();
  },

  /** Spends a verification token for this number; false when unknown, used, expired or another number's. */
  async consumeToken(db: Db, tokenHash: string, cellphone: string, now: Date): Promise<boolean> {
    const res = await db
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

export type PhoneRepository = typeof phoneRepository;
