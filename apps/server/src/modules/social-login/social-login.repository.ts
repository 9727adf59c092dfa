import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
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

/** Every function takes the executor first (`db`, or the service's `trx`). */
export const socialLoginRepository = {
  async insertState(db: Db, s: Insertable<SocialLoginStatesTable>, now: Date): Promise<void> {
    // Spent and expired flows are of no use to anybody: each start sweeps them.
    await db.deleteFrom('socialLoginStates').where('expiresAt', '<', now).execute();
    await db.insertInto('socialLoginStates').values(s).execute();
  },

  /** The flow of this state, spent in the same statement: a state works once, in one process. */
  async spendState(db: Db, stateHash: string, now: Date): Promise<StartedLogin | null> {
    const row = await db
      .updateTable('socialLoginStates')
      .set({ usedAt: now })
      .where('stateHash', '=', stateHash)
      .where('usedAt', 'is', null)
      .returning(['provider', 'sealed', 'redirect', 'expiresAt', 'usedAt'])
      .executeTakeFirst();
    return row ?? null;
  },

  async insertTicket(db: Db, t: Insertable<SocialLoginTicketsTable>, now: Date): Promise<void> {
    await db.deleteFrom('socialLoginTickets').where('expiresAt', '<', now).execute();
    await db.insertInto('socialLoginTickets').values(t).execute();
  },

  async findTicket(db: Db, ticketHash: string, now: Date): Promise<TicketRecord | null> {
    const row = await db
      .selectFrom('socialLoginTickets')
      .select(['provider', 'subject', 'email', 'firstName', 'lastName', 'birthday', 'pictureUrl', 'redirect', 'expiresAt', 'usedAt'])
      .where('ticketHash', '=', ticketHash)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', now)
      .executeTakeFirst();
    return row ?? null;
  },

  /** False when another request spent it first. */
  async spendTicket(db: Db, ticketHash: string, now: Date): Promise<boolean> {
    const r = await db.updateTable('socialLoginTickets').set({ usedAt: now }).where('ticketHash', '=', ticketHash).where('usedAt', 'is', null).where('expiresAt', '>', now).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async userOf(db: Db, provider: string, subject: string): Promise<number | null> {
    const row = await db.selectFrom('socialIdentities').select('userId').where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
    return row?.userId ?? null;
  },

  async link(db: Db, provider: string, subject: string, userId: number): Promise<void> {
    await db.insertInto('socialIdentities').values({ provider, subject, userId }).execute();
  },
};

export type SocialLoginRepository = typeof socialLoginRepository;
