import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { clientToken, registerAndLogin } from '../helpers/flows.ts';
import { accept, addCard, createDriver, createShipment, driverState, makeOffer, shipmentContent } from '../helpers/marketplace.ts';
import type { TestApp } from '../helpers/test-app.ts';

// The people and data the fuzzer works on. The victim owns a booked shipment with a chat and a
// card; everything unique to them is a marker that must never appear in an answer to anyone else.

export type Identity = { name: string; headers: Record<string, string>; userId: number | null };

export type World = {
  identities: Identity[];
  /** Identities that must never see the victim's markers, and the markers each must not see. */
  leakChecks: Map<string, { label: string; text: string }[]>;
  ids: number[];
  /** Known-good values of path parameters that are not numeric ids. */
  pathValues: Record<string, string[]>;
  /** Known-good bodies of the routes whose body the document does not describe (multipart). */
  examples: Map<string, unknown>;
  jpeg: Buffer;
  /** Puts back what the fuzz may have removed through legitimate calls (the victim's card). */
  replant: () => Promise<void>;
};

export async function buildWorld(t: TestApp): Promise<World> {
  const victim = await registerAndLogin(t);
  const attacker = await registerAndLogin(t);
  const driver = await createDriver(t);
  const outsider = await createDriver(t, { type: 'truck', name: 'Volvo FH' });
  const client = await clientToken(t);

  // The victim books a shipment with `driver`, pays by a card no one else holds, and chats.
  const card = await addCard(t, victim.auth, 'tok_mastercard');
  if (card.statusCode >= 300) throw new Error(`card: ${card.statusCode} ${card.body}`);
  const booked = await createShipment(t, victim.auth);
  const bookedOffer = await makeOffer(t, driver, booked, 120);
  const accepted = await accept(t, victim.auth, booked, bookedOffer);
  if (accepted.statusCode >= 300) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
  // The goods are on board: the driver can no longer give the job back, which would put it on the
  // open board, reference and all, for every driver by right (a legitimate call the fuzz makes).
  for (const state of ['onwaytopickup', 'nearpickup', 'arrivedpickup', 'loading', 'loaded']) {
    const moved = await driverState(t, driver, booked, state);
    if (moved.statusCode >= 300) throw new Error(`${state}: ${moved.statusCode} ${moved.body}`);
  }
  const secret = `geheim-${randomUUID()}`;
  const chat = await t.app.inject({ method: 'POST', url: `/api/conversation/${booked}`, headers: victim.auth, payload: { message: `De code is ${secret}` } });
  if (chat.statusCode >= 300) throw new Error(`chat: ${chat.statusCode} ${chat.body}`);
  const tracking = await t.app.inject({ method: 'POST', url: `/api/shipment/${booked}/tracking`, headers: victim.auth });
  const trackingToken = tracking.statusCode === 201 ? (tracking.json().token as string) : undefined;
  const reference = (await t.app.inject({ method: 'GET', url: `/api/shipment/${booked}`, headers: victim.auth })).json().reference_id as string;
  // An open shipment of the victim with an offer of the outsider, and one of the attacker.
  const open = await createShipment(t, victim.auth);
  const openOffer = await makeOffer(t, outsider, open, 90);
  const own = await createShipment(t, attacker.auth);
  const ownOffer = await makeOffer(t, driver, own, 80);
  const pushes = (await t.app.inject({ method: 'GET', url: '/api/pushes', headers: victim.auth })).json().items as { id: number }[];

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const identities: Identity[] = [
    { name: 'owner', headers: victim.auth, userId: victim.id },
    { name: 'other-sender', headers: attacker.auth, userId: attacker.id },
    { name: 'owner-driver', headers: driver.auth, userId: driver.id },
    { name: 'outside-driver', headers: outsider.auth, userId: outsider.id },
    { name: 'client', headers: bearer(client), userId: null },
    { name: 'none', headers: {}, userId: null },
  ];
  // The booked driver sees the reference and the chat by right; a card or an email never.
  const markers = [
    { label: "victim's email", text: victim.email },
    { label: "victim's card", text: '"last4":"4444"' },
    { label: "victim's booked reference", text: reference },
    { label: "victim's chat text", text: secret },
  ];
  // Each marker is in the victim's own answers, in the exact form a leak would show it: otherwise
  // the check below could never fail.
  const victimAnswers = await Promise.all(
    ['/api/user', '/api/billing/cards', `/api/shipment/${booked}`, `/api/conversation/${booked}`].map(async (url) => (await t.app.inject({ method: 'GET', url, headers: victim.auth })).body),
  );
  for (const m of markers) if (!victimAnswers.some((body) => body.includes(m.text))) throw new Error(`marker ${m.label} (${m.text}) is not in the victim's own answers`);
  const leakChecks = new Map([
    ['other-sender', markers],
    ['outside-driver', markers],
    ['client', markers],
    ['none', markers],
    ['owner-driver', markers.slice(0, 2)],
  ]);

  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } }).jpeg().toBuffer();
  const examples = new Map<string, unknown>([
    ['POST /api/shipment', shipmentContent({ packages: [{ type: 'small', description: 'Een doos', photos: ['photo'] }] })],
    ['POST /api/attachment', { object: 'user', object_id: victim.id, attachments: [{ file: 'photo', type: 'profile_picture' }] }],
    // Bodies still parsed by hand (not in the document yet): without an example, only junk reaches them.
    ['POST /oauth/access_token', { grant_type: 'password', username: attacker.email, password: 'wrong-password', client_id: 'web', scope: 'app' }],
    ['POST /api/conversation/{shipmentId}', { message: 'Hallo, om hoe laat kom je?' }],
    ['POST /api/driver/conversation/{shipmentId}', { message: 'Ik ben er om 10 uur.' }],
  ]);

  return {
    identities,
    leakChecks,
    ids: [...new Set([victim.id, attacker.id, driver.id, outsider.id, booked, bookedOffer, open, openOffer, own, ownOffer, ...pushes.map((p) => p.id)])],
    pathValues: {
      variant: ['original', 'medium', 'thumb'],
      outcome: ['authorise', 'decline'],
      token: trackingToken ? [trackingToken] : [],
    },
    examples,
    jpeg,
    replant: async () => {
      const cards = await t.app.inject({ method: 'GET', url: '/api/billing/cards', headers: victim.auth });
      if (cards.statusCode === 200 && (cards.json() as unknown[]).length === 0) await addCard(t, victim.auth, 'tok_mastercard');
    },
  };
}
