import type { StaffRole } from '@vm/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

// Staff accounts, passkeys, sessions, WebAuthn challenges and set-up links (tokens stored hashed).

export type StaffRow = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  passwordHash: string | null;
  totpSecret: string | null;
  totpLastStep: number | null;
  disabledAt: Date | null;
};

const staffColumns = ['id', 'email', 'name', 'role', 'passwordHash', 'totpSecret', 'totpLastStep', 'disabledAt'] as const;
const toStaff = (r: StaffRow): StaffRow => ({ ...r, totpLastStep: r.totpLastStep === null ? null : Number(r.totpLastStep) });

export async function staffByEmail(db: Executor, email: string): Promise<StaffRow | null> {
  const r = await db.selectFrom('staff').select(staffColumns).where('email', '=', email).executeTakeFirst();
  return r ? toStaff(r) : null;
}

export async function staffById(db: Executor, id: number, lock = false): Promise<StaffRow | null> {
  let q = db.selectFrom('staff').select(staffColumns).where('id', '=', id);
  if (lock) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  return r ? toStaff(r) : null;
}

export async function insertStaff(
  db: Executor,
  s: { email: string; name: string; role: StaffRole; passwordHash?: string | null; totpSecret?: string | null; createdAt: Date },
): Promise<number | null> {
  const r = await db
    .insertInto('staff')
    .values({ email: s.email, name: s.name, role: s.role, passwordHash: s.passwordHash ?? null, totpSecret: s.totpSecret ?? null, createdAt: s.createdAt })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return r?.id ?? null;
}

export async function setPasswordAndTotp(db: Executor, id: number, passwordHash: string, totpSecret: string, totpStep: number): Promise<void> {
  await db.updateTable('staff').set({ passwordHash, totpSecret, totpLastStep: totpStep }).where('id', '=', id).execute();
}

/** Takes a TOTP time step as used: false when it (or a later one) was used already. */
export async function useTotpStep(db: Executor, id: number, step: number): Promise<boolean> {
  const r = await db
    .updateTable('staff')
    .set({ totpLastStep: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// Passkeys

export type PasskeyRow = { id: string; staffId: number; publicKey: Uint8Array; counter: number; transports: string[] };

export async function passkeyById(db: Executor, id: string): Promise<PasskeyRow | null> {
  const r = await db.selectFrom('staffPasskeys').select(['id', 'staffId', 'publicKey', 'counter', 'transports']).where('id', '=', id).executeTakeFirst();
  return r ? { ...r, publicKey: new Uint8Array(r.publicKey), counter: Number(r.counter), transports: r.transports ? r.transports.split(',') : [] } : null;
}

export async function passkeysOf(db: Executor, staffId: number): Promise<{ id: string; transports: string[] }[]> {
  const rows = await db.selectFrom('staffPasskeys').select(['id', 'transports']).where('staffId', '=', staffId).execute();
  return rows.map((r) => ({ id: r.id, transports: r.transports ? r.transports.split(',') : [] }));
}

export async function countPasskeys(db: Executor, staffId: number): Promise<number> {
  const r = await db.selectFrom('staffPasskeys').select((eb) => eb.fn.countAll<number>().as('n')).where('staffId', '=', staffId).executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertPasskey(db: Executor, p: { id: string; staffId: number; publicKey: Uint8Array; counter: number; transports: string[]; createdAt: Date }): Promise<void> {
  await db
    .insertInto('staffPasskeys')
    .values({ id: p.id, staffId: p.staffId, publicKey: Buffer.from(p.publicKey), counter: p.counter, transports: p.transports.join(','), createdAt: p.createdAt })
    .execute();
}

export async function passkeyUsed(db: Executor, id: string, counter: number, at: Date): Promise<void> {
  await db.updateTable('staffPasskeys').set({ counter, lastUsedAt: at }).where('id', '=', id).execute();
}

// Sessions

export async function insertSession(db: Executor, s: { tokenHash: string; staffId: number; method: 'password' | 'passkey'; at: Date; expiresAt: Date }): Promise<number> {
  const r = await db
    .insertInto('staffSessions')
    .values({ tokenHash: s.tokenHash, staffId: s.staffId, method: s.method, createdAt: s.at, lastSeenAt: s.at, expiresAt: s.expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export type SessionRow = {
  id: number;
  staffId: number;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  role: StaffRole;
  name: string;
  email: string;
  disabledAt: Date | null;
};

export async function sessionByTokenHash(db: Executor, tokenHash: string): Promise<SessionRow | null> {
  const r = await db
    .selectFrom('staffSessions as ss')
    .innerJoin('staff as s', 's.id', 'ss.staffId')
    .select(['ss.id', 'ss.staffId', 'ss.lastSeenAt', 'ss.expiresAt', 'ss.revokedAt', 's.role', 's.name', 's.email', 's.disabledAt'])
    .where('ss.tokenHash', '=', tokenHash)
    .executeTakeFirst();
  return r ?? null;
}

export async function touchSession(db: Executor, id: number, at: Date): Promise<void> {
  await db.updateTable('staffSessions').set({ lastSeenAt: at }).where('id', '=', id).where('lastSeenAt', '<', at).execute();
}

export async function revokeSession(db: Executor, id: number, at: Date): Promise<boolean> {
  const r = await db.updateTable('staffSessions').set({ revokedAt: at }).where('id', '=', id).where('revokedAt', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// WebAuthn challenges (several processes: the answer may reach another one)

export async function insertChallenge(db: Executor, c: { idHash: string; purpose: 'register' | 'sign_in'; challenge: string; staffId: number | null; expiresAt: Date }): Promise<void> {
  await db.insertInto('staffChallenges').values(c).execute();
  // Old ones go as new ones come: a challenge lives minutes.
  await db.deleteFrom('staffChallenges').where('expiresAt', '<', sql<Date>`${c.expiresAt}::timestamptz - interval '1 day'`).execute();
}

/** Takes a challenge once: its text, or null when unknown, used, expired or of another purpose or staff member. */
export async function takeChallenge(db: Executor, idHash: string, purpose: 'register' | 'sign_in', staffId: number | null, at: Date): Promise<string | null> {
  let q = db
    .updateTable('staffChallenges')
    .set({ usedAt: at })
    .where('idHash', '=', idHash)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', at);
  q = staffId === null ? q.where('staffId', 'is', null) : q.where('staffId', '=', staffId);
  const r = await q.returning('challenge').executeTakeFirst();
  return r?.challenge ?? null;
}

// Set-up links

export async function insertSetupToken(db: Executor, t: { tokenHash: string; staffId: number; totpSecret: string; at: Date; expiresAt: Date }): Promise<void> {
  await db.insertInto('staffSetupTokens').values({ tokenHash: t.tokenHash, staffId: t.staffId, totpSecret: t.totpSecret, createdAt: t.at, expiresAt: t.expiresAt }).execute();
}

/** An unused, unexpired set-up link with its staff member; `lock` holds it until the transaction ends. */
export async function openSetupToken(db: Executor, tokenHash: string, at: Date, lock = false): Promise<{ staffId: number; totpSecret: string; expiresAt: Date } | null> {
  let q = db
    .selectFrom('staffSetupTokens')
    .select(['staffId', 'totpSecret', 'expiresAt'])
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', at);
  if (lock) q = q.forUpdate();
  return (await q.executeTakeFirst()) ?? null;
}

export async function useSetupToken(db: Executor, tokenHash: string, at: Date): Promise<void> {
  await db.updateTable('staffSetupTokens').set({ usedAt: at }).where('tokenHash', '=', tokenHash).execute();
}

/** A new link replaces the older ones of the same staff member. */
export async function retireSetupTokens(db: Executor, staffId: number, at: Date): Promise<void> {
  await db.updateTable('staffSetupTokens').set({ usedAt: at }).where('staffId', '=', staffId).where('usedAt', 'is', null).execute();
}
