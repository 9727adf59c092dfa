import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viesVatRegistry } from '../../src/adapters/vat/vies-vat-registry.ts';
import { fakeHttp } from '../helpers/fake-http.ts';
import { clientToken, login, registerAndLogin, validRegistration, verifyPhone } from '../helpers/flows.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// A local stand-in for the EU VIES REST API (POST /check-vat-number), answering as VIES does:
// registered numbers, an unregistered one, a member state that is offline, and a broken answer.
const REGISTERED = new Set(['BE0403170701', 'NL004495445B01']);
let vies: Awaited<ReturnType<typeof fakeHttp>>;
beforeAll(async () => {
  vies = await fakeHttp((req) => {
    const { countryCode, vatNumber } = JSON.parse(req.body) as { countryCode: string; vatNumber: string };
    if (req.method !== 'POST' || req.url.pathname !== '/rest-api/check-vat-number') return { status: 404, json: {} };
    if (countryCode === 'DE') return { status: 500, json: { actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE', message: 'The member state is not available' }] } };
    if (countryCode === 'FR') return { status: 200, json: { unexpected: true } };
    return { json: { countryCode, vatNumber, requestDate: '2026-11-22T10:00:00.000Z', valid: REGISTERED.has(countryCode + vatNumber), name: '---', address: '---' } };
  });
});
afterAll(() => vies.close());

describe('VIES adapter against a local fake VIES', () => {
  it('posts the country code and the number and reads the answer', async () => {
    const registry = viesVatRegistry({ baseUrl: `${vies.url}/rest-api/` });
    expect(await registry.check('BE', '0403170701')).toBe('valid');
    expect(JSON.parse(vies.requests.at(-1)!.body)).toEqual({ countryCode: 'BE', vatNumber: '0403170701' });
    expect(vies.requests.at(-1)!.headers['content-type']).toBe('application/json');
    expect(await registry.check('BE', '0417497106')).toBe('invalid');
  });

  it('is unavailable, never invalid, when VIES or a member state cannot answer', async () => {
    const warnings: string[] = [];
    const registry = viesVatRegistry({ baseUrl: `${vies.url}/rest-api`, log: { warn: (_o, msg) => warnings.push(msg) } });
    expect(await registry.check('DE', '136695976')).toBe('unavailable');
    expect(await registry.check('FR', '40303265045')).toBe('unavailable');
    expect(await viesVatRegistry({ baseUrl: `${vies.url}/elsewhere` }).check('BE', '0403170701')).toBe('unavailable');
    // Nothing listens on port 9 of this machine.
    expect(await viesVatRegistry({ baseUrl: 'http://127.0.0.1:9/rest-api', log: { warn: (_o, msg) => warnings.push(msg) } }).check('BE', '0403170701')).toBe('unavailable');
    expect(warnings).toEqual(['VIES could not check a VAT number', 'VIES could not check a VAT number', 'VIES unreachable']);
  });
});

describe('saving a company with VIES_URL set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ VIES_URL: `${vies.url}/rest-api` });
  });
  afterAll(() => t.close());

  const company = { name: 'Peeters BV', address: 'Markt 1, 3500 Hasselt', email: 'facturen@peeters.be' };
  async function put(vat: string) {
    const u = await registerAndLogin(t);
    const me = (await t.app.inject({ method: 'GET', url: '/api/user', headers: u.auth })).json();
    return t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: u.auth,
      payload: { first_name: me.first_name, last_name: me.last_name, cellphone: me.cellphone, birthday: me.birthday, address: me.address, company: { ...company, vat } },
    });
  }

  it('saves a registered number', async () => {
    const res = await put('BE 0403 170 701');
    expect(res.statusCode).toBe(200);
    expect(res.json().company.vat).toBe('BE0403170701');
  });

  it('refuses a well-formed number VIES does not know, at the field', async () => {
    const res = await put('BE0417497106');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{ field: 'company.vat', message: 'Dit btw-nummer is niet actief volgens de Europese btw-databank (VIES).' }]);
  });

  it('does not ask VIES about a number whose check digits are wrong', async () => {
    const before = vies.requests.length;
    expect((await put('BE0403170702')).statusCode).toBe(400);
    expect(vies.requests.length).toBe(before);
  });

  it('checks a joining driver’s VAT number in VIES too, at the driver’s field, and keeps no account', async () => {
    const bearer = await clientToken(t);
    const body = validRegistration();
    const verification_token = await verifyPhone(t, bearer, body.cellphone);
    const driver = { kind: 'company', company_name: 'Janssens BV', company_number: '0417.497.106', vat: 'BE0417497106', iban: 'BE68 5390 0754 7034', self_billing_accepted: true };
    const res = await t.app.inject({ method: 'POST', url: '/api/drivers', headers: { authorization: `Bearer ${bearer}` }, payload: { ...body, verification_token, driver } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{ field: 'driver.vat', message: 'Dit btw-nummer is niet actief volgens de Europese btw-databank (VIES).' }]);
    expect((await login(t, body.email, body.password)).statusCode).not.toBe(200);
  });

  it('saves a well-formed number when VIES cannot answer (documented: docs/decisions/0011-vat-numbers.md)', async () => {
    const res = await put('DE136695976');
    expect(res.statusCode).toBe(200);
    expect(res.json().company.vat).toBe('DE136695976');
  });
});
