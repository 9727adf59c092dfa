import { type Locale, type RegisterUserInput, safeAppRoute, type SocialError, type SocialProvider, type SocialTicketResult, type TokenResponse } from '@vm/domain';
import * as oidc from 'openid-client';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/secrets.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { FilesService } from '../files/files.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { fetchPicture } from './picture-fetch.ts';
import type { ProviderClient } from './providers.ts';
import { seal, unseal } from './sealing.ts';
import * as repo from './social-login.repository.ts';
import type { Profile } from './social-login.repository.ts';

/** A flow at the provider must come back within this (docs/decisions/0018-social-login.md). */
export const STATE_TTL_SECONDS = 600;
/** Long enough to verify a phone number and register; spent by the first sign-in, link or registration. */
export const TICKET_TTL_SECONDS = 1800;
const DEFAULT_REDIRECT = '/jobs';

type Log = { warn: (obj: object, msg: string) => void };

type Deps = {
  db: Db;
  providers: Partial<Record<SocialProvider, ProviderClient>>;
  auth: Pick<AuthService, 'checkPassword' | 'signIn'>;
  users: Pick<UsersService, 'register' | 'idByEmail'>;
  files: Pick<FilesService, 'preview' | 'saveProfilePicture'>;
  publicUrl: string;
  timeoutMs: number;
  now: () => Date;
  log: Log;
};

const ticketInvalid = () => new ApiError(400, 'invalid_grant', 'social_ticket_invalid');
const notConfigured = () => new ApiError(404, 'not_found', 'social_not_configured');
const loginPage = (error: SocialError) => `/#/login?social_error=${error}`;

export function socialLoginService({ db, providers, auth, users, files, publicUrl, timeoutMs, now, log }: Deps) {
  const redirectUri = (provider: SocialProvider) => `${publicUrl}/api/auth/${provider}/callback`;
  // Plain http pictures only while the whole app runs on this machine (the tests' fakes).
  const allowHttpPictures = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(publicUrl);
  const providerOf = (name: SocialProvider) => {
    const p = providers[name];
    if (!p) throw notConfigured();
    return p;
  };

  async function validTicket(ticket: string) {
    const hash = hashToken(ticket);
    const record = await repo.findTicket(db, hash, now());
    if (!record) throw ticketInvalid();
    return { hash, record };
  }

  return {
    enabled: (name: SocialProvider) => Boolean(providers[name]),

    /** Where to send the browser: the provider's login, with a fresh state, PKCE challenge and nonce (or the login page when the provider cannot be reached). */
    async start(name: SocialProvider, redirect: string | undefined): Promise<string> {
      const provider = providerOf(name);
      const state = oidc.randomState();
      const verifier = oidc.randomPKCECodeVerifier();
      const nonce = oidc.randomNonce();
      let url: URL;
      try {
        url = await provider.authorizationUrl({ redirectUri: redirectUri(name), state, codeChallenge: await oidc.calculatePKCECodeChallenge(verifier), nonce });
      } catch (err) {
        // The provider's discovery document is unreachable or wrong: the person learns it on the login page.
        log.warn({ provider: name, reason: err instanceof Error ? err.message : String(err) }, 'social login could not start');
        return loginPage('failed');
      }
      await repo.insertState(db, 
        {
          stateHash: hashToken(state),
          provider: name,
          sealed: seal(state, { verifier, nonce }),
          redirect: safeAppRoute(redirect) ?? DEFAULT_REDIRECT,
          expiresAt: new Date(now().getTime() + STATE_TTL_SECONDS * 1000),
        },
        now(),
      );
      return url.href;
    },

    /**
     * The provider sent the browser back: where to send it now. A missing, unknown, spent or
     * expired state, or anything the provider's answers fail, leads to the login page with a
     * reason; success to the web app's /social route with a one-time ticket (in the fragment, so
     * it reaches no server log).
     */
    async callback(name: SocialProvider, query: { code?: string; state?: string; error?: string }, rawQuery: string): Promise<string> {
      const provider = providerOf(name);
      if (!query.state) return loginPage(query.error ? 'cancelled' : 'refused');
      const started = await repo.spendState(db, hashToken(query.state), now());
      if (!started || started.provider !== name) return loginPage('refused');
      if (started.expiresAt <= now()) return loginPage('expired');
      if (query.error || !query.code) return loginPage('cancelled');
      const secrets = unseal(query.state, started.sealed);
      if (!secrets?.verifier || !secrets.nonce) return loginPage('refused');
      let profile: Profile;
      try {
        const callbackUrl = new URL(redirectUri(name));
        callbackUrl.search = rawQuery;
        profile = await provider.profile({ callbackUrl, redirectUri: redirectUri(name), code: query.code, state: query.state, verifier: secrets.verifier, nonce: secrets.nonce });
      } catch (err) {
        // The reason only (a wrong nonce, a refused code): never a token or a code.
        log.warn({ provider: name, reason: err instanceof Error ? err.message : String(err) }, 'social login refused');
        return loginPage('failed');
      }
      const ticket = newToken();
      await repo.insertTicket(db, 
        { ticketHash: hashToken(ticket), provider: name, redirect: started.redirect, expiresAt: new Date(now().getTime() + TICKET_TTL_SECONDS * 1000), ...profile },
        now(),
      );
      return `/#/social?ticket=${ticket}`;
    },

    /** What the web app does next: a linked identity signs in (and spends the ticket); else password or registration. */
    async useTicket(ticket: string, clientId: string): Promise<SocialTicketResult> {
      const { hash, record } = await validTicket(ticket);
      const provider = record.provider as SocialProvider;
      const linked = await repo.userOf(db, provider, record.subject);
      if (linked !== null) {
        if (!(await db.transaction().execute((trx) => repo.spendTicket(trx, hash, now())))) throw ticketInvalid();
        return { status: 'signed_in', token: await auth.signIn(clientId, linked), redirect: record.redirect };
      }
      // An existing account is never taken over by an email alone: its owner proves it with the password.
      if (record.email && (await users.idByEmail(record.email)) !== null) {
        return { status: 'password_needed', provider, email: record.email, redirect: record.redirect };
      }
      const bytes = record.pictureUrl ? await fetchPicture(record.pictureUrl, { timeoutMs, allowHttp: allowHttpPictures }) : null;
      const picture = bytes ? await files.preview(bytes).catch(() => null) : null;
      return {
        status: 'register',
        provider,
        email: record.email,
        first_name: record.firstName,
        last_name: record.lastName,
        birthday: record.birthday,
        picture,
        redirect: record.redirect,
      };
    },

    /** The account's password proves the person owns it: only then is the identity linked and they are signed in. */
    async link(ticket: string, clientId: string, password: string): Promise<TokenResponse> {
      const { hash, record } = await validTicket(ticket);
      if (!record.email) throw ticketInvalid();
      const userId = await auth.checkPassword(record.email, password);
      // Tokens first: a client that may not sign users in links nothing either.
      const tokens = await auth.signIn(clientId, userId);
      await db.transaction().execute(async (trx) => {
        if (!(await repo.spendTicket(trx, hash, now()))) throw ticketInvalid();
        await repo.link(trx, record.provider, record.subject, userId);
      });
      return tokens;
    },

    /** Registration with a ticket: the identity is linked with the account, and its picture becomes the profile picture. */
    async register(input: RegisterUserInput, locale: Locale): Promise<{ id: number }> {
      const { hash, record } = await validTicket(input.social_ticket ?? '');
      if ((await repo.userOf(db, record.provider, record.subject)) !== null) throw ticketInvalid();
      const created = await users.register(input, locale, async (trx, userId) => {
        if (!(await repo.spendTicket(trx, hash, now()))) throw ticketInvalid();
        await repo.link(trx, record.provider, record.subject, userId);
      });
      if (record.pictureUrl) {
        // Best effort: a picture that cannot be fetched or fails the upload checks leaves none.
        const bytes = await fetchPicture(record.pictureUrl, { timeoutMs, allowHttp: allowHttpPictures });
        if (bytes) {
          await files.saveProfilePicture(created.id, bytes).catch((err: unknown) => {
            log.warn({ provider: record.provider, reason: err instanceof Error ? err.message : String(err) }, 'social login picture not stored');
          });
        }
      }
      return created;
    },
  };
}

export type SocialLoginService = ReturnType<typeof socialLoginService>;
