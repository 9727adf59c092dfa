import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../helpers/flows.ts';
import { accept, addCard, type Auth, createDriver, createShipment, makeOffer } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CHAT_MESSAGES_PER_MINUTE: '5' });
});
afterAll(() => t.close());

type Party = { id: number; auth: Auth };
const base = (who: 'sender' | 'driver') => (who === 'sender' ? '/api/conversation' : '/api/driver/conversation');
const list = async (role: 'sender' | 'driver', p: Party) => t.app.inject({ method: 'GET', url: base(role), headers: p.auth });
const read = async (role: 'sender' | 'driver', p: Party, id: number) => t.app.inject({ method: 'GET', url: `${base(role)}/${id}`, headers: p.auth });
const post = async (role: 'sender' | 'driver', p: Party, id: number, message: unknown) =>
  t.app.inject({ method: 'POST', url: `${base(role)}/${id}`, headers: p.auth, payload: { message } });

/** A shipment whose offer by a new driver the sender accepted. */
async function acceptedJob(firstName = 'Sara') {
  const sender = await registerAndLogin(t, { first_name: firstName, last_name: 'Janssens' });
  const driver = await createDriver(t);
  const id = await createShipment(t, sender.auth);
  const offer = await makeOffer(t, driver, id, 95);
  await addCard(t, sender.auth);
  const res = await accept(t, sender.auth, id, offer);
  if (res.statusCode !== 200) throw new Error(`accept: ${res.statusCode} ${res.body}`);
  return { sender, driver, id };
}

describe('chat', () => {
  it('lets sender and driver write and read one conversation, sorted, with the other party named', async () => {
    const { sender, driver, id } = await acceptedJob();
    const a = await post('sender', sender, id, '  Hallo, de poort is achteraan.  ');
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ from: sender.id, message: 'Hallo, de poort is achteraan.' });
    t.clock.advance(5);
    expect((await post('driver', driver, id, 'Top, tot straks!')).statusCode).toBe(201);

    const forSender = await read('sender', sender, id);
    expect(forSender.statusCode).toBe(200);
    const d = forSender.json();
    expect(d.messages.map((m: { message: string }) => m.message)).toEqual(['Hallo, de poort is achteraan.', 'Top, tot straks!']);
    expect(d.messages[0].created_at).toBeLessThan(d.messages[1].created_at);
    expect(d).toMatchObject({ shipment_id: id, message_count: 2, sender: null, driver: { id: driver.id, first_name: 'Driver' }, current_state: { state: 'accepted' } });

    const driverList = (await list('driver', driver)).json();
    expect(driverList).toEqual([expect.objectContaining({ shipment_id: id, message_count: 2, driver: null, sender: expect.objectContaining({ id: sender.id, first_name: 'Sara', last_name: 'Janssens' }) })]);
    expect(driverList[0].last_message_time).toBe(d.messages[1].created_at);
  });

  it('answers 404 on every chat route to a third sender and a third driver, both ways', async () => {
    const { sender, driver, id } = await acceptedJob();
    await post('sender', sender, id, 'Alleen voor de chauffeur');
    await post('driver', driver, id, 'Alleen voor de afzender');
    const otherSender = await registerAndLogin(t);
    const otherDriver = await createDriver(t);
    for (const [role, who] of [
      ['sender', otherSender],
      ['driver', otherDriver],
    ] as const) {
      expect((await list(role, who)).json()).toEqual([]);
      expect((await read(role, who, id)).statusCode).toBe(404);
      expect((await post(role, who, id, 'Hallo?')).statusCode).toBe(404);
      // Even a body that would be refused: ownership is checked first.
      expect((await post(role, who, id, '')).statusCode).toBe(404);
    }
    // A party on the other role's path is refused too, and nothing was added.
    expect((await read('driver', sender, id)).statusCode).toBe(403);
    expect((await read('sender', sender, id)).json().message_count).toBe(2);
  });

  it('does not open before an offer is accepted: 409 chat_not_open for the sender', async () => {
    const sender = await registerAndLogin(t);
    const id = await createShipment(t, sender.auth);
    const res = await post('sender', sender, id, 'Hallo');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'conflict', error_description: 'De chat opent zodra een bod aanvaard is.', state: 'new' });
    expect((await read('sender', sender, id)).statusCode).toBe(409);
    expect((await list('sender', sender)).json()).toEqual([]);
  });

  it('refuses an empty and a too long message with the reason in the caller language', async () => {
    const { sender, id } = await acceptedJob();
    const empty = await post('sender', sender, id, '    ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual([{ field: 'message', message: 'Typ eerst een bericht.' }]);
    const long = await t.app.inject({ method: 'POST', url: `/api/conversation/${id}`, headers: { ...sender.auth, 'accept-language': 'en' }, payload: { message: 'x'.repeat(2001) } });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual([{ field: 'message', message: 'A message is at most 2,000 characters long.' }]);
    expect((await post('sender', sender, id, 'x'.repeat(2000))).statusCode).toBe(201);
    expect((await read('sender', sender, id)).json().message_count).toBe(1);
  });

  it('stores markup as sent: it is data, the client shows it as text', async () => {
    const { sender, driver, id } = await acceptedJob();
    const text = '<script>alert("hoi")</script> & <b>vet</b>';
    expect((await post('sender', sender, id, text)).json().message).toBe(text);
    expect((await read('driver', driver, id)).json().messages[0].message).toBe(text);
  });

  it('counts unread messages until the other party reads them, and marks their chat pushes read', async () => {
    const { sender, driver, id } = await acceptedJob();
    await post('sender', sender, id, 'Eén');
    await post('sender', sender, id, 'Twee');
    const unread = async () => (await list('driver', driver)).json()[0].unread_count;
    expect(await unread()).toBe(2);
    expect((await list('sender', sender)).json()[0].unread_count).toBe(0);
    const pushes = async () => (await t.app.inject({ method: 'GET', url: '/api/pushes', headers: driver.auth })).json();
    expect((await pushes()).items.filter((p: { type: string; read_at: number | null }) => p.type === 'shipment.message.new' && p.read_at === null)).toHaveLength(2);

    const seen = (await read('driver', driver, id)).json();
    expect(seen.unread_count).toBe(0);
    expect(await unread()).toBe(0);
    expect((await pushes()).items.filter((p: { type: string; read_at: number | null }) => p.type === 'shipment.message.new' && p.read_at === null)).toHaveLength(0);
    // The sender sees how far the driver read.
    expect((await read('sender', sender, id)).json().other_last_read_id).toBe(seen.messages[1].id);
  });

  it('creates exactly one shipment.message.new push for the other party, none for the author', async () => {
    const { sender, driver, id } = await acceptedJob('Mieke');
    const sent = (await post('sender', sender, id, 'Kan je om 9 uur komen? '.repeat(6))).json();
    const chatPushes = async (who: Party) =>
      (await t.app.inject({ method: 'GET', url: '/api/pushes', headers: who.auth })).json().items.filter((p: { type: string }) => p.type === 'shipment.message.new');
    const mine = await chatPushes(driver);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ shipment_id: id, payload: { message_id: sent.id, from_name: 'Mieke J.', preview: sent.message.slice(0, 80) } });
    expect(mine[0].json_message.nl).toContain('Mieke J.');
    expect(await chatPushes(sender)).toHaveLength(0);
  });

  it('limits how many messages one user posts per minute: 429 with Retry-After', async () => {
    const { sender, id } = await acceptedJob();
    for (let i = 0; i < 5; i++) expect((await post('sender', sender, id, `Bericht ${i}`)).statusCode).toBe(201);
    const over = await post('sender', sender, id, 'Nog eentje');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(61);
    expect((await post('sender', sender, id, 'Nog eentje')).statusCode).toBe(201);
  });
});

describe('demo drivers in chat', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp({ DEMO_DRIVERS: 'true', DEMO_OFFER_DELAY_SECONDS: '1', DEMO_STEP_SECONDS: '600', DEMO_CHAT_REPLY_SECONDS: '3' });
  });
  afterAll(() => demo.close());

  /** A shipment of `sender` with a demo driver's offer accepted: the chat is open. */
  async function acceptedDemoOffer(sender: Awaited<ReturnType<typeof registerAndLogin>>) {
    const id = await createShipment(demo, sender.auth);
    demo.clock.advance(10);
    await demo.app.demoDrivers!.tick();
    const offers = (await demo.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json().offers;
    await addCard(demo, sender.auth);
    expect((await accept(demo, sender.auth, id, offers[0].id)).statusCode).toBe(200);
    return { id, driverId: offers[0].driver.user.id as number };
  }

  it('answer the sender a few seconds after their message, once', async () => {
    const sender = await registerAndLogin(demo);
    const { id, driverId } = await acceptedDemoOffer(sender);
    const messages = async () => (await demo.app.inject({ method: 'GET', url: `/api/conversation/${id}`, headers: sender.auth })).json().messages;

    await demo.app.inject({ method: 'POST', url: `/api/conversation/${id}`, headers: sender.auth, payload: { message: 'Hoe laat kom je?' } });
    demo.clock.advance(1);
    await demo.app.demoDrivers!.tick();
    expect(await messages()).toHaveLength(1);

    demo.clock.advance(3);
    await demo.app.demoDrivers!.tick();
    await demo.app.demoDrivers!.tick();
    const after = await messages();
    expect(after).toHaveLength(2);
    expect(after[1].from).toBe(driverId);
    expect(after[1].message).toMatch(/^(Bedankt|Komt in orde|Goed genoteerd|Geen probleem)/);
  });

  it('answer in the sender’s language', async () => {
    const sender = await registerAndLogin(demo);
    await demo.app.inject({ method: 'PUT', url: '/api/user/locale', headers: sender.auth, payload: { locale: 'fr' } });
    const { id } = await acceptedDemoOffer(sender);
    await demo.app.inject({ method: 'POST', url: `/api/conversation/${id}`, headers: sender.auth, payload: { message: 'Vous arrivez à quelle heure ?' } });
    demo.clock.advance(4);
    await demo.app.demoDrivers!.tick();
    const messages = (await demo.app.inject({ method: 'GET', url: `/api/conversation/${id}`, headers: sender.auth })).json().messages;
    expect(messages[1].message).toMatch(/^(Merci|C’est noté|Bien reçu|Pas de problème)/);
  });
});
