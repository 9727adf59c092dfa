import { placeholderPdf } from '../../src/lib/demo-document.ts';
import { clientToken, login, validRegistration, verifyPhone } from './flows.ts';
import { multipart } from './multipart.ts';
import type { TestApp } from './test-app.ts';

type Auth = { authorization: string };

/** A driver's business details that pass every check (a real KBO number and its VAT number). */
export const business = (over: Record<string, unknown> = {}) => ({
  kind: 'company',
  company_name: 'Peeters Transport BV',
  company_number: '0403.170.701',
  vat: 'BE 0403.170.701',
  iban: 'BE68 5390 0754 7034',
  self_billing_accepted: true,
  ...over,
});

/** POST /api/drivers with a verified phone, as the driver app does. */
export async function postDriver(t: TestApp, driver: Record<string, unknown>, lang = 'nl') {
  const bearer = await clientToken(t);
  const body = validRegistration();
  const verification_token = await verifyPhone(t, bearer, body.cellphone);
  const res = await t.app.inject({ method: 'POST', url: '/api/drivers', headers: { authorization: `Bearer ${bearer}`, 'accept-language': lang }, payload: { ...body, verification_token, driver } });
  return { res, body };
}

/** A registered driver, signed in; `signIn` gets a fresh token (after the test clock moved past the old one). */
export async function joinedDriver(t: TestApp, driver: Record<string, unknown> = business()): Promise<{ id: number; email: string; auth: Auth; signIn: () => Promise<Auth> }> {
  const { res, body } = await postDriver(t, driver);
  if (res.statusCode !== 201) throw new Error(`driver register: ${res.statusCode} ${res.body}`);
  const signIn = async () => ({ authorization: `Bearer ${(await login(t, body.email, body.password)).json().access_token}` });
  return { id: res.json().id as number, email: body.email, auth: await signIn(), signIn };
}

export const lightVan = (over: Record<string, unknown> = {}) => ({
  type: 'van',
  name: 'Renault Kangoo',
  plate: '1-abc-123',
  payload_kg: 450,
  max_mass_kg: 2_200,
  load_length_cm: 180,
  load_width_cm: 120,
  load_height_cm: 110,
  ...over,
});

export const heavyTruck = (over: Record<string, unknown> = {}) => ({
  type: 'truck',
  name: 'DAF LF',
  plate: '2-xyz-987',
  payload_kg: 5_000,
  max_mass_kg: 12_000,
  load_length_cm: 620,
  load_width_cm: 245,
  load_height_cm: 240,
  licence_number: 'EU-123456',
  licence_expires: '2027-06-30',
  ...over,
});

export async function addVehicle(t: TestApp, auth: Auth, vehicle: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/driver/vehicles', headers: auth, payload: vehicle });
}

export const pdf = placeholderPdf('Scan of a document');

export async function uploadDocument(t: TestApp, auth: Auth, kind: string, expires: string, file: { data: Buffer; type?: string } = { data: pdf }) {
  const { payload, headers } = multipart({ kind, expires, file: 'scan' }, [{ field: 'scan', filename: 'scan.pdf', type: file.type ?? 'application/pdf', data: file.data }]);
  return t.app.inject({ method: 'POST', url: '/api/driver/documents', payload, headers: { ...headers, ...auth } });
}
