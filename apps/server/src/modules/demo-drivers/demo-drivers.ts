import { randomUUID } from 'node:crypto';
import polyline from '@mapbox/polyline';
import { estimatePriceRange, isLocale, type Locale, nextDriverState, type ProofKind, proofRequiredFor, SHIPMENT_STATE, type VehicleType } from '@vm/domain';
import sharp from 'sharp';
import type { Db } from '../../db/database.ts';
import type { ChatService } from '../chat/chat.service.ts';
import type { DriverAccountsService } from '../driver-accounts/driver-accounts.service.ts';
import type { DriverJobsService } from '../driver-jobs/driver-jobs.service.ts';
import type { OffersService } from '../offers/offers.service.ts';
import type { ProofsService } from '../proofs/proofs.service.ts';
import type { ShipmentsService } from '../shipments/shipments.service.ts';
import type { UsersService } from '../users/users.service.ts';
import * as repo from './demo-drivers.repository.ts';

// Demo drivers make a fresh install a working marketplace: every new shipment gets 2-4 offers
// within seconds, priced near the estimate, and an accepted demo driver drives the job through
// its states while its position moves along the route. They act through the same service calls
// as a real driver's API requests. The work is a periodic tick that reads the database, so it
// survives restarts and needs no timers per shipment; the job runner calls it (src/jobs.ts).

type DemoDriverProfile = { email: string; firstName: string; lastName: string; vehicle: { type: VehicleType; name: string } };

export const DEMO_DRIVER_PROFILES: DemoDriverProfile[] = [
  { email: 'jan.maes@demo.vrachtmarkt.be', firstName: 'Jan', lastName: 'Maes', vehicle: { type: 'van', name: 'Ford Transit' } },
  { email: 'sofie.claes@demo.vrachtmarkt.be', firstName: 'Sofie', lastName: 'Claes', vehicle: { type: 'small_truck', name: 'Iveco Daily 7,2 t' } },
  { email: 'karim.elidrissi@demo.vrachtmarkt.be', firstName: 'Karim', lastName: 'El Idrissi', vehicle: { type: 'car', name: 'Volkswagen Caddy' } },
  { email: 'els.wouters@demo.vrachtmarkt.be', firstName: 'Els', lastName: 'Wouters', vehicle: { type: 'truck', name: 'DAF XF 12 t' } },
];

export type DemoDriversConfig = { offerDelaySeconds: number; stepSeconds: number; chatReplySeconds: number; password: string | null };

/**
 * The demo drivers' password when DEMO_DRIVER_PASSWORD is not set: documented in the README so a
 * developer can sign in to /driver/ as one of them. Demo drivers exist only in demo mode (never by
 * default in production), like the demo admin.
 */
export const DEMO_DRIVER_DEFAULT_PASSWORD = 'demo-rijden-2026';

/** What a demo driver answers in chat, in the sender's language, picked per message so a restart answers the same. */
const CHAT_REPLIES: Record<Locale, string[]> = {
  nl: [
    'Bedankt voor je bericht, ik hou er rekening mee.',
    'Komt in orde! Ik laat het weten als er iets verandert.',
    'Goed genoteerd. Tot straks!',
    'Geen probleem, ik ben onderweg zoals afgesproken.',
  ],
  fr: [
    'Merci pour votre message, j’en tiens compte.',
    'C’est noté ! Je vous préviens si quelque chose change.',
    'Bien reçu. À tout à l’heure !',
    'Pas de problème, je suis en route comme convenu.',
  ],
  en: [
    'Thanks for your message, I will keep it in mind.',
    'Will do! I will let you know if anything changes.',
    'Noted. See you later!',
    'No problem, I am on my way as agreed.',
  ],
};
type Log = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

/** How far north-east of the pickup a demo driver on the way there shows itself, in degrees (about 5 km). */
const PICKUP_APPROACH_DEGREES = 0.05;

/** A stable pseudo-random number in [0, 1) per (shipment, slot): the same offers after a restart. */
const jitter = (a: number, b: number) => {
  const x = Math.sin(a * 12.9898 + b * 78.233) * 43758.5453;
  return x - Math.floor(x);
};


function alongRoute(points: [number, number][], share: number): { lat: number; lng: number } {
  const i = Math.min(points.length - 1, Math.max(0, Math.round(share * (points.length - 1))));
  const [lat, lng] = points[i]!;
  if (points.length > 2 || share <= 0 || share >= 1) return { lat, lng };
  // Two-point (estimated) routes: interpolate on the straight line.
  const [a, b] = points as [[number, number], [number, number]];
  return { lat: a[0] + (b[0] - a[0]) * share, lng: a[1] + (b[1] - a[1]) * share };
}

/** The demo drivers' accounts: created on the first start, the same ones after a restart. */
/**
 * Processes that start together on a fresh database each try to create the demo drivers; the email
 * is unique, so the one that loses takes the driver the other made.
 */
async function createOnce(users: UsersService, p: DemoDriverProfile, i: number, password: string | null): Promise<number> {
  try {
    return await users.createDriver({ ...p, password: password ?? DEMO_DRIVER_DEFAULT_PASSWORD, cellphone: `+3247000000${i}`, birthday: '1985-01-01' });
  } catch (err) {
    const made = await users.idByEmail(p.email);
    if (made === null) throw err;
    return made;
  }
}

/** The demo drivers are ordinary driver accounts, verified by this seed (approved, vehicle, documents) on every start. */
async function ensureDemoDrivers(users: UsersService, driverAccounts: Pick<DriverAccountsService, 'seedVerified'>, password: string | null): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, p] of DEMO_DRIVER_PROFILES.entries()) {
    const id = (await users.idByEmail(p.email)) ?? (await createOnce(users, p, i, password));
    await driverAccounts.seedVerified(id, p.vehicle);
    ids.push(id);
  }
  return ids;
}

/** Issue 21 part 3: a demo driver's proof pictures, made once: a grey "photo" and a half-transparent "signature" (PNG). */
let proofPictures: Promise<{ photo: Buffer; signature: Buffer }> | null = null;
const demoProofPictures = () =>
  (proofPictures ??= Promise.all([
    sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 150, g: 140, b: 120 } } }).jpeg().toBuffer(),
    sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 10, g: 20, b: 90, alpha: 0.5 } } }).png().toBuffer(),
  ]).then(([photo, signature]) => ({ photo, signature })));

export async function startDemoDrivers(deps: {
  db: Db;
  shipments: Pick<ShipmentsService, 'rate'>;
  offers: Pick<OffersService, 'offer'>;
  driverJobs: Pick<DriverJobsService, 'setDriverRoute' | 'driverState' | 'driverLocation'>;
  proofs: Pick<ProofsService, 'take' | 'list'>;
  users: UsersService;
  driverAccounts: Pick<DriverAccountsService, 'seedVerified'>;
  chat: ChatService;
  now: () => Date;
  log: Log;
  config: DemoDriversConfig;
}) {
  const { db, shipments, offers, driverJobs, proofs, users, driverAccounts, chat, now, log, config } = deps;

  /** Before loaded and delivered, the demo driver takes the proof a real driver would (once). */
  async function takeProof(driverId: number, shipmentId: number, kind: ProofKind, at: { lat: number; lng: number }): Promise<void> {
    const taken = await proofs.list({ role: 'driver', userId: driverId }, shipmentId);
    if (taken.proofs.some((p) => p.kind === kind)) return;
    const pics = await demoProofPictures();
    const ids = await repo.packageIds(db, shipmentId);
    const uploads = new Map<string, Buffer>([['signature', pics.signature]]);
    ids.forEach((_, i) => uploads.set(`photo${i}`, pics.photo));
    await proofs.take(
      driverId,
      shipmentId,
      {
        kind,
        client_id: randomUUID(),
        taken_at: Math.floor(now().getTime() / 1000),
        lat: at.lat,
        lng: at.lng,
        accuracy_m: 10,
        signer_name: kind === 'pickup' ? 'Demo Afzender' : 'Demo Ontvanger',
        condition: 'good',
        reservations: '',
        packages: ids.map((package_id, i) => ({ package_id, photos: [`photo${i}`] })),
        signature: 'signature',
      },
      uploads,
    );
  }
  const driverIds = await ensureDemoDrivers(users, driverAccounts, config.password);

  async function makeOffers(): Promise<void> {
    const at = now();
    const open = await repo.openShipments(db, driverIds, at, new Date(at.getTime() - 3600_000));
    for (const s of open) {
      const wanted = 2 + (s.id % 3);
      for (let k = s.demoOffers ?? 0; k < wanted; k++) {
        const due = s.createdAt.getTime() + config.offerDelaySeconds * 1000 * (k + 1);
        if (due > at.getTime()) break;
        const driverId = driverIds[(s.id + k) % driverIds.length]!;
        const range = estimatePriceRange({
          distanceMetres: s.routeDistance,
          volumeM3: s.volumeM3 ?? 0,
          weightKg: s.weightKg ?? 0,
          windowHours: (s.pickupDateTill.getTime() - s.pickupDateFrom.getTime()) / 3600_000,
        });
        // Near the estimate: anywhere from 10 % under its middle to 10 % over, in whole euros.
        const middle = (range.low + range.high) / 2;
        const price = Math.max(100, Math.round((middle * (0.9 + 0.2 * jitter(s.id, k))) / 100) * 100);
        try {
          await offers.offer(driverId, s.id, price);
        } catch (err) {
          log.warn({ err, shipmentId: s.id }, 'demo driver could not make an offer');
        }
      }
    }
  }

  async function drive(): Promise<void> {
    const at = now();
    for (const s of await repo.assignedShipments(db, driverIds)) {
      try {
        if (SHIPMENT_STATE[s.state].phase === 'done') {
          await shipments.rate(s.driverId, s.id, 5);
          continue;
        }
        if (s.driverRouteDistance === null) {
          // The demo driver starts 8-20 km from the pickup.
          const approach = Math.round(8000 + 12000 * jitter(s.id, 99));
          await driverJobs.setDriverRoute(s.id, { distance: s.routeDistance + approach, duration: s.routeDuration + Math.round(approach / 13.9) }, at);
        }
        const changedAt = s.changedAt ? new Date(s.changedAt).getTime() : 0;
        if (at.getTime() - changedAt < config.stepSeconds * 1000) continue;
        const next = nextDriverState(s.state);
        if (!next) continue;
        const points = polyline.decode(s.routePoints) as [number, number][];
        const proofKind = proofRequiredFor(next);
        if (proofKind) {
          const end = points.at(-1);
          await takeProof(s.driverId, s.id, proofKind, proofKind === 'pickup' || !end ? { lat: s.pickupLat, lng: s.pickupLng } : { lat: end[0], lng: end[1] });
        }
        await driverJobs.driverState(s.driverId, s.id, next, 'nl'); // the answer is not read
        // Where a driver in that state is (its descriptor): along the route, or before the pickup a
        // little north-east of it, closer at each step.
        const along = SHIPMENT_STATE[next].along ?? 0;
        const away = -along * PICKUP_APPROACH_DEGREES;
        const position = along >= 0 ? alongRoute(points, along) : { lat: s.pickupLat + away, lng: s.pickupLng + away };
        await driverJobs.driverLocation(s.driverId, s.id, position);
      } catch (err) {
        log.warn({ err, shipmentId: s.id }, 'demo driver could not move on');
      }
    }
  }

  /** Answers the sender's newest message once it is chatReplySeconds old (read from the database: a restart resumes). */
  async function reply(): Promise<void> {
    const before = new Date(now().getTime() - config.chatReplySeconds * 1000);
    for (const c of await chat.awaitingReply(driverIds, before)) {
      try {
        const replies = CHAT_REPLIES[isLocale(c.senderLocale) ? c.senderLocale : 'nl'];
        await chat.post(c.driverId, c.shipmentId, { message: replies[Math.floor(jitter(c.shipmentId, c.messageId) * replies.length)]! });
      } catch (err) {
        log.warn({ err, shipmentId: c.shipmentId }, 'demo driver could not answer a chat message');
      }
    }
  }

  // One tick at a time; a caller arriving during a tick waits for it.
  let current: Promise<void> | null = null;
  const tick = (): Promise<void> =>
    (current ??= (async () => {
      try {
        await makeOffers();
        await drive();
        await reply();
      } finally {
        current = null;
      }
    })());
  log.info({ drivers: driverIds.length, offerDelaySeconds: config.offerDelaySeconds, stepSeconds: config.stepSeconds, chatReplySeconds: config.chatReplySeconds }, 'demo drivers on');
  return {
    driverIds,
    tick,
    stop: async () => {
      await current;
    },
  };
}
