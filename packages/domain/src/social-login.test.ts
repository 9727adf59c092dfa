import { describe, expect, it } from 'vitest';
import { safeAppRoute } from './app-route.ts';
import { socialCallbackQuerySchema, socialLinkSchema, socialProviderParams, socialStartQuerySchema, socialTicketResultSchema, socialTicketSchema } from './social-login.ts';

describe('the route a social login returns to', () => {
  it("is one of the app's own routes, never another site", () => {
    expect(safeAppRoute('/jobs/create')).toBe('/jobs/create');
    expect(safeAppRoute('/jobs/create?step=6')).toBe('/jobs/create?step=6');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'jobs', '/jobs\n', '', null, undefined]) expect(safeAppRoute(bad), String(bad)).toBeNull();
  });
});

describe('the answer to a ticket', () => {
  it('is one of three, each with what the web app needs', () => {
    expect(socialTicketResultSchema.safeParse({ status: 'password_needed', provider: 'oidc', email: 'a@b.be', redirect: '/jobs' }).success).toBe(true);
    expect(socialTicketResultSchema.safeParse({ status: 'password_needed', provider: 'google', email: 'a@b.be', redirect: '/jobs' }).success).toBe(false);
    expect(socialTicketResultSchema.safeParse({ status: 'signed_in', redirect: '/jobs' }).success).toBe(false);
  });
});

describe('the answer to a ticket, field by field', () => {
  const token = { access_token: 'a', refresh_token: 'r', expires_in: 3600, token_type: 'Bearer', scope: 'app' };

  it('signs in with the tokens, and nothing of the provider reaches the web app', () => {
    const signedIn = { status: 'signed_in', token, redirect: '/jobs' };
    expect(socialTicketResultSchema.parse({ ...signedIn, provider_token: 'EAAB', token: { ...token, id_token: 'eyJ' } })).toEqual(signedIn);
    expect(socialTicketResultSchema.safeParse({ ...signedIn, token: { ...token, token_type: 'MAC' } }).success).toBe(false);
    expect(socialTicketResultSchema.safeParse({ ...signedIn, redirect: undefined }).success).toBe(false);
  });

  it('prefills the register form with what the provider told, each part possibly unknown', () => {
    const register = { status: 'register', provider: 'facebook', email: 'an@example.be', first_name: 'An', last_name: 'Peeters', birthday: '12/04/1988', picture: 'data:image/jpeg;base64,AA', redirect: '/' };
    expect(socialTicketResultSchema.parse(register)).toEqual(register);
    const unknown = { ...register, email: null, first_name: null, last_name: null, birthday: null, picture: null };
    expect(socialTicketResultSchema.parse(unknown)).toEqual(unknown);
    for (const field of ['email', 'first_name', 'last_name', 'birthday', 'picture', 'redirect', 'provider'] as const) {
      expect(socialTicketResultSchema.safeParse({ ...register, [field]: undefined }).success, field).toBe(false);
    }
    expect(socialTicketResultSchema.safeParse({ ...register, status: 'registered' }).success).toBe(false);
  });

  it('asks the password of an existing account with its email', () => {
    expect(socialTicketResultSchema.safeParse({ status: 'password_needed', provider: 'facebook', redirect: '/jobs' }).success).toBe(false);
  });
});

describe('the requests of a social login', () => {
  it('knows the two providers', () => {
    expect(socialProviderParams.parse({ provider: 'facebook' })).toEqual({ provider: 'facebook' });
    expect(socialProviderParams.parse({ provider: 'oidc' })).toEqual({ provider: 'oidc' });
    expect(socialProviderParams.safeParse({ provider: 'google' }).success).toBe(false);
  });

  it("takes a provider's answer with any part missing (a refused login, not a 400), but not unbounded", () => {
    expect(socialCallbackQuerySchema.parse({})).toEqual({});
    expect(socialCallbackQuerySchema.parse({ error: 'access_denied', state: 's' })).toEqual({ error: 'access_denied', state: 's' });
    expect(socialCallbackQuerySchema.safeParse({ code: 'c'.repeat(4000), state: 's'.repeat(200), error: 'e'.repeat(200) }).success).toBe(true);
    expect(socialCallbackQuerySchema.safeParse({ code: 'c'.repeat(4001) }).success).toBe(false);
    expect(socialCallbackQuerySchema.safeParse({ state: 's'.repeat(201) }).success).toBe(false);
    expect(socialCallbackQuerySchema.safeParse({ error: 'e'.repeat(201) }).success).toBe(false);
    expect(socialStartQuerySchema.parse({})).toEqual({});
    expect(socialStartQuerySchema.safeParse({ redirect: '/'.repeat(500) }).success).toBe(true);
    expect(socialStartQuerySchema.safeParse({ redirect: '/'.repeat(501) }).success).toBe(false);
  });

  it('says which field of a ticket or a password is missing or too long', () => {
    const message = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => r.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(socialTicketSchema.parse({ ticket: 't'.repeat(100) })).toEqual({ ticket: 't'.repeat(100) });
    expect(message(socialTicketSchema.safeParse({}))).toEqual(['ticket:required']);
    expect(message(socialTicketSchema.safeParse({ ticket: '' }))).toEqual(['ticket:required']);
    expect(message(socialTicketSchema.safeParse({ ticket: 't'.repeat(101) }))).toEqual(['ticket:too_long']);
    expect(socialLinkSchema.parse({ ticket: 't', password: 'p'.repeat(200) })).toEqual({ ticket: 't', password: 'p'.repeat(200) });
    expect(message(socialLinkSchema.safeParse({ ticket: 't' }))).toEqual(['password:required']);
    expect(message(socialLinkSchema.safeParse({ ticket: 't', password: '' }))).toEqual(['password:required']);
    expect(message(socialLinkSchema.safeParse({ ticket: 't', password: 'p'.repeat(201) }))).toEqual(['password:too_long']);
    expect(message(socialLinkSchema.safeParse({ password: 'p' }))).toEqual(['ticket:required']);
  });
});
