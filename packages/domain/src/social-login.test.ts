import { describe, expect, it } from 'vitest';
import { safeAppRoute } from './app-route.ts';
import { socialTicketResultSchema } from './social-login.ts';

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
