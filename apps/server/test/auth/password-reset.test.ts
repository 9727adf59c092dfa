import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerAndLogin } from '../helpers/flows.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://app.example.be' });
});
afterAll(() => t.close());

/** Asks for a reset link and waits for the mail, which is sent after the answer. */
const forgot = async (email: string, lang = 'nl-BE') => {
  const res = await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email }, headers: { 'accept-language': lang } });
  await t.app.passwordResets.settled();
  return res;
};
const reset = (token: string, password: string, repeat = password) =>
  t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, password, repeat_password: repeat } });
const tokenFromMail = () => /reset-password\?token=([\w-]+)/.exec(t.mails.at(-1)!.text)![1]!;

describe('password reset by email', () => {
  it('mails a single-use link that sets a new password and ends old sessions', async () => {
    const u = await registerAndLogin(t);
    expect((await forgot(u.email)).statusCode).toBe(204);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(u.email);
    expect(mail.subject).toBe('Je wachtwoord herstellen');
    expect(mail.text).toContain('https://app.example.be/#/reset-password?token=');
    const token = tokenFromMail();

    expect((await reset(token, 'nieuw-geheim')).statusCode).toBe(204);
    expect((await login(t, u.email, 'nieuw-geheim')).statusCode).toBe(200);
    expect((await login(t, u.email, u.password)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: u.auth })).statusCode).toBe(401);

    const again = await reset(token, 'derde-geheim');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual([{ field: 'token', message: 'Deze link is al gebruikt om een nieuw wachtwoord te kiezen. Een link werkt maar één keer: vraag een nieuwe aan als dat nodig is.' }]);
  });

  it('answers before it looks the address up or sends anything, for known and unknown addresses alike', async () => {
    const u = await registerAndLogin(t);
    for (const email of [u.email, 'nobody-at-all@example.be']) {
      const before = t.mails.length;
      const res = await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email } });
      expect(res.statusCode).toBe(204);
      expect(t.mails.length).toBe(before);
      await t.app.passwordResets.settled();
      expect(t.mails.length).toBe(email === u.email ? before + 1 : before);
    }
  });

  it('says nothing about unknown addresses and sends no mail', async () => {
    const before = t.mails.length;
    expect((await forgot('nobody-here@example.be')).statusCode).toBe(204);
    expect(t.mails.length).toBe(before);
  });

  it('expires links after one hour, and writes the mail in English for other languages', async () => {
    const u = await registerAndLogin(t);
    await forgot(u.email, 'en');
    expect(t.mails.at(-1)!.subject).toBe('Reset your password');
    const token = tokenFromMail();
    t.clock.advance(3601);
    expect((await reset(token, 'nieuw-geheim')).statusCode).toBe(400);
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
  });

  it('validates the new password', async () => {
    const res = await reset('whatever', 'kort', 'korter');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      expect.arrayContaining([
        { field: 'password', message: 'Het wachtwoord moet minstens 6 tekens lang zijn.' },
        { field: 'repeat_password', message: 'De wachtwoorden komen niet overeen.' },
      ]),
    );
  });

  it('tells the reset page on opening whether its link is good, used, expired or unknown, without spending it', async () => {
    const check = async (token: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/password/reset/check', payload: { token } });
      expect(res.statusCode).toBe(200);
      return res.json().status;
    };
    const u = await registerAndLogin(t);
    await forgot(u.email);
    const first = tokenFromMail();
    await forgot(u.email);
    const second = tokenFromMail();
    expect(await check(first)).toBe('valid');
    expect(await check(first)).toBe('valid');
    expect(await check('not-a-token-we-made')).toBe('unknown');
    expect((await reset(first, 'nieuw-geheim')).statusCode).toBe(204);
    expect(await check(first)).toBe('used');
    // Every other open link of that user dies with the used one.
    expect(await check(second)).toBe('used');

    await forgot(u.email);
    const late = tokenFromMail();
    t.clock.advance(3601);
    expect(await check(late)).toBe('expired');
    expect((await reset(late, 'ander-geheim')).json()).toEqual([{ field: 'token', message: 'Deze link is verlopen: een link blijft 1 uur geldig. Vraag een nieuwe aan.' }]);
    expect((await reset('not-a-token-we-made', 'ander-geheim')).json()).toEqual([{ field: 'token', message: 'Deze link om je wachtwoord te herstellen is ongeldig of verlopen.' }]);
    const empty = await t.app.inject({ method: 'POST', url: '/api/password/reset/check', payload: { token: '' } });
    expect(empty.statusCode).toBe(400);
  });
});
