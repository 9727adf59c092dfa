import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientToken, registerAndLogin } from '../helpers/flows.ts';
import { createShipment } from '../helpers/marketplace.ts';
import { type TestApp, createTestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const contact = (authorization: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/support/contact', headers: { authorization }, payload });
const ask = { name: 'Els Peeters', email: 'els@example.com', topic: 'cancellation', message: 'Kan ik mijn opdracht nog annuleren?' };
const supportMails = () => t.mails.filter((m) => m.to === t.config.supportEmail);

describe('the contact form', () => {
  it('keeps a guest’s request and mails it to the support address, answers going to the guest', async () => {
    const res = await contact(`Bearer ${await clientToken(t)}`, ask);
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    await t.app.supportMail.run();

    const stored = await t.handle.db.selectFrom('supportRequests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ userId: null, email: 'els@example.com', topic: 'cancellation', message: ask.message });
    expect(stored.sentAt).not.toBeNull();
    const [mail, ...more] = supportMails();
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ to: 'support@vrachtmarkt.localhost', replyTo: 'els@example.com' });
    expect(mail!.subject).toContain('Annuleren');
    expect(mail!.text).toContain(ask.message);
    expect(mail!.text).toContain('Els Peeters <els@example.com>');
  });

  it('names a signed-in sender’s own job, and answers 404 for another’s', async () => {
    const owner = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const shipmentId = await createShipment(t, owner.auth);

    const own = await contact(owner.auth.authorization, { ...ask, topic: 'payment', shipment_id: shipmentId });
    expect(own.statusCode).toBe(201);
    const theirs = await contact(other.auth.authorization, { ...ask, shipment_id: shipmentId });
    expect(theirs.statusCode).toBe(404);
    const guest = await contact(`Bearer ${await clientToken(t)}`, { ...ask, shipment_id: shipmentId });
    expect(guest.statusCode).toBe(404);

    await t.app.supportMail.run();
    expect(supportMails()).toHaveLength(1);
    expect(supportMails()[0]!.text).toContain(`Opdracht: ${shipmentId}`);
    expect(supportMails()[0]!.text).toContain(`gebruiker ${owner.id}`);
  });

  it('refuses a bad body and a caller without a token, and keeps nothing', async () => {
    const bearer = `Bearer ${await clientToken(t)}`;
    const bad = [{ ...ask, email: 'not-an-address' }, { ...ask, topic: 'complaint' }, { ...ask, message: '   ' }, { ...ask, message: 'x'.repeat(4001) }, { ...ask, name: '' }, { ...ask, shipment_id: -1 }];
    for (const payload of bad) {
      const res = await contact(bearer, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/support/contact', payload: ask })).statusCode).toBe(401);
    expect(await t.handle.db.selectFrom('supportRequests').select('id').execute()).toHaveLength(0);
  });

  it('limits how often one sender writes', async () => {
    const sender = await registerAndLogin(t);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await contact(sender.auth.authorization, ask)).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('the welcome mail', () => {
  it('reaches a new account once, in its language, with links to the app and the help page', async () => {
    const sender = await registerAndLogin(t);
    await t.app.eventHub.flush();
    await t.app.mailWorker.run();
    await t.app.mailWorker.run();
    const mails = t.mails.filter((m) => m.to === sender.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Welkom bij Vrachtmarkt');
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/`);
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/#/help`);
  });
});
