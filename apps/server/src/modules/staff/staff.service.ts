import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeyOptions, SetupInfo, StaffPasswordSignIn, StaffRead, StaffRole, StaffSession } from '@vm/domain';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import type { Db, Executor } from '../../db/database.ts';
import { ApiError, fieldError, tooManyRequests } from '../../lib/errors.ts';
import type { Limiter } from '../../lib/rate-limiter.ts';
import type { StaffAuth } from '../../lib/request-context.ts';
import { hashToken, newToken } from '../../lib/secrets.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { toStaffRead } from './staff.mapper.ts';
import * as repo from './staff.repository.ts';

// Staff sign-in (decision 0025): a passkey, or email + password + TOTP code; sessions are short
// (12 h at most, 30 min idle) and every sign-in, set-up and sign-out is in the audit log.

export const STAFF_SESSION_SECONDS = 12 * 3600;
export const STAFF_IDLE_SECONDS = 30 * 60;
export const SETUP_LINK_SECONDS = 24 * 3600;
const CHALLENGE_SECONDS = 5 * 60;
/** A session's last_seen_at is written at most this often (a request per click would be a write per click). */
const TOUCH_EVERY_MS = 60_000;
const TOTP_PERIOD = 30;

export type WebAuthnConfig = { rpId: string; rpName: string; origins: string[] };

/** The demo's staff member (embedded demo mode only; README "Signing in to /ops/"). */
export const DEMO_STAFF = {
  email: 'beheer@demo.vrachtmarkt.be',
  name: 'Demo Beheerder',
  password: 'demo-beheer-2026',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
} as const;

type Deps = { db: Db; audit: AuditService; now: () => Date; webauthn: WebAuthnConfig; limiter: Limiter; issuer?: string };

const signInFailed = () => new ApiError(401, 'sign_in_failed', 'staff_sign_in_failed');
const passkeyFailed = () => new ApiError(401, 'sign_in_failed', 'passkey_failed');
const setupInvalid = () => new ApiError(400, 'setup_invalid', 'staff_setup_invalid');
const challengeInvalid = () => new ApiError(400, 'challenge_invalid', 'passkey_challenge_invalid');

export function staffService({ db, audit, now, webauthn, limiter, issuer = 'Vrachtmarkt beheer' }: Deps) {
  const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
  const later = (s: number) => new Date(now().getTime() + s * 1000);

  /** The time step a code matches (one step of drift either way), or null. */
  async function totpStep(secret: string, code: string): Promise<number | null> {
    const epoch = seconds(now());
    const r = await verifyTotp({ secret, token: code, epoch, epochTolerance: TOTP_PERIOD }).catch(() => ({ valid: false as const }));
    return r.valid ? Math.floor(epoch / TOTP_PERIOD) + r.delta : null;
  }

  async function openSession(trx: Executor, staff: repo.StaffRow, method: 'password' | 'passkey'): Promise<StaffSession> {
    const token = newToken();
    const expiresAt = later(STAFF_SESSION_SECONDS);
    const sessionId = await repo.insertSession(trx, { tokenHash: hashToken(token), staffId: staff.id, method, at: now(), expiresAt });
    await audit.record(trx, { staffId: staff.id, action: 'staff.signed_in', subjectType: 'staff', subjectId: staff.id, details: { method, session_id: sessionId } });
    return { token, expires_at: seconds(expiresAt), idle_timeout: STAFF_IDLE_SECONDS, staff: toStaffRead(staff, await repo.countPasskeys(trx, staff.id)) };
  }

  async function newChallenge(trx: Executor, purpose: 'register' | 'sign_in', challenge: string, staffId: number | null): Promise<string> {
    const id = newToken();
    await repo.insertChallenge(trx, { idHash: hashToken(id), purpose, challenge, staffId, expiresAt: later(CHALLENGE_SECONDS) });
    return id;
  }

  async function registrationOptions(trx: Executor, staff: repo.StaffRow): Promise<PasskeyOptions> {
    const existing = await repo.passkeysOf(trx, staff.id);
    const options = await generateRegistrationOptions({
      rpName: webauthn.rpName,
      rpID: webauthn.rpId,
      userName: staff.email,
      userDisplayName: staff.name,
      userID: new TextEncoder().encode(`staff-${staff.id}`),
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports as AuthenticatorTransport[] })),
      // A discoverable credential with user verification: the passkey alone signs in.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const challengeId = await newChallenge(trx, 'register', options.challenge, staff.id);
    return { challenge_id: challengeId, options: { ...options } };
  }

  async function registerPasskey(trx: Executor, staff: repo.StaffRow, challengeId: string, credential: RegistrationResponseJSON): Promise<void> {
    const challenge = await repo.takeChallenge(trx, hashToken(challengeId), 'register', staff.id, now());
    if (!challenge) throw challengeInvalid();
    const result = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: webauthn.origins,
      expectedRPID: webauthn.rpId,
      requireUserVerification: true,
    }).catch(() => null);
    if (!result?.verified || !result.registrationInfo) throw passkeyFailed();
    const c = result.registrationInfo.credential;
    if (await repo.passkeyById(trx, c.id)) throw passkeyFailed();
    await repo.insertPasskey(trx, { id: c.id, staffId: staff.id, publicKey: c.publicKey, counter: c.counter, transports: c.transports ?? [], createdAt: now() });
  }

  async function setupStaff(trx: Executor, token: string, lock: boolean): Promise<{ staff: repo.StaffRow; totpSecret: string; expiresAt: Date }> {
    const link = await repo.openSetupToken(trx, hashToken(token), now(), lock);
    if (!link) throw setupInvalid();
    const staff = await repo.staffById(trx, link.staffId);
    if (!staff || staff.disabledAt) throw setupInvalid();
    return { staff, totpSecret: link.totpSecret, expiresAt: link.expiresAt };
  }

  async function issueSetupLink(trx: Executor, staffId: number): Promise<{ token: string; expiresAt: Date }> {
    await repo.retireSetupTokens(trx, staffId, now());
    const token = newToken();
    const expiresAt = later(SETUP_LINK_SECONDS);
    await repo.insertSetupToken(trx, { tokenHash: hashToken(token), staffId, totpSecret: generateSecret(), at: now(), expiresAt });
    return { token, expiresAt };
  }

  return {
    /** The staff member of a bearer token on /api/ops, or null (unknown, revoked, expired, idle too long, disabled). */
    async authenticate(token: string): Promise<StaffAuth | null> {
      const s = await repo.sessionByTokenHash(db, hashToken(token));
      const at = now();
      if (!s || s.revokedAt || s.disabledAt || s.expiresAt <= at || at.getTime() - s.lastSeenAt.getTime() > STAFF_IDLE_SECONDS * 1000) return null;
      if (at.getTime() - s.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await repo.touchSession(db, s.id, at);
      return { staffId: s.staffId, sessionId: s.id, role: s.role, name: s.name, email: s.email };
    },

    async me(staffId: number): Promise<StaffRead> {
      const staff = await repo.staffById(db, staffId);
      if (!staff) throw new ApiError(401, 'access_denied', 'access_denied');
      return toStaffRead(staff, await repo.countPasskeys(db, staffId));
    },

    /** Email + password + TOTP code. Every failure answers the same, after the same work. */
    async signInWithPassword(input: StaffPasswordSignIn): Promise<StaffSession> {
      const email = input.email.toLowerCase();
      const wait = await limiter.hit(email);
      if (wait > 0) throw tooManyRequests(wait);
      const staff = await repo.staffByEmail(db, email);
      const passwordOk = await verifyPassword(staff?.passwordHash ?? (await dummyPasswordHash()), input.password);
      const step = staff?.totpSecret ? await totpStep(staff.totpSecret, input.code) : null;
      if (!staff || staff.disabledAt || !staff.passwordHash || !passwordOk || step === null) {
        if (staff) await db.transaction().execute((trx) => audit.record(trx, { staffId: staff.id, action: 'staff.sign_in_failed', subjectType: 'staff', subjectId: staff.id, details: { method: 'password' } }));
        throw signInFailed();
      }
      return db.transaction().execute(async (trx) => {
        // A code works once, even within its 30 seconds.
        if (!(await repo.useTotpStep(trx, staff.id, step))) throw signInFailed();
        return openSession(trx, staff, 'password');
      });
    },

    /** Options for a discoverable passkey: no e-mail asked; the authenticator picks the account. */
    async passkeySignInOptions(): Promise<PasskeyOptions> {
      const options = await generateAuthenticationOptions({ rpID: webauthn.rpId, userVerification: 'required' });
      const challengeId = await newChallenge(db, 'sign_in', options.challenge, null);
      return { challenge_id: challengeId, options: { ...options } };
    },

    async signInWithPasskey(challengeId: string, credential: AuthenticationResponseJSON): Promise<StaffSession> {
      return db.transaction().execute(async (trx) => {
        const challenge = await repo.takeChallenge(trx, hashToken(challengeId), 'sign_in', null, now());
        if (!challenge) throw challengeInvalid();
        const passkey = await repo.passkeyById(trx, credential.id);
        const staff = passkey ? await repo.staffById(trx, passkey.staffId) : null;
        if (!passkey || !staff || staff.disabledAt) throw passkeyFailed();
        const result = await verifyAuthenticationResponse({
          response: credential,
          expectedChallenge: challenge,
          expectedOrigin: webauthn.origins,
          expectedRPID: webauthn.rpId,
          credential: { id: passkey.id, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.counter, transports: passkey.transports as AuthenticatorTransport[] },
          requireUserVerification: true,
        }).catch(() => null);
        if (!result?.verified) throw passkeyFailed();
        await repo.passkeyUsed(trx, passkey.id, result.authenticationInfo.newCounter, now());
        return openSession(trx, staff, 'passkey');
      });
    },

    async signOut(staff: StaffAuth): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (await repo.revokeSession(trx, staff.sessionId, now())) {
          await audit.record(trx, { staffId: staff.staffId, action: 'staff.signed_out', subjectType: 'staff', subjectId: staff.staffId, details: { session_id: staff.sessionId } });
        }
      });
    },

    async checkSetup(token: string): Promise<SetupInfo> {
      const { staff, totpSecret, expiresAt } = await setupStaff(db, token, false);
      return {
        email: staff.email,
        name: staff.name,
        role: staff.role,
        expires_at: seconds(expiresAt),
        totp_secret: totpSecret,
        otpauth_uri: generateURI({ issuer, label: staff.email, secret: totpSecret }),
      };
    },

    /** The set-up link's password + TOTP: a first matching code proves the authenticator app has the secret. */
    async setUpPassword(token: string, password: string, code: string): Promise<StaffSession> {
      const passwordHash = await hashPassword(password);
      return db.transaction().execute(async (trx) => {
        const { staff, totpSecret } = await setupStaff(trx, token, true);
        const step = await totpStep(totpSecret, code);
        if (step === null) throw fieldError('code', 'code_invalid');
        await repo.setPasswordAndTotp(trx, staff.id, passwordHash, totpSecret, step);
        await repo.useSetupToken(trx, hashToken(token), now());
        await audit.record(trx, { staffId: staff.id, action: 'staff.set_up', subjectType: 'staff', subjectId: staff.id, details: { method: 'password' } });
        return openSession(trx, { ...staff, passwordHash, totpSecret }, 'password');
      });
    },

    async setupPasskeyOptions(token: string): Promise<PasskeyOptions> {
      return db.transaction().execute(async (trx) => registrationOptions(trx, (await setupStaff(trx, token, false)).staff));
    },

    async setUpPasskey(token: string, challengeId: string, credential: RegistrationResponseJSON): Promise<StaffSession> {
      return db.transaction().execute(async (trx) => {
        const { staff } = await setupStaff(trx, token, true);
        await registerPasskey(trx, staff, challengeId, credential);
        await repo.useSetupToken(trx, hashToken(token), now());
        await audit.record(trx, { staffId: staff.id, action: 'staff.set_up', subjectType: 'staff', subjectId: staff.id, details: { method: 'passkey' } });
        return openSession(trx, staff, 'passkey');
      });
    },

    /** A signed-in staff member adds a passkey. */
    async passkeyOptionsFor(staffId: number): Promise<PasskeyOptions> {
      return db.transaction().execute(async (trx) => {
        const staff = await repo.staffById(trx, staffId);
        if (!staff) throw new ApiError(401, 'access_denied', 'access_denied');
        return registrationOptions(trx, staff);
      });
    },

    async addPasskey(staffId: number, challengeId: string, credential: RegistrationResponseJSON): Promise<StaffRead> {
      return db.transaction().execute(async (trx) => {
        const staff = await repo.staffById(trx, staffId, true);
        if (!staff) throw new ApiError(401, 'access_denied', 'access_denied');
        await registerPasskey(trx, staff, challengeId, credential);
        await audit.record(trx, { staffId, action: 'staff.passkey_added', subjectType: 'staff', subjectId: staffId, details: { passkey_id: credential.id } });
        return toStaffRead(staff, await repo.countPasskeys(trx, staffId));
      });
    },

    /** `npm run admin -- staff create`: the account and its one-time set-up link's token; null when the e-mail is taken. */
    async create(input: { email: string; name: string; role: StaffRole }): Promise<{ id: number; token: string; expiresAt: Date } | null> {
      return db.transaction().execute(async (trx) => {
        const id = await repo.insertStaff(trx, { email: input.email.toLowerCase(), name: input.name, role: input.role, createdAt: now() });
        if (id === null) return null;
        const link = await issueSetupLink(trx, id);
        await audit.record(trx, { staffId: null, action: 'staff.created', subjectType: 'staff', subjectId: id, details: { email: input.email.toLowerCase(), role: input.role } });
        return { id, ...link };
      });
    },

    /** A new set-up link for an existing staff member (the old ones stop working); null when unknown. */
    async newSetupLink(email: string): Promise<{ token: string; expiresAt: Date } | null> {
      return db.transaction().execute(async (trx) => {
        const staff = await repo.staffByEmail(trx, email.toLowerCase());
        if (!staff) return null;
        const link = await issueSetupLink(trx, staff.id);
        await audit.record(trx, { staffId: null, action: 'staff.setup_link_issued', subjectType: 'staff', subjectId: staff.id });
        return link;
      });
    },

    /** Demo mode on the embedded database: the README's admin, once. */
    async seedDemo(): Promise<void> {
      if (await repo.staffByEmail(db, DEMO_STAFF.email)) return;
      const passwordHash = await hashPassword(DEMO_STAFF.password);
      await db.transaction().execute(async (trx) => {
        const id = await repo.insertStaff(trx, { email: DEMO_STAFF.email, name: DEMO_STAFF.name, role: 'admin', passwordHash, totpSecret: DEMO_STAFF.totpSecret, createdAt: now() });
        if (id !== null) await audit.record(trx, { staffId: null, action: 'staff.created', subjectType: 'staff', subjectId: id, details: { email: DEMO_STAFF.email, role: 'admin', demo: true } });
      });
    },
  };
}

export type StaffService = ReturnType<typeof staffService>;
