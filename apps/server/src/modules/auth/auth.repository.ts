import type { Db } from '../../db/database.ts';

export type ClientRecord = { id: string; secretHash: string | null; grants: string[] };
export type AccessTokenRecord = {
  clientId: string;
  userId: number | null;
  role: 'sender' | 'driver' | 'admin' | null;
  scope: string;
  expiresAt: Date;
};
export type RefreshTokenRecord = {
  familyId: string;
  clientId: string;
  userId: number;
  scope: string;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
};

/** Called in the transaction that revokes a user's tokens: where the app tells every process. */
export type OnRevoked = (trx: Db, userId: number) => Promise<void>;

export function authRepository(db: Db, onRevoked: OnRevoked = async () => undefined) {
  return {
    async findClient(id: string): Promise<ClientRecord | null> {
      const row = await db.selectFrom('oauthClients').select(['id', 'secretHash', 'grants']).where('id', '=', id).executeTakeFirst();
      return row ? { id: row.id, secretHash: row.secretHash, grants: row.grants.split(' ') } : null;
    },

    async insertClient(c: { id: string; name: string; secretHash: string | null; grants: string[] }): Promise<void> {
      await db
        .insertInto('oauthClients')
        .values({ id: c.id, name: c.name, secretHash: c.secretHash, grants: c.grants.join(' ') })
        .execute();
    },

    async findUserCredentials(email: string): Promise<{ id: number; passwordHash: string } | null> {
      const row = await db
        .selectFrom('users')
        .select(['id', 'passwordHash'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst();
      return row ?? null;
    },

    async insertAccessToken(t: {
      tokenHash: string;
      clientId: string;
      userId: number | null;
      familyId: string | null;
      scope: string;
      expiresAt: Date;
    }): Promise<void> {
      await db.insertInto('accessTokens').values(t).execute();
    },

    async insertRefreshToken(t: {
      tokenHash: string;
      familyId: string;
      clientId: string;
      userId: number;
      scope: string;
      expiresAt: Date;
    }): Promise<void> {
      await db.insertInto('refreshTokens').values(t).execute();
    },

    async findAccessToken(tokenHash: string, now: Date): Promise<AccessTokenRecord | null> {
      const row = await db
        .selectFrom('accessTokens as t')
        .leftJoin('users as u', 'u.id', 't.userId')
        .select(['t.clientId', 't.userId', 'u.role', 't.scope', 't.expiresAt'])
        .where('t.tokenHash', '=', tokenHash)
        .where('t.revokedAt', 'is', null)
        .where('t.expiresAt', '>', now)
        .executeTakeFirst();
      return row ?? null;
    },

    async findRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | null> {
      const row = await db
        .selectFrom('refreshTokens')
        .select(['familyId', 'clientId', 'userId', 'scope', 'expiresAt', 'usedAt', 'revokedAt'])
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst();
      return row ?? null;
    },

    /** Spends a refresh token. Conditional, so of two racing uses exactly one wins. */
    async spendRefreshToken(tokenHash: string, now: Date): Promise<boolean> {
      const res = await db
        .updateTable('refreshTokens')
        .set({ usedAt: now })
        .where('tokenHash', '=', tokenHash)
        .where('usedAt', 'is', null)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async revokeFamily(familyId: string, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const revoked = await trx.updateTable('refreshTokens').set({ revokedAt: now }).where('familyId', '=', familyId).where('revokedAt', 'is', null).returning('userId').execute();
        await trx.updateTable('accessTokens').set({ revokedAt: now }).where('familyId', '=', familyId).where('revokedAt', 'is', null).execute();
        const userId = revoked[0]?.userId;
        if (userId !== undefined) await onRevoked(trx, userId);
      });
    },

    async revokeAllForUser(userId: number, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('refreshTokens').set({ revokedAt: now }).where('userId', '=', userId).where('revokedAt', 'is', null).execute();
        await trx.updateTable('accessTokens').set({ revokedAt: now }).where('userId', '=', userId).where('revokedAt', 'is', null).execute();
        await onRevoked(trx, userId);
      });
    },

    async deleteExpired(now: Date): Promise<void> {
      await db.deleteFrom('accessTokens').where('expiresAt', '<', now).execute();
      await db.deleteFrom('refreshTokens').where('expiresAt', '<', now).execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof authRepository>;
