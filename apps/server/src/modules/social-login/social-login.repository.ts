import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { SocialLoginStatesTable, SocialLoginTicketsTable } from '../../db/schema.ts';

export type StartedLogin = { provider: string; sealed: string; redirect: string; expiresAt: Date; usedAt: Date | null };
export type Profile = {
  subject: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  /** DD/MM/YYYY. */
  birthday: string | null;
  pictureUrl: string | null;
};
export type TicketRecord = Profile & { provider: string; redirect: string; expiresAt: Date; usedAt: Date | null };

// Every function takes the executor first (`db`, or the service's `trx`).
export async function insertState(db: Executor, s: Insertable<SocialLoginStatesTable>, now: Date): Promise<void> {
  // Spent and expired flows are of no use to anybody: each start sweeps them.
  await db.deleteFrom('socialLoginStates').where('expiresAt', '<', now).execute();
  await db.insertInto('socialLoginStates').values(s).execute();
}

/** The flow of this state, spent in the same statement: a state works once, in one process. */
export async function spendState(db: Executor, stateHash: string, now: Date): Promise<StartedLogin | null> {
  const row = await db
    .updateTable('socialLoginStates')
    .set({ usedAt: now })
    .where('stateHash', '=', stateHash)
    .where('usedAt', 'is', null)
    .returning(['provider', 'sealed', 'redirect', 'expiresAt', 'usedAt'])
    .executeTakeFirst();
  return row ?? null;
}

export async function insertTicket(db: Executor, t: Insertable<SocialLoginTicketsTable>, now: Date): Promise<void> {
  await db.deleteFrom('socialLoginTickets').where('expiresAt', '<', now).execute();
  await db.insertInto('socialLoginTickets').values(t).execute();
}

export async function findTicket(db: Executor, ticketHash: string, now: Date): Promise<TicketRecord | null> {
  const row = await db
    .selectFrom('socialLoginTickets')
    .select(['provider', 'subject', 'email', 'firstName', 'lastName', 'birthday', 'pictureUrl', 'redirect', 'expiresAt', 'usedAt'])
    .where('ticketHash', '=', ticketHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return row ?? null;
}

/** False when another request spent it first. */
export async function spendTicket(db: Executor, ticketHash: string, now: Date): Promise<boolean> {
  const r = await db.updateTable('socialLoginTickets').set({ usedAt: now }).where('ticketHash', '=', ticketHash).where('usedAt', 'is', null).where('expiresAt', '>', now).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function userOf(db: Executor, provider: string, subject: string): Promise<number | null> {
  const row = await db.selectFrom('socialIdentities').select('userId').where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
  return row?.userId ?? null;
}

export async function link(db: Executor, provider: string, subject: string, userId: number): Promise<void> {
  await db.insertInto('socialIdentities').values({ provider, subject, userId }).execute();
}
