import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

// Local fakes of Facebook Login (OAuth 2 with PKCE, Graph /me) and of an OpenID Connect provider
// (discovery, JWKS, RS256 ID tokens), for the server tests and the Playwright specs. They check
// what a real provider checks (client id and secret, redirect URI, the PKCE verifier against the
// challenge, one use per code) and answer 400 otherwise, which the app must treat as a failed login.

export type FakeFacebookUser = { id: string; email?: string; first_name?: string; last_name?: string; birthday?: string; picture?: boolean };
export type FakeOidcUser = { sub: string; email?: string; given_name?: string; family_name?: string; birthdate?: string; picture?: boolean };

export const FAKE_CLIENT = { facebookId: 'fb-app-1', facebookSecret: 'fb-secret-1', oidcId: 'oidc-client-1', oidcSecret: 'oidc-secret-1' };

/** A 64x64 red PNG: the profile picture both fakes hand out. */
export const FAKE_PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAnklEQVRoge2SUQkAQBSDlsT+URbrQtyHPBgYwMlSOE10g24AesXuQtwlukE3AL1idyHuEt2gG4BesbsQd4lu0A1Ar9hdiLtEN+gGoFfsLsRdoht0A9ArdhfiLtENugHoFbsLcZfoBt0A9IrdhbhLdINuAHrF7kLcJbpBNwC9Ynch7hLdoBuAXrG7EHeJbtANQK/YXYi7RDfoBqBX/OEByqdA8W9OK+0AAAAASUVORK5CYII=',
  'base64',
);

export type FakeProviders = {
  url: string;
  /** The env that points the app at these fakes. */
  env: Record<string, string>;
  /** Who logs in next at each fake (the fakes sign in at once, without a page). */
  facebookUser: FakeFacebookUser;
  oidcUser: FakeOidcUser;
  /** The next ID token carries another nonce than the app sent (a replayed or forged token). */
  wrongNonce: boolean;
  /** Every check a fake refused, for a test to show (a failed login must not be the fake's fault). */
  refusals: string[];
  stop: () => Promise<void>;
};

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export async function startFakeProviders(): Promise<FakeProviders> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { kind: 'facebook' | 'oidc'; challenge: string; redirectUri: string; nonce?: string; user: FakeFacebookUser | FakeOidcUser }>();
  const accessTokens = new Map<string, FakeFacebookUser | FakeOidcUser>();

  const fake: FakeProviders = {
    url: '',
    env: {},
    facebookUser: { id: 'fb-1', email: 'fb.user@example.com', first_name: 'Fien', last_name: 'Facebook', birthday: '04/25/1990', picture: true },
    oidcUser: { sub: 'oidc-1', email: 'oidc.user@example.com', given_name: 'Ida', family_name: 'Itsme', birthdate: '1985-12-01', picture: true },
    wrongNonce: false,
    refusals: [],
    stop: async () => undefined,
  };

  const refuse = (res: http.ServerResponse, why: string) => {
    fake.refusals.push(why);
    res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_request', error_description: why }));
  };
  const json = (res: http.ServerResponse, body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const readBody = (req: http.IncomingMessage) =>
    new Promise<URLSearchParams>((resolve) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => resolve(new URLSearchParams(data)));
    });

  /** The authorization endpoint of either fake: checks the request, then returns at once with a code. */
  const authorize = (kind: 'facebook' | 'oidc', q: URLSearchParams, res: http.ServerResponse) => {
    const clientId = kind === 'facebook' ? FAKE_CLIENT.facebookId : FAKE_CLIENT.oidcId;
    if (q.get('client_id') !== clientId) return refuse(res, `${kind}: unknown client_id`);
    if (q.get('response_type') !== 'code') return refuse(res, `${kind}: response_type must be code`);
    if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) return refuse(res, `${kind}: no S256 code_challenge`);
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!/^http:\/\/127\.0\.0\.1:\d+\/api\/auth\/(facebook|oidc)\/callback$/.test(redirectUri)) return refuse(res, `${kind}: redirect_uri not registered`);
    if (!q.get('state')) return refuse(res, `${kind}: no state`);
    if (kind === 'oidc' && (!q.get('nonce') || !q.get('scope')?.split(' ').includes('openid'))) return refuse(res, 'oidc: no nonce or openid scope');
    const code = randomBytes(16).toString('base64url');
    codes.set(code, { kind, challenge: q.get('code_challenge')!, redirectUri, nonce: q.get('nonce') ?? undefined, user: kind === 'facebook' ? { ...fake.facebookUser } : { ...fake.oidcUser } });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.get('state')!);
    if (kind === 'oidc') back.searchParams.set('iss', `${fake.url}/oidc`);
    res.writeHead(302, { location: back.href }).end();
  };

  /** A code once, by its own client and redirect URI, with the verifier of its challenge. */
  const spendCode = (kind: 'facebook' | 'oidc', p: URLSearchParams, res: http.ServerResponse) => {
    const entry = codes.get(p.get('code') ?? '');
    codes.delete(p.get('code') ?? '');
    if (!entry || entry.kind !== kind) return refuse(res, `${kind}: unknown or spent code`), null;
    if (p.get('redirect_uri') !== entry.redirectUri) return refuse(res, `${kind}: redirect_uri differs`), null;
    if (s256(p.get('code_verifier') ?? '') !== entry.challenge) return refuse(res, `${kind}: code_verifier does not match the challenge`), null;
    return entry;
  };

  const server = http.createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', fake.url);
    const q = u.searchParams;
    try {
      switch (`${req.method} ${u.pathname}`) {
        case 'GET /picture.png':
          return void res.writeHead(200, { 'content-type': 'image/png' }).end(FAKE_PICTURE);

        case 'GET /facebook/dialog/oauth':
          return authorize('facebook', q, res);
        case 'GET /facebook/graph/oauth/access_token': {
          if (q.get('client_id') !== FAKE_CLIENT.facebookId || q.get('client_secret') !== FAKE_CLIENT.facebookSecret) return refuse(res, 'facebook: bad client credentials');
          const entry = spendCode('facebook', q, res);
          if (!entry) return;
          const token = randomBytes(16).toString('base64url');
          accessTokens.set(token, entry.user);
          return json(res, { access_token: token, token_type: 'bearer', expires_in: 5000 });
        }
        case 'GET /facebook/graph/me': {
          const user = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, '')) as FakeFacebookUser | undefined;
          if (!user) return refuse(res, 'facebook: unknown access token');
          const { picture, ...rest } = user;
          return json(res, { ...rest, ...(picture ? { picture: { data: { url: `${fake.url}/picture.png`, is_silhouette: false } } } : {}) });
        }

        case 'GET /oidc/.well-known/openid-configuration':
          return json(res, {
            issuer: `${fake.url}/oidc`,
            authorization_endpoint: `${fake.url}/oidc/authorize`,
            token_endpoint: `${fake.url}/oidc/token`,
            userinfo_endpoint: `${fake.url}/oidc/userinfo`,
            jwks_uri: `${fake.url}/oidc/jwks`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
            code_challenge_methods_supported: ['S256'],
            token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
            authorization_response_iss_parameter_supported: true,
          });
        case 'GET /oidc/jwks':
          return json(res, { keys: [jwk] });
        case 'GET /oidc/authorize':
          return authorize('oidc', q, res);
        case 'POST /oidc/token': {
          const p = await readBody(req);
          const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
          const [id, secret] = basic
            ? Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent)
            : [p.get('client_id'), p.get('client_secret')];
          if (id !== FAKE_CLIENT.oidcId || secret !== FAKE_CLIENT.oidcSecret) return refuse(res, 'oidc: bad client credentials');
          if (p.get('grant_type') !== 'authorization_code') return refuse(res, 'oidc: grant_type');
          const entry = spendCode('oidc', p, res);
          if (!entry) return;
          const user = entry.user as FakeOidcUser;
          const token = randomBytes(16).toString('base64url');
          accessTokens.set(token, user);
          const idToken = await new SignJWT({ nonce: fake.wrongNonce ? 'not-the-nonce-the-app-sent' : entry.nonce, email: user.email })
            .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
            .setIssuer(`${fake.url}/oidc`)
            .setAudience(FAKE_CLIENT.oidcId)
            .setSubject(user.sub)
            .setIssuedAt()
            .setExpirationTime('5m')
            .sign(privateKey);
          return json(res, { access_token: token, token_type: 'Bearer', expires_in: 300, id_token: idToken });
        }
        case 'GET /oidc/userinfo': {
          const user = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, '')) as FakeOidcUser | undefined;
          if (!user) return refuse(res, 'oidc: unknown access token');
          const { picture, ...rest } = user;
          return json(res, { ...rest, ...(picture ? { picture: `${fake.url}/picture.png` } : {}) });
        }
        default:
          res.writeHead(404).end();
      }
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.env = {
    FACEBOOK_APP_ID: FAKE_CLIENT.facebookId,
    FACEBOOK_APP_SECRET: FAKE_CLIENT.facebookSecret,
    FACEBOOK_AUTH_URL: `${fake.url}/facebook/dialog/oauth`,
    FACEBOOK_GRAPH_URL: `${fake.url}/facebook/graph`,
    OIDC_ISSUER: `${fake.url}/oidc`,
    OIDC_CLIENT_ID: FAKE_CLIENT.oidcId,
    OIDC_CLIENT_SECRET: FAKE_CLIENT.oidcSecret,
    OIDC_LABEL: 'itsme',
  };
  fake.stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return fake;
}
