import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVehicle, joinedDriver, lightVan, pdf, uploadDocument } from '../helpers/driver-joining.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { STAFF_ADMIN_TOKEN, staffSession } from '../helpers/staff.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 21 part 1: staff verify drivers through /api/ops/drivers (support and admin), and every
// view of a driver, of a document file and every decision lands in the audit log.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: STAFF_ADMIN_TOKEN, STAFF_SIGN_IN_PER_IP: '1000' });
});
afterAll(() => t.close());

type Auth = { authorization: string };
const get = (url: string, auth: Auth | Record<string, never>) => t.app.inject({ method: 'GET', url, headers: auth });
const decide = (auth: Auth, driverId: number, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/ops/drivers/${driverId}/decision`, headers: auth, payload: body });
type Entry = { action: string; subject_type: string | null; subject_id: number | null; reason: string | null; details: Record<string, unknown>; staff: { name: string } | null };
const auditOf = async (admin: Auth, driverId: number): Promise<Entry[]> =>
  (await get('/api/ops/audit?limit=100', admin)).json<{ entries: Entry[] }>().entries.filter((e) => e.subject_type === 'driver' && e.subject_id === driverId);

/** A driver with the light van and both documents, waiting for staff. */
async function waitingDriver() {
  const d = await joinedDriver(t);
  expect((await addVehicle(t, d.auth, lightVan())).statusCode).toBe(201);
  const licence = (await uploadDocument(t, d.auth, 'driving_licence', '2030-01-31')).json<{ id: number }>();
  expect((await uploadDocument(t, d.auth, 'cmr_insurance', '2026-12-31')).statusCode).toBe(201);
  expect((await t.app.inject({ method: 'POST', url: '/api/driver/verification', headers: d.auth })).statusCode).toBe(200);
  return { ...d, licenceId: licence.id };
}

describe('staff verify drivers', () => {
  it('support sees the queue, the driver and a document file, and approves; each step is audited', async () => {
    const support = await staffSession(t, 'support');
    const admin = await staffSession(t, 'admin');
    const d = await waitingDriver();

    const queue = await get('/api/ops/drivers', support);
    expect(queue.statusCode).toBe(200);
    expect(queue.json().drivers.find((q: { id: number }) => q.id === d.id)).toMatchObject({ status: 'pending', company_name: 'Peeters Transport BV', documents_pending: 2 });

    const review = await get(`/api/ops/drivers/${d.id}`, support);
    expect(review.statusCode).toBe(200);
    expect(review.json()).toMatchObject({ id: d.id, status: 'pending', email: d.email, vehicles: [{ plate: '1-ABC-123', needs_licence: false }], required: ['driving_licence', 'cmr_insurance'], given_back: { total: 0, last_90_days: 0 } });
    expect(review.json().documents).toHaveLength(2);

    const file = await get(`/api/ops/drivers/${d.id}/documents/${d.licenceId}/file`, support);
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({ 'content-type': 'application/pdf', 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' });
    expect(file.headers['content-disposition']).toMatch(/^inline/);
    expect(file.rawPayload.equals(pdf)).toBe(true);

    const approved = await decide(support, d.id, { decision: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', documents_pending: 0 });
    expect(approved.json().documents.every((doc: { status: string }) => doc.status === 'accepted')).toBe(true);
    expect((await get('/api/ops/drivers', support)).json().drivers.map((q: { id: number }) => q.id)).not.toContain(d.id);
    expect((await get('/api/driver/profile', d.auth)).json().profile).toMatchObject({ status: 'approved' });
    // Decided once: a second decision is refused.
    expect((await decide(support, d.id, { decision: 'approve' })).statusCode).toBe(409);

    // Newest first: the decision, the document view, the driver view; all by the support member.
    const entries = await auditOf(admin, d.id);
    expect(entries.map((e) => e.action)).toEqual(['driver.approved', 'driver.document.viewed', 'driver.viewed']);
    expect(entries[1]!.details).toEqual({ document_id: d.licenceId, kind: 'driving_licence' });
    expect(entries.every((e) => e.staff?.name.startsWith('Test support'))).toBe(true);
    const check = await t.app.inject({ method: 'POST', url: '/api/admin/command', headers: { authorization: `Bearer ${STAFF_ADMIN_TOKEN}` }, payload: { args: ['audit', 'check'] } });
    expect(check.json()).toMatchObject({ ok: true });
  });

  it('a refusal needs a reason of 10 characters or more (400 at the field); given, the driver reads it and the audit keeps it', async () => {
    const admin = await staffSession(t, 'admin');
    const d = await waitingDriver();
    for (const body of [{ decision: 'refuse' }, { decision: 'refuse', reason: 'Te kort' }]) {
      const res = await decide(admin, d.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'reason' })]));
    }
    // Nothing was decided: the driver still waits.
    expect((await get('/api/driver/profile', d.auth)).json().profile.status).toBe('pending');

    const reason = 'De scan van je rijbewijs is onleesbaar.';
    const refused = await decide(admin, d.id, { decision: 'refuse', reason });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ status: 'refused', profile: { refusal_reason: reason } });
    expect((await get('/api/driver/profile', d.auth)).json().profile).toMatchObject({ status: 'refused', refusal_reason: reason });
    expect((await auditOf(admin, d.id))[0]).toMatchObject({ action: 'driver.refused', reason });
  });

  it('answers 404 for an unknown driver, a user who is no driver, and a document of another driver', async () => {
    const support = await staffSession(t, 'support');
    const d = await waitingDriver();
    const other = await waitingDriver();
    const sender = await registerAndLogin(t);
    expect((await get('/api/ops/drivers/999999', support)).statusCode).toBe(404);
    expect((await get(`/api/ops/drivers/${sender.id}`, support)).statusCode).toBe(404);
    expect((await decide(support, 999999, { decision: 'approve' })).statusCode).toBe(404);
    expect((await get(`/api/ops/drivers/${d.id}/documents/${other.licenceId}/file`, support)).statusCode).toBe(404);
    expect((await get(`/api/ops/drivers/${d.id}/documents/999999/file`, support)).statusCode).toBe(404);
    // Path ids are row ids: anything else names nothing.
    expect((await get(`/api/ops/drivers/${d.id}/documents/abc/file`, support)).statusCode).toBe(404);
    expect((await get('/api/ops/drivers/1.5', support)).statusCode).toBe(404);
  });

  it('is for support and admins: finance gets 403, a user token or none 401', async () => {
    const finance = await staffSession(t, 'finance');
    const d = await waitingDriver();
    const user = await registerAndLogin(t);
    for (const auth of [finance, d.auth, { authorization: `Bearer ${user.tokens.access_token}` }, {}]) {
      const expected = auth === finance ? 403 : 401;
      expect((await get('/api/ops/drivers', auth)).statusCode).toBe(expected);
      expect((await get(`/api/ops/drivers/${d.id}`, auth)).statusCode).toBe(expected);
      expect((await get(`/api/ops/drivers/${d.id}/documents/${d.licenceId}/file`, auth)).statusCode).toBe(expected);
      expect((await t.app.inject({ method: 'POST', url: `/api/ops/drivers/${d.id}/decision`, headers: auth, payload: { decision: 'approve' } })).statusCode).toBe(expected);
    }
    expect((await get('/api/driver/profile', d.auth)).json().profile.status).toBe('pending');
  });
});
