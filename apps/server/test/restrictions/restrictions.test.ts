import { apiRoutes } from '@vm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../helpers/flows.ts';
import { accept, addCard, type Auth, createDriver, createShipment, makeOffer } from '../helpers/marketplace.ts';
import { STAFF_ADMIN_TOKEN, staffSession } from '../helpers/staff.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 23 part 2: staff restrict or suspend an account with a statement of reasons the user reads
// in their language and may contest; a restricted account cannot book or bid, a suspended one can
// do nothing else; the given-back signal only proposes; the support desk finds people and their
// history, and every view of a user is in the audit log.

let t: TestApp;
let support: Auth;
let admin: Auth;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: STAFF_ADMIN_TOKEN, STAFF_SIGN_IN_PER_IP: '1000' });
  support = await staffSession(t, 'support');
  admin = await staffSession(t, 'admin');
});
afterAll(() => t.close());

const get = (url: string, headers: Auth) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Auth, payload: unknown) => t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
const REASON = 'Drie opdrachten na aanvaarding teruggegeven zonder geldige reden.';
type Entry = { action: string; subject_type: string | null; subject_id: number | null; reason: string | null; details: Record<string, unknown> };
const auditOf = async (userId: number): Promise<Entry[]> =>
  (await get('/api/ops/audit?limit=100', admin)).json<{ entries: Entry[] }>().entries.filter((e) => e.subject_type === 'user' && e.subject_id === userId);
const restrictionRows = (userId: number) => t.handle.db.selectFrom('userRestrictions').selectAll().where('userId', '=', userId).execute();

describe('restricting a driver', () => {
  it('is refused without a reason; with one the driver cannot bid, reads the statement in their language, contests, and is free again once lifted', async () => {
    const driver = await createDriver(t);
    expect((await t.app.inject({ method: 'PUT', url: '/api/user/locale', headers: driver.auth, payload: { locale: 'fr' } })).statusCode).toBe(200);
    const sender = await registerAndLogin(t);
    const job = await createShipment(t, sender.auth);

    // No reason, or a short one: 400 naming the field, and nothing stored.
    for (const body of [{ kind: 'restrict' }, { kind: 'restrict', reason: 'Te laat.' }]) {
      const res = await post(`/api/ops/users/${driver.id}/restrictions`, support, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'reason' })]));
    }
    expect(await restrictionRows(driver.id)).toHaveLength(0);

    // Finance may not restrict.
    expect((await post(`/api/ops/users/${driver.id}/restrictions`, await staffSession(t, 'finance'), { kind: 'restrict', reason: REASON })).statusCode).toBe(403);
    expect(await restrictionRows(driver.id)).toHaveLength(0);

    const made = await post(`/api/ops/users/${driver.id}/restrictions`, support, { kind: 'restrict', reason: REASON });
    expect(made.statusCode).toBe(201);
    const restriction = made.json<{ id: number; status: string; reason: string }>();
    expect(restriction).toMatchObject({ status: 'active', kind: 'restrict', reason: REASON, user: { id: driver.id }, ends_at: null });

    // Bids answer 403 in the driver's language; the rest of the app works.
    const bid = await t.app.inject({ method: 'POST', url: `/api/driver/shipment/${job}/offer`, headers: { ...driver.auth, 'accept-language': 'fr-BE' }, payload: { price: 80 } });
    expect(bid.statusCode).toBe(403);
    expect(bid.json()).toEqual({ error: 'account_restricted', error_description: expect.stringContaining('Votre compte est restreint') });
    expect((await get('/api/user', driver.auth)).statusCode).toBe(200);

    // The statement of reasons, in French (the driver's language), with the legal basis for a business user.
    const mine = await get('/api/user/restrictions', driver.auth);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      standing: 'restricted',
      restrictions: [
        {
          id: restriction.id,
          active: true,
          locale: 'fr',
          may_contest: true,
          statement: {
            restricted: expect.stringContaining('nouvelles offres'),
            reason: REASON,
            how_to_contest: expect.stringContaining('Contestez'),
            legal_basis: expect.stringContaining('2019/1150'),
          },
        },
      ],
    });
    // ... and by mail, in French, with the reason.
    await t.app.eventHub.flush();
    await t.app.mailWorker.run();
    const mail = t.mails.find((m) => m.to === driver.email && m.subject === 'Votre compte est restreint');
    expect(mail?.text).toContain(REASON);
    expect(mail?.text).toContain('Règlement (UE) 2019/1150');

    // Contest: someone else's restriction is 404; the driver's own shows to staff.
    const stranger = await registerAndLogin(t);
    expect((await post(`/api/user/restrictions/${restriction.id}/contest`, stranger.auth, { text: 'Dit is niet mijn beperking.' })).statusCode).toBe(404);
    const contested = await post(`/api/user/restrictions/${restriction.id}/contest`, driver.auth, { text: 'Mon camion était en panne, voici la facture du garage.' });
    expect(contested.statusCode).toBe(201);
    expect(contested.json().contests).toEqual([expect.objectContaining({ text: 'Mon camion était en panne, voici la facture du garage.' })]);
    const list = await get('/api/ops/restrictions?status=contested', support);
    expect(list.json().restrictions.find((r: { id: number }) => r.id === restriction.id)?.contests).toHaveLength(1);

    // Lifted with a reason: the driver bids again.
    expect((await post(`/api/ops/restrictions/${restriction.id}/lift`, support, { reason: 'Factuur van de garage bevestigt de panne.' })).json()).toMatchObject({ status: 'lifted', lift_reason: 'Factuur van de garage bevestigt de panne.' });
    expect((await post(`/api/ops/restrictions/${restriction.id}/lift`, support, { reason: 'Factuur van de garage bevestigt de panne.' })).statusCode).toBe(409);
    expect(await makeOffer(t, driver, job, 80)).toBeGreaterThan(0);
    expect((await get('/api/user/restrictions', driver.auth)).json()).toMatchObject({ standing: 'none', restrictions: [{ active: false, may_contest: false }] });

    // Each staff action is in the audit log with its reason.
    const actions = await auditOf(driver.id);
    expect(actions.map((e) => e.action)).toEqual(expect.arrayContaining(['user.restricted', 'restriction.lifted']));
    expect(actions.find((e) => e.action === 'user.restricted')?.reason).toBe(REASON);
  });

  it('suspends a sender: every request but reading and contesting the restriction answers 403, bookings too', async () => {
    const sender = await registerAndLogin(t);
    const res = await post(`/api/ops/users/${sender.id}/restrictions`, admin, { kind: 'suspend', reason: 'Betalingen met gestolen kaarten, onderzoek loopt.' });
    expect(res.statusCode).toBe(201);
    for (const [method, url] of [
      ['GET', '/api/user'],
      ['GET', '/api/shipment/sender'],
      ['POST', '/api/shipment'],
    ] as const) {
      const r = await t.app.inject({ method, url, headers: sender.auth });
      expect(r.statusCode).toBe(403);
      expect(r.json().error).toBe('account_suspended');
    }
    const mine = await get('/api/user/restrictions', sender.auth);
    expect(mine.json()).toMatchObject({ standing: 'suspended', restrictions: [{ kind: 'suspend', locale: 'nl', statement: { legal_basis: expect.stringContaining('gebruiksvoorwaarden') } }] });
    expect((await post(`/api/user/restrictions/${res.json().id}/contest`, sender.auth, { text: 'Ik heb geen gestolen kaarten gebruikt.' })).statusCode).toBe(201);
  });
});

describe('the given-back signal', () => {
  it('proposes a restriction for a driver who gave back 3 accepted jobs, never applies it, and a person accepting it restricts', async () => {
    const driver = await createDriver(t);
    const sender = await registerAndLogin(t);
    expect((await addCard(t, sender.auth)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      const job = await createShipment(t, sender.auth);
      expect((await accept(t, sender.auth, job, await makeOffer(t, driver, job, 90))).statusCode).toBe(200);
      expect((await post(`/api/driver/shipment/${job}/cancel`, driver.auth, { reason: 'Mijn bestelwagen is stuk' })).statusCode).toBe(200);
    }

    expect(await t.app.restrictions.propose()).toBe(1);
    expect(await t.app.restrictions.propose()).toBe(0); // once
    const open = (await get('/api/ops/restriction-proposals', support)).json<{ proposals: { id: number; user: { id: number }; count: number }[] }>().proposals;
    const proposal = open.find((p) => p.user.id === driver.id)!;
    expect(proposal).toMatchObject({ status: 'open', signal: 'given_back', count: 3, window_days: 90 });
    // Proposed only: the driver may still bid.
    expect(await restrictionRows(driver.id)).toHaveLength(0);
    expect((await get('/api/user/restrictions', driver.auth)).json().standing).toBe('none');

    expect((await post(`/api/ops/restriction-proposals/${proposal.id}/decision`, support, { accept: true })).statusCode).toBe(400);
    const decided = await post(`/api/ops/restriction-proposals/${proposal.id}/decision`, support, { accept: true, reason: REASON });
    expect(decided.json()).toMatchObject({ status: 'accepted', decision_reason: REASON, restriction_id: expect.any(Number) });
    expect((await post(`/api/ops/restriction-proposals/${proposal.id}/decision`, support, { accept: false, reason: REASON })).statusCode).toBe(409);
    expect((await get('/api/user/restrictions', driver.auth)).json()).toMatchObject({ standing: 'restricted', restrictions: [{ statement: { reason: REASON } }] });
  });
});

describe('the support desk', () => {
  it('finds a user by email, a shipment by reference and an invoice by number; a user’s view shows the history and is audited', async () => {
    const sender = await registerAndLogin(t);
    const driver = await createDriver(t);
    expect((await addCard(t, sender.auth)).statusCode).toBe(200);
    const job = await createShipment(t, sender.auth);
    expect((await accept(t, sender.auth, job, await makeOffer(t, driver, job, 90))).statusCode).toBe(200);
    await t.app.invoices.settled();
    const invoice = await t.handle.db.selectFrom('invoices').select('number').where('userId', '=', sender.id).executeTakeFirstOrThrow();
    const reference = (await t.handle.db.selectFrom('shipments').select('referenceId').where('id', '=', job).executeTakeFirstOrThrow()).referenceId;

    const search = async (q: string) => (await get(`/api/ops/search?q=${encodeURIComponent(q)}`, support)).json();
    expect((await search(sender.email)).users).toEqual([expect.objectContaining({ id: sender.id, email: sender.email })]);
    expect((await search(reference)).shipments).toEqual([expect.objectContaining({ id: job, reference })]);
    expect((await search(invoice.number)).invoices).toEqual([expect.objectContaining({ number: invoice.number, user_id: sender.id })]);
    expect((await get('/api/ops/search?q=a', support)).statusCode).toBe(400);

    const finance = await staffSession(t, 'finance');
    const view = await get(`/api/ops/users/${sender.id}`, finance);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ user: { id: sender.id, email: sender.email }, standing: 'none', shipments: [{ id: job, reference }], payments: [{ shipment_id: job, status: 'succeeded' }], given_back: null });
    expect(view.json().invoices.map((i: { number: string }) => i.number)).toContain(invoice.number);
    const driverView = (await get(`/api/ops/users/${driver.id}`, support)).json();
    expect(driverView).toMatchObject({ shipments: [{ id: job }], offers: [{ shipment_id: job, state: 'accepted' }], given_back: { total: 0, last_90_days: 0 } });
    expect((await get('/api/ops/users/999999', support)).statusCode).toBe(404);

    expect((await auditOf(sender.id)).filter((e) => e.action === 'user.viewed')).toHaveLength(1);
    expect((await auditOf(driver.id)).filter((e) => e.action === 'user.viewed')).toHaveLength(1);
  });

  it('every /api/user route with a path parameter answers 404 for another user’s restriction', async () => {
    const owner = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const id = (await post(`/api/ops/users/${owner.id}/restrictions`, support, { kind: 'restrict', reason: REASON })).json().id as number;
    const requests: Record<string, { url: string; payload?: unknown }> = {
      contestRestriction: { url: `/api/user/restrictions/${id}/contest`, payload: { text: 'Dit klopt helemaal niet.' } },
    };
    const userRoutes = Object.entries(apiRoutes).filter(([, r]) => r.path.startsWith('/api/user/') && r.path.includes(':'));
    expect(Object.keys(requests).sort()).toEqual(userRoutes.map(([name]) => name).sort());
    for (const [name, r] of userRoutes) {
      const q = requests[name]!;
      expect((await t.app.inject({ method: r.method, url: q.url, headers: other.auth, ...(q.payload === undefined ? {} : { payload: q.payload as Record<string, unknown> }) })).statusCode).toBe(404);
    }
    expect((await get('/api/user/restrictions', owner.auth)).json().restrictions[0].contests).toEqual([]);
  });
});
