import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientToken, login, registerAndLogin, validRegistration, verifyPhone } from '../helpers/flows.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let bearer: string;
beforeAll(async () => {
  t = await createTestApp();
  bearer = await clientToken(t);
});
afterAll(() => t.close());

const post = (url: string, payload: object, token = bearer, lang = 'nl-BE') =>
  t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });

async function register(overrides: Record<string, unknown> = {}, lang = 'nl-BE') {
  const body = validRegistration(overrides);
  const verification_token = 'verification_token' in overrides ? overrides.verification_token : await verifyPhone(t, bearer, body.cellphone as string);
  return post('/api/user', { ...body, verification_token }, bearer, lang);
}

const fieldsOf = (res: { json: () => unknown }) => (res.json() as { field: string; message: string }[]);

describe('POST /api/user validation (SPEC section 5)', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['first name required', { first_name: '' }, 'first_name', 'Dit veld is verplicht.'],
    ['last name required', { last_name: '  ' }, 'last_name', 'Dit veld is verplicht.'],
    ['email required', { email: '' }, 'email', 'Dit veld is verplicht.'],
    ['email valid', { email: 'an@' }, 'email', 'Vul een geldig e-mailadres in.'],
    ['password required', { password: '', repeat_password: '' }, 'password', 'Dit veld is verplicht.'],
    ['password at least 6', { password: 'abc12', repeat_password: 'abc12' }, 'password', 'Het wachtwoord moet minstens 6 tekens lang zijn.'],
    ['repeat equals password', { repeat_password: 'geheim124' }, 'repeat_password', 'De wachtwoorden komen niet overeen.'],
    ['birthday a real YYYY-MM-DD date', { birthday: '1990-02-30' }, 'birthday', 'Vul een geldige datum in (DD/MM/JJJJ).'],
    ['birthday not in the mask format', { birthday: '17/05/1990' }, 'birthday', 'Vul een geldige datum in (DD/MM/JJJJ).'],
    ['at least 18 years old', { birthday: '2010-01-01' }, 'birthday', 'Je moet ouder zijn dan 18 jaar.'],
  ];
  for (const [name, overrides, field, message] of cases) {
    it(`rejects: ${name}`, async () => {
      const res = await register(overrides);
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toContainEqual({ field, message });
    });
  }

  it('rejects a missing phone number and an impossible one', async () => {
    const missing = await register({ cellphone: '', verification_token: 'x' });
    expect(fieldsOf(missing)).toContainEqual({ field: 'cellphone', message: 'Dit veld is verplicht.' });
    const impossible = await register({ cellphone: '0470 12', verification_token: 'x' });
    expect(fieldsOf(impossible)).toContainEqual({ field: 'cellphone', message: 'Vul een geldig telefoonnummer in.' });
  });

  it('counts the 18th birthday exactly (clock at 2026-11-22)', async () => {
    expect((await register({ birthday: '2008-11-23' })).statusCode).toBe(400);
    expect((await register({ birthday: '2008-11-22' })).statusCode).toBe(201);
  });

  it('answers the messages in French for French, in English for other languages', async () => {
    const fr = await register({ email: 'bad' }, 'fr-BE');
    expect(fieldsOf(fr)).toContainEqual({ field: 'email', message: 'Saisissez une adresse e-mail valide.' });
    const de = await register({ email: 'bad' }, 'de-BE');
    expect(fieldsOf(de)).toContainEqual({ field: 'email', message: 'Enter a valid email address.' });
  });

  it('defaults the country to BE and stores the number in E.164', async () => {
    const body = validRegistration({ cellphone: '0470 55 66 77' });
    delete (body as Partial<typeof body>).address;
    const verification_token = await verifyPhone(t, bearer, '+32 470 55 66 77');
    const res = await post('/api/user', { ...body, verification_token });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number) });
    const login = await t.app.inject({ method: 'POST', url: '/oauth/access_token', payload: { grant_type: 'password', username: body.email, password: body.password, client_id: 'web' } });
    const user = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${login.json().access_token}` } });
    expect(user.json()).toMatchObject({ cellphone: '+32470556677', address: { country: 'BE', formatted: '' }, profile_picture: null, company: null, roles: ['sender'] });
  });

  it('refuses a duplicate email, whatever its case', async () => {
    const first = validRegistration();
    expect((await register({ email: first.email })).statusCode).toBe(201);
    const dup = await register({ email: (first.email as string).toUpperCase() });
    expect(dup.statusCode).toBe(400);
    expect(fieldsOf(dup)).toEqual([{ field: 'email', message: 'Er bestaat al een account met dit e-mailadres.' }]);
  });

  it('needs a client or user token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user', payload: validRegistration() });
    expect(res.statusCode).toBe(401);
  });
});

describe('phone verification', () => {
  const send = (cellphone: string) => post('/api/phone/verification', { cellphone });
  const check = (cellphone: string, code: string) => post('/api/phone/verification/check', { cellphone, code });

  it('sends a 6-digit code to the E.164 number and trades it for a token once', async () => {
    const res = await send('0470 11 22 33');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cellphone: '+32470112233', expires_in: 600 });
    const { to, code } = t.sms.at(-1)!;
    expect(to).toBe('+32470112233');
    expect(code).toMatch(/^\d{6}$/);
    const ok = await check('+32470112233', code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().verification_token).toMatch(/^[\w-]{43}$/);
    expect((await check('+32470112233', code)).statusCode).toBe(400);
  });

  it('registration needs the token of the same number, and spends it', async () => {
    const token = await verifyPhone(t, bearer, '0470 22 33 44');
    const other = await register({ cellphone: '0470 99 88 77', verification_token: token });
    expect(fieldsOf(other)).toEqual([{ field: 'cellphone', message: 'Verifieer eerst je telefoonnummer met de sms-code.' }]);
    expect((await register({ cellphone: '0470 22 33 44', verification_token: token })).statusCode).toBe(201);
    const again = await register({ cellphone: '0470 22 33 44', verification_token: token });
    expect(fieldsOf(again)).toEqual([{ field: 'cellphone', message: 'Verifieer eerst je telefoonnummer met de sms-code.' }]);
    const none = await register({ verification_token: undefined });
    expect(none.statusCode).toBe(400);
  });

  it('expires a code after 10 minutes', async () => {
    await send('0470 33 44 55');
    const { code } = t.sms.at(-1)!;
    t.clock.advance(601);
    const res = await check('0470 33 44 55', code);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([{ field: 'code', message: 'De code is verlopen. Vraag een nieuwe code aan.' }]);
  });

  it('allows at most 5 tries, even with the right code afterwards', async () => {
    await send('0470 44 55 66');
    const { code } = t.sms.at(-1)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      expect(fieldsOf(await check('0470 44 55 66', wrong))).toEqual([{ field: 'code', message: 'De code is onjuist.' }]);
    }
    expect(fieldsOf(await check('0470 44 55 66', wrong))[0]!.message).toBe('Te veel foute pogingen. Vraag een nieuwe code aan.');
    expect(fieldsOf(await check('0470 44 55 66', code))[0]!.message).toBe('Te veel foute pogingen. Vraag een nieuwe code aan.');
    // A new code starts over.
    await send('0470 44 55 66');
    expect((await check('0470 44 55 66', t.sms.at(-1)!.code)).statusCode).toBe(200);
  });

  it('rate-limits sends per number', async () => {
    const limited = await createTestApp({ SMS_RATE_LIMIT_PER_NUMBER: '2' });
    try {
      const b = await clientToken(limited);
      const go = () => limited.app.inject({ method: 'POST', url: '/api/phone/verification', payload: { cellphone: '0470 55 66 77' }, headers: { authorization: `Bearer ${b}` } });
      expect((await go()).statusCode).toBe(200);
      expect((await go()).statusCode).toBe(200);
      const res = await go();
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('rejects a malformed code and an invalid number with field messages', async () => {
    expect(fieldsOf(await check('0470 44 55 66', '12ab'))).toEqual([{ field: 'code', message: 'De code bestaat uit 6 cijfers.' }]);
    expect(fieldsOf(await send('0470 1'))).toEqual([{ field: 'cellphone', message: 'Vul een geldig telefoonnummer in.' }]);
  });
});

describe('GET and PUT /api/user', () => {
  it('saves profile fields and company, and ignores id, email, roles and invoice status', async () => {
    const u = await registerAndLogin(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: u.auth,
      payload: {
        id: 999,
        email: 'hacker@example.be',
        roles: ['admin'],
        role: 'admin',
        first_name: 'Anneke',
        last_name: 'Peeters',
        cellphone: u.cellphone,
        birthday: '1990-05-17',
        address: { country: 'BE', formatted: 'Markt 1, 3500 Hasselt' },
        company: { name: 'Peeters BV', vat: 'BE 0403.170.701', address: 'Markt 1, 3500 Hasselt', email: 'facturen@peeters.be', invoice_approved: 'approved' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: u.id,
      email: u.email,
      roles: ['sender'],
      first_name: 'Anneke',
      address: { country: 'BE', formatted: 'Markt 1, 3500 Hasselt' },
      company: { name: 'Peeters BV', vat: 'BE0403170701', email: 'facturen@peeters.be', invoice_approved: null },
    });
    const again = await t.app.inject({ method: 'GET', url: '/api/user', headers: u.auth });
    expect(again.json()).toEqual(res.json());
    expect(Object.keys(again.json())).not.toContain('password_hash');
  });

  it('validates the profile like registration', async () => {
    const u = await registerAndLogin(t);
    const res = await t.app.inject({ method: 'PUT', url: '/api/user', headers: u.auth, payload: { first_name: '', last_name: 'X', cellphone: u.cellphone, birthday: '2015-01-01' } });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(
      expect.arrayContaining([
        { field: 'first_name', message: 'Dit veld is verplicht.' },
        { field: 'birthday', message: 'Je moet ouder zijn dan 18 jaar.' },
      ]),
    );
  });

  it('needs a fresh SMS check to change the phone number', async () => {
    const u = await registerAndLogin(t);
    const base = { first_name: 'An', last_name: 'Peeters', birthday: '1990-05-17', address: { country: 'BE', formatted: '' } };
    const unverified = await t.app.inject({ method: 'PUT', url: '/api/user', headers: u.auth, payload: { ...base, cellphone: '0470 77 88 99' } });
    expect(fieldsOf(unverified)).toEqual([{ field: 'cellphone', message: 'Verifieer eerst je telefoonnummer met de sms-code.' }]);
    const verification_token = await verifyPhone(t, u.tokens.access_token, '0470 77 88 99');
    const ok = await t.app.inject({ method: 'PUT', url: '/api/user', headers: u.auth, payload: { ...base, cellphone: '0470 77 88 99', verification_token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().cellphone).toBe('+32470778899');
  });
});

describe('the language stored with the user (issue 12)', () => {
  it('starts as the language of the registration and follows PUT /api/user/locale', async () => {
    const body = validRegistration();
    const u = await registerAndLogin(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: u.auth })).json().locale).toBe('nl');

    const set = await t.app.inject({ method: 'PUT', url: '/api/user/locale', headers: u.auth, payload: { locale: 'fr' } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ locale: 'fr' });
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: u.auth })).json().locale).toBe('fr');
    // Saving the profile keeps the language.
    const profile = { first_name: 'An', last_name: 'Peeters', cellphone: u.cellphone, birthday: body.birthday, address: { country: 'BE', formatted: '' } };
    const saved = await t.app.inject({ method: 'PUT', url: '/api/user', headers: u.auth, payload: profile });
    expect(saved.json().locale).toBe('fr');
  });

  it('the SMS code is sent in the language of the request', async () => {
    const cellphone = '0470 55 66 01';
    expect((await post('/api/phone/verification', { cellphone }, bearer, 'fr-BE')).statusCode).toBe(200);
    expect(t.sms.at(-1)).toMatchObject({ to: '+32470556601', locale: 'fr' });
  });

  it('a French registration is stored as French', async () => {
    const body = validRegistration();
    const verification_token = await verifyPhone(t, bearer, body.cellphone as string);
    const created = await post('/api/user', { ...body, verification_token }, bearer, 'fr-BE');
    expect(created.statusCode).toBe(201);
    const tokens = (await login(t, body.email as string, body.password as string)).json();
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(me.json().locale).toBe('fr');
  });

  it('refuses a language the app does not speak, in the reader’s language, and needs a user', async () => {
    const u = await registerAndLogin(t);
    const wrong = await t.app.inject({ method: 'PUT', url: '/api/user/locale', headers: { ...u.auth, 'accept-language': 'fr-BE' }, payload: { locale: 'de' } });
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong)).toEqual([{ field: 'locale', message: 'Choisissez Nederlands, Français ou English.' }]);
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/user/locale', headers: { authorization: `Bearer ${bearer}` }, payload: { locale: 'fr' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('company data for invoices (SPEC section 5)', () => {
  const company = { name: 'Peeters BV', vat: 'BE0403170701', address: 'Markt 1, 3500 Hasselt', email: 'facturen@peeters.be' };
  async function signedIn() {
    const u = await registerAndLogin(t);
    const me = (await t.app.inject({ method: 'GET', url: '/api/user', headers: u.auth })).json();
    const put = (c: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/user', headers: u.auth, payload: { first_name: me.first_name, last_name: me.last_name, cellphone: me.cellphone, birthday: me.birthday, address: me.address, company: c } });
    return { u, put };
  }

  it('refuses a VAT number that cannot exist at the field, saves nothing, and does not lock it', async () => {
    const { u, put } = await signedIn();
    const wrong = await put({ ...company, vat: 'BE0403170702' });
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong)).toEqual([{ field: 'company.vat', message: 'Dit btw-nummer bestaat niet: controleer de cijfers.' }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: u.auth })).json().company).toBeNull();
    const format = await put({ ...company, vat: 'BE12345' });
    expect(fieldsOf(format)).toEqual([{ field: 'company.vat', message: 'Een Belgisch btw-nummer is BE0 of BE1 gevolgd door 9 cijfers, bv. BE0403170701.' }]);
    const noCountry = await put({ ...company, vat: '0403170701' });
    expect(fieldsOf(noCountry)).toEqual([{ field: 'company.vat', message: 'Begin het btw-nummer met de landcode van een EU-land, bv. BE0403170701.' }]);
    const dutch = await put({ ...company, vat: 'NL123456789B01' });
    expect(fieldsOf(dutch)).toEqual([{ field: 'company.vat', message: 'Dit btw-nummer bestaat niet: controleer de cijfers.' }]);

    // Not locked by the refusals: a right number is still accepted, and then locked.
    const right = await put({ ...company, vat: 'nl 0044.95.445.b01' });
    expect(right.statusCode).toBe(200);
    expect(right.json().company.vat).toBe('NL004495445B01');
    const changed = await put({ ...company, vat: 'BE0403170701' });
    expect(fieldsOf(changed)).toEqual([{ field: 'company.vat', message: 'Het btw-nummer kan niet meer gewijzigd worden.' }]);
    // The same number as typed differently is no change.
    expect((await put({ ...company, vat: 'NL004495445B01', name: 'Peeters Nederland BV' })).statusCode).toBe(200);
  });

  it('never locks a saved number that is not valid: it can be mended', async () => {
    const { u, put } = await signedIn();
    await t.handle.db.insertInto('companies').values({ userId: u.id, name: 'Oud BV', vat: 'BE0123456789', address: 'Markt 1, 3500 Hasselt', email: 'oud@oud.be', updatedAt: new Date() }).execute();
    const mended = await put(company);
    expect(mended.statusCode, mended.body).toBe(200);
    expect(mended.json().company.vat).toBe('BE0403170701');
  });

  it('needs the company address with street, number and place', async () => {
    const { put } = await signedIn();
    const missing = await put({ ...company, address: undefined });
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toEqual([{ field: 'company.address', message: 'Dit veld is verplicht.' }]);
    const noNumber = await put({ ...company, address: 'Markt, 3500 Hasselt' });
    expect(fieldsOf(noNumber)).toEqual([{ field: 'company.address', message: 'Het adres moet een volledig adres met straat en huisnummer zijn.' }]);
    expect((await put(company)).json().company.address).toBe('Markt 1, 3500 Hasselt');
  });
});
