import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { AccessTokensTable, RefreshTokensTable } from '../../db/schema.ts';

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

// OAuth clients and tokens. Every function runs on the executor it is given; the service opens
// the transactions (a revocation and its event commit together).

export async function findClient(db: Executor, id: string): Promise<ClientRecord | null> {
  const row = await db.selectFrom('oauthClients').select(['id', 'secretHash', 'grants']).where('id', '=', id).executeTakeFirst();
  return row ? { id: row.id, secretHash: row.secretHash, grants: row.grants.split(' ') } : null;
}

export async function insertClient(db: Executor, c: { id: string; name: string; secretHash: string | null; grants: string[] }): Promise<void> {
  await db
    .insertInto('oauthClients')
    .values({ id: c.id, name: c.name, secretHash: c.secretHash, grants: c.grants.join(' ') })
    .execute();
}

export async function findUserCredentials(db: Executor, email: string): Promise<{ id: number; passwordHash: string } | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'passwordHash'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return row ?? null;
}

export async function insertAccessToken(db: Executor, t: Insertable<AccessTokensTable>): Promise<void> {
  await db.insertInto('accessTokens').values(t).execute();
}

export async function insertRefreshToken(db: Executor, t: Insertable<RefreshTokensTable>): Promise<void> {
  await db.insertInto('refreshTokens').values(t).execute();
}

export async function findAccessToken(db: Executor, tokenHash: string, now: Date): Promise<AccessTokenRecord | null> {
  const row = await db
    .selectFrom('accessTokens as t')
    .leftJoin('users as u', 'u.id', 't.userId')
    .select(['t.clientId', 't.userId', 'u.role', 't.scope', 't.expiresAt'])
    .where('t.tokenHash', '=', tokenHash)
    .where('t.revokedAt', 'is', null)
    .where('t.expiresAt', '>', now)
    .executeTakeFirst();
  return row ?? null;
}

export async function findRefreshToken(db: Executor, tokenHash: string): Promise<RefreshTokenRecord | null> {
  const row = await db
    .selectFrom('refreshTokens')
    .select(['familyId', 'clientId', 'userId', 'scope', 'expiresAt', 'usedAt', 'revokedAt'])
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst();
  return row ?? null;
}

/** Spends a refresh token. Conditional, so of two racing uses exactly one wins. */
export async function spendRefreshToken(db: Executor, tokenHash: string, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('refreshTokens')
    .set({ usedAt: now })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Revokes a token family's refresh and access tokens; the user whose family it was, or null when nothing was left to revoke. */
export async function revokeFamily(db: Executor, familyId: string, now: Date): Promise<number | null> {
  const revoked = await db.updateTable('refreshTokens').set({ revokedAt: now }).where('familyId', '=', familyId).where('revokedAt', 'is', null).returning('userId').execute();
  await db.updateTable('accessTokens').set({ revokedAt: now }).where('familyId', '=', familyId).where('revokedAt', 'is', null).execute();
  return revoked[0]?.userId ?? null;
}

export async function revokeAllForUser(db: Executor, userId: number, now: Date): Promise<void> {
  await db.updateTable('refreshTokens').set({ revokedAt: now }).where('userId', '=', userId).where('revokedAt', 'is', null).execute();
  await db.updateTable('accessTokens').set({ revokedAt: now }).where('userId', '=', userId).where('revokedAt', 'is', null).execute();
}

export async function deleteExpired(db: Executor, now: Date): Promise<void> {
  await db.deleteFrom('accessTokens').where('expiresAt', '<', now).execute();
  await db.deleteFrom('refreshTokens').where('expiresAt', '<', now).execute();
}
