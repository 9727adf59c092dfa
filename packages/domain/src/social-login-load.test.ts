import { describe, expect, it } from 'vitest';

// The module is imported inside the test, not at the top of the file: a malformed schema (a
// discriminated union whose option lacks the `status` it is told by) throws while the module loads,
// and that must fail a test here rather than only break the collection of the other test files.

describe('the answer to a ticket, as the module builds it', () => {
  it('loads, and tells the three answers apart by their status', async () => {
    const { socialTicketResultSchema } = await import('./social-login.ts');
    const token = { access_token: 'a', expires_in: 3600, token_type: 'Bearer', scope: 'app' };
    const answers = [
      { status: 'signed_in', token, redirect: '/jobs' },
      { status: 'password_needed', provider: 'oidc', email: 'an@example.be', redirect: '/jobs' },
      { status: 'register', provider: 'facebook', email: null, first_name: 'An', last_name: null, birthday: null, picture: null, redirect: '/' },
    ];
    for (const answer of answers) expect(socialTicketResultSchema.parse(answer), answer.status).toEqual(answer);
    // A status says which fields belong: the register fields do not make a password_needed answer.
    expect(socialTicketResultSchema.safeParse({ ...answers[2], status: 'password_needed' }).success).toBe(false);
  });
});
