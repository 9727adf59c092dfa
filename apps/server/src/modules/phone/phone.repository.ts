import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { PhoneVerificationsTable } from '../../db/schema.ts';

export type VerificationRecord = { id: string; handle: string; expiresAt: Date; attempts: number; verifiedAt: Date | null };

// Every function takes the executor first (`db`, or the service's `trx`).
export async function insert(db: Executor, v: Insertable<PhoneVerificationsTable>): Promise<void> {
  await db.insertInto('phoneVerifications').values(v).execute();
}

/** The newest code sent to this number: only the last one counts. */
export async function latest(db: Executor, cellphone: string): Promise<VerificationRecord | null> {
  const row = await db
    .selectFrom('phoneVerifications')
    .select(['id', 'handle', 'expiresAt', 'attempts', 'verifiedAt'])
    .where('cellphone', '=', cellphone)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** Counts a try atomically; answers the tries used, including this one. */
export async function countAttempt(db: Executor, id: string): Promise<number> {
  const row = await db
    .updateTable('phoneVerifications')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

export async function markVerified(db: Executor, id: string, tokenHash: string, now: Date, tokenExpiresAt: Date): Promise<void> {
  await db.updateTable('phoneVerifications').set({ verifiedAt: now, tokenHash, tokenExpiresAt }).where('id', '=', id).execute();
}

/** Spends a verification token for this number; false when unknown, used, expired or another number's. */
export async function consumeToken(db: Executor, tokenHash: string, cellphone: string, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('phoneVerifications')
    .set({ consumedAt: now })
    .where('tokenHash', '=', tokenHash)
    .where('cellphone', '=', cellphone)
    .where('consumedAt', 'is', null)
    .where('tokenExpiresAt', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
