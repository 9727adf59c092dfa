import { randomUUID } from 'node:crypto';
import { type TokenResponse, tokenRequestSchema } from '@vm/domain';
import { ApiError, tooManyRequests } from '../../lib/errors.ts';
import type { Auth } from '../../lib/request-context.ts';
import type { Limiter } from '../../lib/rate-limiter.ts';
import { hashToken, newToken, safeEqual } from '../../lib/secrets.ts';
import type { Db, Executor } from '../../db/database.ts';
import type { EventsService } from '../events/events.service.ts';
import type { AccessTokenCache } from './access-token-cache.ts';
import * as authRepository from './auth.repository.ts';
import type { ClientRecord } from './auth.repository.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';

export const SUPPORTED_SCOPES = ['app'] as const;

export type { Auth } from '../../lib/request-context.ts';
export type { TokenResponse } from '@vm/domain';

const oauthError = (error: string, key: string, status = 400) => new ApiError(status, error, key);

/** The repository's functions; a test may hand in a wrapped set. */
export type AuthRepository = typeof authRepository;

type Deps = {
  db: Db;
  repo?: AuthRepository;
  /** Tells every process (their token caches) that a user's sessions ended. */
  events: Pick<EventsService, 'record'>;
  /** Valid tokens seen recently (forgotten on revocation); none in tests that want every lookup. */
  cache: AccessTokenCache | null;
  now: () => Date;
  accessTtl: number;
  refreshTtl: number;
  /** A refresh token spent less than this long ago may come back once more without ending its family (two tabs refreshing at once). */
  refreshReuseGraceSeconds: number;
  usernameLimiter: Limiter;
};

export function authService({ db, repo = authRepository, events, cache, now, accessTtl, refreshTtl, refreshReuseGraceSeconds, usernameLimiter }: Deps) {
  /** Inside the revoking transaction: this process's cache forgets the user now, every other process on the event. */
  async function revoked(trx: Executor, userId: number): Promise<void> {
    cache?.forgetUser(userId);
    await events.record(trx, [{ userId, type: 'session.revoked', shipmentId: null, payload: {} }]);
  }

  async function checkClient(clientId: string, secret: string | undefined, grant: string): Promise<ClientRecord> {
    const client = await repo.findClient(db, clientId);
    // A public client (no secret) ignores any secret sent; a confidential one must match.
    if (!client || (client.secretHash && !(secret && safeEqual(hashToken(secret), client.secretHash)))) {
      throw oauthError('invalid_client', 'invalid_client', 401);
    }
    if (!client.grants.includes(grant)) throw oauthError('unauthorized_client', 'unsupported_grant_type');
    return client;
  }

  function checkScope(requested: string | undefined): string {
    const scopes = (requested ?? 'app').split(' ').filter(Boolean);
    if (scopes.length === 0 || scopes.some((s) => !(SUPPORTED_SCOPES as readonly string[]).includes(s))) {
      throw oauthError('invalid_scope', 'invalid_scope');
    }
    return scopes.join(' ');
  }

  async function issue(clientId: string, userId: number | null, scope: string, familyId: string | null): Promise<TokenResponse> {
    const issuedAt = now();
    const access = newToken();
    await repo.insertAccessToken(db, {
      tokenHash: hashToken(access),
      clientId,
      userId,
      familyId,
      scope,
      expiresAt: new Date(issuedAt.getTime() + accessTtl * 1000),
    });
    const response: TokenResponse = { access_token: access, expires_in: accessTtl, token_type: 'Bearer', scope };
    if (userId !== null && familyId !== null) {
      const refresh = newToken();
      await repo.insertRefreshToken(db, {
        tokenHash: hashToken(refresh),
        familyId,
        clientId,
        userId,
        scope,
        expiresAt: new Date(issuedAt.getTime() + refreshTtl * 1000),
      });
      response.refresh_token = refresh;
    }
    return response;
  }

  /** The account of this email and password; counted by the per-username limit, refused alike for a wrong email or password. */
  async function checkPassword(username: string, password: string): Promise<number> {
    const wait = await usernameLimiter.hit(username.trim().toLowerCase());
    if (wait > 0) throw tooManyRequests(wait);
    const user = await repo.findUserCredentials(db, username.trim());
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !ok) throw oauthError('invalid_grant', 'invalid_credentials');
    return user.id;
  }

  const invalidRefresh = () => oauthError('invalid_request', 'refresh_token_invalid');

  return {
    async grant(body: unknown): Promise<TokenResponse> {
      const grantType = (body as { grant_type?: unknown } | null)?.grant_type;
      const parsed = tokenRequestSchema.safeParse(body);
      if (!parsed.success) {
        if (grantType === 'refresh_token') throw invalidRefresh();
        if (typeof grantType === 'string' && !['password', 'client_credentials'].includes(grantType)) {
          throw oauthError('unsupported_grant_type', 'unsupported_grant_type');
        }
        throw oauthError('invalid_request', 'invalid_body');
      }
      const req = parsed.data;
      const client = await checkClient(req.client_id, req.client_secret, req.grant_type);

      switch (req.grant_type) {
        case 'client_credentials':
          // RFC 6749 4.4.3: no refresh token for a client-only token.
          return issue(client.id, null, checkScope(req.scope), null);

        case 'password': {
          const scope = checkScope(req.scope);
          const userId = await checkPassword(req.username, req.password);
          return issue(client.id, userId, scope, randomUUID());
        }

        case 'refresh_token': {
          const tokenHash = hashToken(req.refresh_token);
          let record = await repo.findRefreshToken(db, tokenHash);
          if (!record || record.clientId !== client.id || record.revokedAt) throw invalidRefresh();
          if (!record.usedAt) {
            if (record.expiresAt <= now()) throw invalidRefresh();
            if (await repo.spendRefreshToken(db, tokenHash, now())) return issue(client.id, record.userId, record.scope, record.familyId);
            // A request racing this one spent it first: judged below by when that happened.
            record = await repo.findRefreshToken(db, tokenHash);
            if (!record || record.revokedAt) throw invalidRefresh();
          }
          // Spent moments ago (two tabs refreshing at once, a retry after a lost answer): a fresh
          // pair in the same family, as RFC 9700 4.14.2 allows. Later, a spent refresh token presented
          // again means it leaked: the whole family ends.
          if (record.usedAt && now().getTime() - record.usedAt.getTime() < refreshReuseGraceSeconds * 1000) {
            return issue(client.id, record.userId, record.scope, record.familyId);
          }
          const familyId = record.familyId;
          await db.transaction().execute(async (trx) => {
            const userId = await repo.revokeFamily(trx, familyId, now());
            if (userId !== null) await revoked(trx, userId);
          });
          throw invalidRefresh();
        }
      }
    },

    checkPassword,

    /** Ends every session of a user (a new password); every process hears of it. */
    async revokeAllForUser(userId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await repo.revokeAllForUser(trx, userId, now());
        await revoked(trx, userId);
      });
    },

    /** The token sweep (a scheduled job): expired tokens go. */
    deleteExpired: () => repo.deleteExpired(db, now()),

    /**
     * Signs a user in who proved themselves another way (a linked social identity): the same
     * tokens as the password grant, for a client allowed that grant.
     */
    async signIn(clientId: string, userId: number): Promise<TokenResponse> {
      const client = await checkClient(clientId, undefined, 'password');
      return issue(client.id, userId, 'app', randomUUID());
    },

    async authenticate(accessToken: string): Promise<Auth | null> {
      const tokenHash = hashToken(accessToken);
      const cached = cache?.get(tokenHash);
      if (cached) return cached;
      const record = await repo.findAccessToken(db, tokenHash, now());
      if (!record) return null;
      const auth = { clientId: record.clientId, userId: record.userId, role: record.role, scope: record.scope };
      cache?.set(tokenHash, auth, record.expiresAt);
      return auth;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
