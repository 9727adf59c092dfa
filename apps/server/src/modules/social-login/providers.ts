import * as oidc from 'openid-client';
import type { SocialProvider } from '@vm/domain';
import type { AppConfig } from '../../env.ts';
import type { Profile } from './social-login.repository.ts';

/** What the service needs of a provider: where to send the browser, and who came back. */
export type ProviderClient = {
  name: SocialProvider;
  authorizationUrl(p: { redirectUri: string; state: string; codeChallenge: string; nonce: string }): Promise<URL>;
  /** Exchanges the code (with the PKCE verifier) and reads the person; throws on anything wrong. */
  profile(p: { callbackUrl: URL; redirectUri: string; code: string; state: string; verifier: string; nonce: string }): Promise<Profile>;
};

/** "1990-04-25" (OIDC birthdate) -> "25/04/1990"; a year of 0000 (unknown) or anything else -> null. */
export function birthdayFromIso(v: unknown): string | null {
  const m = typeof v === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(v) : null;
  return m && m[1] !== '0000' ? `${m[3]}/${m[2]}/${m[1]}` : null;
}

/** "04/25/1990" (Facebook: MM/DD/YYYY) -> "25/04/1990"; a partial birthday (MM/DD, YYYY) -> null. */
export function birthdayFromFacebook(v: unknown): string | null {
  const m = typeof v === 'string' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v) : null;
  return m ? `${m[2]}/${m[1]}/${m[3]}` : null;
}

/** A name or address of reasonable size, or null (the register form checks it again). */
const text = (v: unknown, max = 200): string | null => (typeof v === 'string' && v.trim() && v.length <= max ? v.trim() : null);
const url = (v: unknown): string | null => (typeof v === 'string' && /^https?:\/\//.test(v) && v.length <= 2000 ? v : null);

async function json(res: Response, what: string): Promise<Record<string, unknown>> {
  if (!res.ok) throw new Error(`${what} answered ${res.status}`);
  const body: unknown = await res.json();
  if (!body || typeof body !== 'object') throw new Error(`${what} answered no object`);
  return body as Record<string, unknown>;
}

/** Facebook Login, the manual flow (authorization code + PKCE) against the Graph API. */
export function facebookProvider(c: NonNullable<AppConfig['social']['facebook']>, timeoutMs: number): ProviderClient {
  return {
    name: 'facebook',
    async authorizationUrl({ redirectUri, state, codeChallenge }) {
      const u = new URL(c.authUrl);
      u.search = new URLSearchParams({
        client_id: c.appId,
        redirect_uri: redirectUri,
        state,
        response_type: 'code',
        scope: 'email,public_profile,user_birthday',
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return u;
    },
    async profile({ redirectUri, code, verifier }) {
      const tokenUrl = new URL(`${c.graphUrl}/oauth/access_token`);
      tokenUrl.search = new URLSearchParams({ client_id: c.appId, client_secret: c.appSecret, redirect_uri: redirectUri, code, code_verifier: verifier }).toString();
      const token = await json(await fetch(tokenUrl, { signal: AbortSignal.timeout(timeoutMs) }), 'facebook token endpoint');
      if (typeof token.access_token !== 'string') throw new Error('facebook token endpoint answered no access_token');
      const me = new URL(`${c.graphUrl}/me`);
      me.search = new URLSearchParams({ fields: 'id,email,first_name,last_name,picture.type(large),birthday' }).toString();
      const p = await json(
        await fetch(me, { headers: { authorization: `Bearer ${token.access_token}` }, signal: AbortSignal.timeout(timeoutMs) }),
        'facebook /me',
      );
      const subject = text(p.id, 100);
      if (!subject) throw new Error('facebook /me answered no id');
      const picture = (p.picture as { data?: { url?: unknown; is_silhouette?: unknown } } | undefined)?.data;
      return {
        subject,
        email: text(p.email, 254)?.toLowerCase() ?? null,
        firstName: text(p.first_name),
        lastName: text(p.last_name),
        birthday: birthdayFromFacebook(p.birthday),
        pictureUrl: picture && picture.is_silhouette !== true ? url(picture.url) : null,
      };
    },
  };
}

/**
 * Any OpenID Connect provider (itsme, Google...) through openid-client: discovery, PKCE, state,
 * nonce and the ID token's signature, issuer, audience and times are checked by the library.
 */
export function oidcProvider(c: NonNullable<AppConfig['social']['oidc']>, timeoutMs: number): ProviderClient {
  let discovered: Promise<oidc.Configuration> | null = null;
  const configuration = () => {
    const issuer = new URL(c.issuer);
    discovered ??= oidc
      .discovery(issuer, c.clientId, c.clientSecret, undefined, {
        timeout: Math.ceil(timeoutMs / 1000),
        // env.ts allows plain http only for a provider on this machine (the tests' fake).
        ...(issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .catch((err: unknown) => {
        discovered = null; // the next login tries again
        throw err;
      });
    return discovered;
  };
  return {
    name: 'oidc',
    async authorizationUrl({ redirectUri, state, codeChallenge, nonce }) {
      return oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: c.scopes,
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
    },
    async profile({ callbackUrl, verifier, state, nonce }) {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      let info: Record<string, unknown> = {};
      if (config.serverMetadata().userinfo_endpoint) info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      const all: Record<string, unknown> = { ...info, ...claims };
      return {
        subject: claims.sub,
        email: text(all.email, 254)?.toLowerCase() ?? null,
        firstName: text(all.given_name),
        lastName: text(all.family_name),
        birthday: birthdayFromIso(all.birthdate),
        pictureUrl: url(all.picture),
      };
    },
  };
}
