import { z } from 'zod';
import { DRIVER_DOCUMENT_KINDS, type DriverDocumentKind } from './driver-joining.ts';
import { type Locale, localeTagOf } from './languages.ts';
import { hasControlCharacters, MAX_ROW_ID, MAX_UNIX_SECONDS } from './wire.ts';
import { formatEuro } from './insurance.ts';
import { userSummarySchema } from './images.ts';
import { PROBLEM_KINDS, PROBLEM_OUTCOMES, type ProblemKind } from './problems.ts';
import { SHIPMENT_STATES, type ShipmentStateName } from './shipment-states.ts';
import { PAYMENT_METHODS, type PaymentMethodName } from './payment-methods.ts';
import { formatClock, formatDay } from './window-format.ts';

// Events (ARCHITECTURE "Events"): one row per recipient, written with the change that causes it.
// They feed the stream, the push list, the activity log, mails and live screens. Each carries its
// text in every language the product speaks (SPEC json_message.en; nl and fr beside it).

export const LEGS = ['pickup', 'delivery'] as const;
export type Leg = (typeof LEGS)[number];

export const MAX_MESSAGE_LENGTH = 2000;

// The bounds of an event's fields, like the rest of the contract (wire.ts): ids fit the row-id range,
// text has a maximum length, amounts (euros) and coordinates a sane range.
const id = z.number().int().min(1).max(MAX_ROW_ID);
/** The shipment's reference number shown to people. */
const reference = z.string().min(1).max(40);
const personName = z.string().max(210);
const city = z.string().max(200);
const euros = z.number().min(0).max(10_000_000);
const method = z.enum(PAYMENT_METHODS);
const seconds = z.number().int().min(0).max(MAX_UNIX_SECONDS);

const event = <T extends string, P extends z.ZodObject>(type: T, payload: P) => z.object({ type: z.literal(type), payload });

/**
 * Every event type with its payload: the one definition writers parse before inserting and readers
 * parse after reading. Adding a type, or a field, is an edit here.
 */
export const eventSchema = z.discriminatedUnion('type', [
  event('shipment.offer.new', z.object({ reference, offer_id: id, driver_name: personName, total: euros })),
  event('shipment.offer.withdrawn', z.object({ reference, driver_name: personName })),
  /** The sender's receipt, as its push text (the receipt itself is kept with the payment). */
  event(
    'shipment.offer.accepted',
    z.object({
      reference,
      offer_id: id,
      driver_name: personName,
      total: euros,
      vat_percent: z.number().min(0).max(100),
      vat_amount: euros,
      method,
      card_last4: z.string().regex(/^\d{4}$/).nullable(),
    }),
  ),
  /** To each driver whose open offer lost when the sender accepted another (issue 21 part 4). */
  event('shipment.offer.not_chosen', z.object({ reference })),
  /** The driver's new job. */
  event('shipment.job.assigned', z.object({ reference, offer_id: id, price: euros, pickup_city: city, delivery_city: city })),
  /** Issue 22: to the driver, when the sender cancels an accepted job; their share of the fee (0 when free). */
  event('shipment.cancelled', z.object({ reference, fee_share: euros })),
  /** Issue 22: to the sender, when the driver gives an accepted job up: it is open for offers again, the payment refunded. */
  event('shipment.driver_cancelled', z.object({ reference, driver_name: personName, refund: euros })),
  event('payment.succeeded', z.object({ reference, amount: euros, method })),
  event('payment.failed', z.object({ reference, amount: euros, method })),
  event('shipment.state.changed', z.object({ reference, state: z.enum(SHIPMENT_STATES) })),
  /** Streamed only: never listed as a push or an activity entry. */
  event('shipment.location', z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })),
  event('shipment.message.new', z.object({ reference, message_id: id, from_name: personName, preview: z.string().max(MAX_MESSAGE_LENGTH) })),
  event('shipment.rating.new', z.object({ reference, rating: z.number().int().min(1).max(5) })),
  /** Issue 23: a refusal carries staff's reason (the company reads it in the mail and the push). */
  event('company.invoice.status', z.object({ status: z.enum(['requested', 'approved', 'rejected']).nullable(), reason: z.string().max(2000).nullable().optional() })),
  event('shipment.expired', z.object({ reference })),
  event('shipment.late', z.object({ reference, leg: z.enum(LEGS), eta: seconds })),
  /** Streamed only: the sender's own change (a new shipment, insurance, a rating given), for live lists and caches. */
  event('shipment.changed', z.object({ reference })),
  /** To each driver with an open offer when the sender changed the job; `offer_withdrawn` by the rule of offersStay. */
  event('shipment.details.changed', z.object({ reference, offer_withdrawn: z.boolean() })),
  /** Streamed only: the user's sessions were revoked; every process forgets their cached tokens. */
  event('session.revoked', z.object({})),
  /** Streamed only: a new account; the mail worker sends its welcome mail. */
  event('user.registered', z.object({})),
  /** To a driver: staff approved them, or refused them with the reason they read. */
  event('driver.verification.decided', z.object({ approved: z.boolean(), reason: z.string().max(1000).nullable() })),
  /** To a driver: a document expires in `days` days (30, then 7); bids stop the day after `expires`. */
  event('driver.document.expiring', z.object({ kind: z.enum(DRIVER_DOCUMENT_KINDS), expires: z.string().max(10), days: z.number().int().min(0).max(60) })),
  // Issue 21, job board: a new open job that fits one of the driver's vehicles in their last board area.
  event('board.job.new', z.object({ reference, pickup_zip: z.string().max(20), pickup_city: city, delivery_zip: z.string().max(20), delivery_city: city })),
  // Issue 23 part 1: a problem with a job. To the driver when the sender reports it; to the sender when
  // the driver answers; to both when staff decide, with the reason in the staff member's words.
  event('problem.reported', z.object({ reference, kind: z.enum(PROBLEM_KINDS) })),
  event('problem.answered', z.object({ reference })),
  event('problem.decided', z.object({ reference, outcome: z.enum(PROBLEM_OUTCOMES), refund: euros, released: euros, reason: z.string().max(2000) })),
  // Issue 23 part 2: staff restricted or suspended the account (the statement of reasons is made from
  // this payload in the user's language), or lifted it with a reason.
  event(
    'account.restricted',
    z.object({ restriction_id: id, kind: z.enum(['restrict', 'suspend']), reason: z.string().max(2000), starts_at: seconds, ends_at: seconds.nullable(), business: z.boolean() }),
  ),
  event('account.restriction.lifted', z.object({ restriction_id: id, kind: z.enum(['restrict', 'suspend']), reason: z.string().max(2000) })),
]);
/** An event's type with its payload, one member per type. */
export type EventBody = z.infer<typeof eventSchema>;
export type EventType = EventBody['type'];
/** The payload of each event type. */
export type EventPayloads = { [E in EventBody as E['type']]: E['payload'] };
/** The body of one type, or of each of several (written as a mapped type so a handler per type can be looked up by `type`). */
export type EventOf<T extends EventType = EventType> = { [K in T]: { type: K; payload: EventPayloads[K] } }[T];

export const EVENT_TYPES = [
  'shipment.offer.new',
  'shipment.offer.withdrawn',
  'shipment.offer.accepted',
  'shipment.offer.not_chosen',
  'shipment.job.assigned',
  'shipment.cancelled',
  'shipment.driver_cancelled',
  'payment.succeeded',
  'payment.failed',
  'shipment.state.changed',
  'shipment.location',
  'shipment.message.new',
  'shipment.rating.new',
  'company.invoice.status',
  'shipment.expired',
  'shipment.late',
  'shipment.changed',
  'shipment.details.changed',
  'session.revoked',
  'user.registered',
  'driver.verification.decided',
  'driver.document.expiring',
  'board.job.new',
  'problem.reported',
  'problem.answered',
  'problem.decided',
  'account.restricted',
  'account.restriction.lifted',
] as const satisfies readonly EventType[];
// Every type of the union is in the list above (a type added there and not here fails to compile).
const everyTypeListed: Exclude<EventType, (typeof EVENT_TYPES)[number]> extends never ? true : false = true;
void everyTypeListed;

/** Parses a type and payload as the union says (throws a ZodError on a payload that does not fit its type). */
export const parseEvent = (type: string, payload: unknown): EventBody => eventSchema.parse({ type, payload });

/** Types that only move screens along (a position, a payment already told by its receipt). */
export const STREAM_ONLY_TYPES: ReadonlySet<EventType> = new Set(['shipment.location', 'payment.succeeded', 'shipment.changed', 'session.revoked', 'user.registered']);
export const isListed = (type: EventType) => !STREAM_ONLY_TYPES.has(type);

/** An event about to be written: who it is for, what (a type with its payload), and about which shipment. */
export type NewEvent = EventBody & {
  userId: number;
  shipmentId: number | null;
  /** Written at most once per key (a scheduled check may find the same thing twice). */
  dedupeKey?: string;
};

export type JsonMessage = Record<Locale, string>;

/**
 * A push (SPEC section 3: id, type, shipment_id, created_at, json_message.en) as the API and the
 * stream send it; read_at marks it read on every device.
 */
export const pushReadSchema = z.object({
  id: z.number(),
  type: z.enum(EVENT_TYPES),
  shipment_id: z.number().nullable(),
  created_at: z.number(),
  read_at: z.number().nullable(),
  json_message: z.object({ nl: z.string(), fr: z.string(), en: z.string() }),
  /** The event's own fields (eventSchema); the text above is what a client shows. */
  payload: z.record(z.string(), z.unknown()),
});
/** A push; its payload is one of the union's (the server parses type and payload together before sending). */
export type PushRead = Omit<z.infer<typeof pushReadSchema>, 'payload'> & { payload: EventBody['payload'] };

/** GET /api/pushes: newest first, one page. */
export const pushPageSchema = z.object({ items: z.array(pushReadSchema), unread_count: z.number(), next_before: z.number().nullable() });
export const unreadCountSchema = z.object({ unread_count: z.number() });

const STATE_TEXT: Record<ShipmentStateName, JsonMessage> = {
  new: { nl: 'nieuw', fr: 'nouvelle', en: 'new' },
  accepted: { nl: 'aanvaard', fr: 'acceptée', en: 'accepted' },
  onwaytopickup: { nl: 'chauffeur onderweg naar ophaaladres', fr: 'chauffeur en route vers l’enlèvement', en: 'driver on the way to pickup' },
  nearpickup: { nl: 'chauffeur bijna aan ophaaladres', fr: 'chauffeur presque à l’enlèvement', en: 'driver near pickup' },
  arrivedpickup: { nl: 'chauffeur aangekomen op ophaaladres', fr: 'chauffeur arrivé à l’enlèvement', en: 'driver arrived at pickup' },
  loading: { nl: 'laden', fr: 'chargement', en: 'loading' },
  loaded: { nl: 'geladen', fr: 'chargée', en: 'loaded' },
  onwaytodelivery: { nl: 'onderweg naar leveradres', fr: 'en route vers la livraison', en: 'on the way to delivery' },
  neardelivery: { nl: 'bijna aan leveradres', fr: 'presque à la livraison', en: 'near delivery' },
  arriveddelivery: { nl: 'aangekomen op leveradres', fr: 'arrivée à la livraison', en: 'arrived at delivery' },
  unloading: { nl: 'lossen', fr: 'déchargement', en: 'unloading' },
  unloaded: { nl: 'gelost', fr: 'déchargée', en: 'unloaded' },
  delivered: { nl: 'geleverd', fr: 'livrée', en: 'delivered' },
  finalised: { nl: 'afgerond', fr: 'finalisée', en: 'finalised' },
  cancelled: { nl: 'geannuleerd', fr: 'annulée', en: 'cancelled' },
};

/** A job's state as a label in a list or a table (capitalised), in the reader's language. */
export const shipmentStateLabel = (state: ShipmentStateName, l: Locale): string => {
  const text = STATE_TEXT[state][l];
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const METHOD_TEXT: Record<PaymentMethodName, JsonMessage> = {
  card: { nl: 'kredietkaart', fr: 'carte de crédit', en: 'credit card' },
  invoice: { nl: 'factuur', fr: 'facture', en: 'invoice' },
  bancontact: { nl: 'Bancontact', fr: 'Bancontact', en: 'Bancontact' },
};

const INVOICE_TEXT: Record<'requested' | 'approved' | 'rejected' | 'none', JsonMessage> = {
  requested: { nl: 'aangevraagd', fr: 'demandé', en: 'requested' },
  approved: { nl: 'goedgekeurd', fr: 'approuvé', en: 'approved' },
  rejected: { nl: 'geweigerd', fr: 'refusé', en: 'rejected' },
  none: { nl: 'stopgezet', fr: 'arrêté', en: 'stopped' },
};

const DOCUMENT_TEXT: Record<DriverDocumentKind, JsonMessage> = {
  driving_licence: { nl: 'rijbewijs', fr: 'permis de conduire', en: 'driving licence' },
  cmr_insurance: { nl: 'CMR-verzekeringsattest', fr: 'attestation d’assurance CMR', en: 'CMR insurance certificate' },
  transport_licence: { nl: 'vervoersvergunning', fr: 'licence de transport', en: 'transport licence' },
};

const money = (euros: number, l: Locale) => formatEuro(Math.round(euros * 100), localeTagOf(l));
/** A moment on the Brussels clock with its day: a window over several days can run into another day. */
const moment = (seconds: number, l: Locale) => ({ day: formatDay(seconds, 'Europe/Brussels', localeTagOf(l)), time: formatClock(seconds, 'Europe/Brussels') });

const PROBLEM_KIND_TEXT: Record<ProblemKind, Record<Locale, string>> = {
  damage: { nl: 'schade', fr: 'dommage', en: 'damage' },
  loss: { nl: 'verlies', fr: 'perte', en: 'loss' },
  lateness: { nl: 'te laat', fr: 'retard', en: 'lateness' },
  no_show: { nl: 'niet komen opdagen', fr: 'absence du chauffeur', en: 'no-show' },
  other: { nl: 'ander probleem', fr: 'autre problème', en: 'other problem' },
};

type Texts = { [T in EventType]: (p: EventPayloads[T], l: Locale) => string };

// One sentence per type and language; the reference number tells which job it is about.
const TEXTS: Texts = {
  'shipment.offer.new': (p, l) =>
    ({ nl: `Nieuw bod van ${p.driver_name} op ${p.reference}: ${money(p.total, l)}`, fr: `Nouvelle offre de ${p.driver_name} pour ${p.reference} : ${money(p.total, l)}`, en: `New offer from ${p.driver_name} on ${p.reference}: ${money(p.total, l)}` })[l],
  'shipment.offer.withdrawn': (p, l) =>
    ({ nl: `${p.driver_name} trok het bod op ${p.reference} in`, fr: `${p.driver_name} a retiré son offre pour ${p.reference}`, en: `${p.driver_name} withdrew the offer on ${p.reference}` })[l],
  'shipment.offer.accepted': (p, l) => {
    const how = METHOD_TEXT[p.method][l] + (p.card_last4 ? ` •••• ${p.card_last4}` : '');
    return {
      nl: `Bod van ${p.driver_name} aanvaard voor ${p.reference}: ${money(p.total, l)} incl. ${p.vat_percent}% btw, betaald met ${how}`,
      fr: `Offre de ${p.driver_name} acceptée pour ${p.reference} : ${money(p.total, l)} TVA ${p.vat_percent}% comprise, payée par ${how}`,
      en: `Offer from ${p.driver_name} accepted for ${p.reference}: ${money(p.total, l)} incl. ${p.vat_percent}% VAT, paid by ${how}`,
    }[l];
  },
  'shipment.job.assigned': (p, l) =>
    ({
      nl: `Je bod op ${p.reference} (${p.pickup_city} → ${p.delivery_city}) is aanvaard: ${money(p.price, l)}`,
      fr: `Votre offre pour ${p.reference} (${p.pickup_city} → ${p.delivery_city}) est acceptée : ${money(p.price, l)}`,
      en: `Your offer on ${p.reference} (${p.pickup_city} → ${p.delivery_city}) was accepted: ${money(p.price, l)}`,
    })[l],
  'shipment.offer.not_chosen': (p, l) =>
    ({
      nl: `De verzender koos een ander bod voor ${p.reference}: je bod werd niet gekozen`,
      fr: `L’expéditeur a choisi une autre offre pour ${p.reference} : votre offre n’a pas été retenue`,
      en: `The sender chose another offer for ${p.reference}: your offer was not chosen`,
    })[l],
  'shipment.cancelled': (p, l) =>
    p.fee_share > 0
      ? {
          nl: `De verzender annuleerde ${p.reference}; je krijgt ${money(p.fee_share, l)} als annuleringsvergoeding`,
          fr: `L’expéditeur a annulé ${p.reference} ; vous recevez ${money(p.fee_share, l)} d’indemnité d’annulation`,
          en: `The sender cancelled ${p.reference}; you receive ${money(p.fee_share, l)} as a cancellation fee`,
        }[l]
      : { nl: `De verzender annuleerde ${p.reference}`, fr: `L’expéditeur a annulé ${p.reference}`, en: `The sender cancelled ${p.reference}` }[l],
  'shipment.driver_cancelled': (p, l) =>
    ({
      nl: `${p.driver_name} kan ${p.reference} niet rijden: de opdracht staat weer open voor biedingen en ${money(p.refund, l)} wordt terugbetaald`,
      fr: `${p.driver_name} ne peut pas effectuer ${p.reference} : la mission est à nouveau ouverte aux offres et ${money(p.refund, l)} est remboursé`,
      en: `${p.driver_name} cannot do ${p.reference}: the job is open for offers again and ${money(p.refund, l)} is refunded`,
    })[l],
  'payment.succeeded': (p, l) =>
    ({ nl: `Betaling van ${money(p.amount, l)} voor ${p.reference} geslaagd`, fr: `Paiement de ${money(p.amount, l)} pour ${p.reference} réussi`, en: `Payment of ${money(p.amount, l)} for ${p.reference} succeeded` })[l],
  'payment.failed': (p, l) =>
    ({
      nl: `Betaling van ${money(p.amount, l)} met ${METHOD_TEXT[p.method].nl} voor ${p.reference} mislukt`,
      fr: `Paiement de ${money(p.amount, l)} par ${METHOD_TEXT[p.method].fr} pour ${p.reference} échoué`,
      en: `Payment of ${money(p.amount, l)} by ${METHOD_TEXT[p.method].en} for ${p.reference} failed`,
    })[l],
  'shipment.state.changed': (p, l) =>
    ({ nl: `${p.reference}: ${STATE_TEXT[p.state].nl}`, fr: `${p.reference} : ${STATE_TEXT[p.state].fr}`, en: `${p.reference}: ${STATE_TEXT[p.state].en}` })[l],
  'shipment.location': (_p, l) => ({ nl: 'Nieuwe positie van de chauffeur', fr: 'Nouvelle position du chauffeur', en: 'New driver position' })[l],
  'shipment.message.new': (p, l) =>
    ({ nl: `Bericht van ${p.from_name} over ${p.reference}: ${p.preview}`, fr: `Message de ${p.from_name} sur ${p.reference} : ${p.preview}`, en: `Message from ${p.from_name} about ${p.reference}: ${p.preview}` })[l],
  'shipment.rating.new': (p, l) =>
    ({ nl: `Je kreeg ${p.rating} van 5 sterren voor ${p.reference}`, fr: `Vous avez reçu ${p.rating} étoiles sur 5 pour ${p.reference}`, en: `You received ${p.rating} out of 5 stars for ${p.reference}` })[l],
  'company.invoice.status': (p, l) =>
    ({
      nl: `Betalen op factuur: ${INVOICE_TEXT[p.status ?? 'none'].nl}${p.reason ? `. Reden: ${p.reason}` : ''}`,
      fr: `Paiement sur facture : ${INVOICE_TEXT[p.status ?? 'none'].fr}${p.reason ? `. Motif : ${p.reason}` : ''}`,
      en: `Invoice payment: ${INVOICE_TEXT[p.status ?? 'none'].en}${p.reason ? `. Reason: ${p.reason}` : ''}`,
    })[l],
  'shipment.expired': (p, l) =>
    ({
      nl: `${p.reference} is verlopen: het ophaalvenster sloot zonder aanvaard bod`,
      fr: `${p.reference} a expiré : la fenêtre d’enlèvement s’est fermée sans offre acceptée`,
      en: `${p.reference} expired: its pickup window closed with no accepted offer`,
    })[l],
  'shipment.changed': (p, l) => ({ nl: `${p.reference} gewijzigd`, fr: `${p.reference} modifiée`, en: `${p.reference} changed` })[l],
  'shipment.details.changed': (p, l) =>
    p.offer_withdrawn
      ? {
          nl: `${p.reference} werd gewijzigd (plaats, tijd of goederen): je bod is ingetrokken, bied opnieuw als je wilt`,
          fr: `${p.reference} a été modifiée (lieu, heure ou marchandises) : votre offre est retirée, proposez à nouveau si vous le souhaitez`,
          en: `${p.reference} was changed (place, time or goods): your offer was withdrawn, offer again if you like`,
        }[l]
      : { nl: `${p.reference}: de instructies werden gewijzigd, je bod blijft staan`, fr: `${p.reference} : les instructions ont changé, votre offre reste valable`, en: `${p.reference}: the instructions changed, your offer stands` }[l],
  'session.revoked': (_p, l) => ({ nl: 'Je sessies werden afgemeld', fr: 'Vos sessions ont été fermées', en: 'Your sessions were signed out' })[l],
  'user.registered': (_p, l) => ({ nl: 'Welkom bij Vrachtmarkt', fr: 'Bienvenue chez Vrachtmarkt', en: 'Welcome to Vrachtmarkt' })[l],
  'driver.verification.decided': (p, l) =>
    p.approved
      ? { nl: 'Je account is goedgekeurd: je kunt nu bieden op opdrachten.', fr: 'Votre compte est approuvé : vous pouvez maintenant faire des offres.', en: 'Your account is approved: you can now bid on jobs.' }[l]
      : { nl: `Je account is nog niet goedgekeurd: ${p.reason ?? ''}`, fr: `Votre compte n’est pas encore approuvé : ${p.reason ?? ''}`, en: `Your account is not approved yet: ${p.reason ?? ''}` }[l],
  'driver.document.expiring': (p, l) => {
    const day = formatDay(Date.UTC(Number(p.expires.slice(0, 4)), Number(p.expires.slice(5, 7)) - 1, Number(p.expires.slice(8, 10)), 12) / 1000, 'Europe/Brussels', localeTagOf(l));
    const doc = DOCUMENT_TEXT[p.kind][l];
    return {
      nl: `Je ${doc} vervalt op ${day}: laad tijdig een nieuw exemplaar op, anders kun je niet meer bieden.`,
      fr: `Votre ${doc} expire le ${day} : chargez-en un nouveau à temps, sinon vous ne pourrez plus faire d’offres.`,
      en: `Your ${doc} expires on ${day}: upload a new one in time, or you can no longer bid.`,
    }[l];
  },
  'board.job.new': (p, l) => {
    const route = `${p.pickup_zip} ${p.pickup_city} → ${p.delivery_zip} ${p.delivery_city}`;
    return { nl: `Nieuwe job voor jouw voertuig: ${route}`, fr: `Nouvelle mission pour votre véhicule : ${route}`, en: `New job for your vehicle: ${route}` }[l];
  },
  'problem.reported': (p, l) =>
    ({
      nl: `De verzender meldt een probleem met ${p.reference} (${PROBLEM_KIND_TEXT[p.kind].nl}): lees het en antwoord met je eigen bewijs`,
      fr: `L’expéditeur signale un problème pour ${p.reference} (${PROBLEM_KIND_TEXT[p.kind].fr}) : lisez-le et répondez avec vos propres preuves`,
      en: `The sender reports a problem with ${p.reference} (${PROBLEM_KIND_TEXT[p.kind].en}): read it and answer with your own evidence`,
    })[l],
  'problem.answered': (p, l) =>
    ({
      nl: `De chauffeur antwoordde op je melding over ${p.reference}; ons team beslist nu`,
      fr: `Le chauffeur a répondu à votre signalement pour ${p.reference} ; notre équipe décide maintenant`,
      en: `The driver answered your report on ${p.reference}; our team decides now`,
    })[l],
  'problem.decided': (p, l) => {
    const what = {
      release: { nl: 'het bedrag gaat naar de chauffeur', fr: 'le montant va au chauffeur', en: 'the money goes to the driver' },
      refund: {
        nl: `${money(p.refund, l)} wordt terugbetaald aan de verzender${p.released > 0 ? `, ${money(p.released, l)} gaat naar de chauffeur` : ''}`,
        fr: `${money(p.refund, l)} est remboursé à l’expéditeur${p.released > 0 ? `, ${money(p.released, l)} va au chauffeur` : ''}`,
        en: `${money(p.refund, l)} is refunded to the sender${p.released > 0 ? `, ${money(p.released, l)} goes to the driver` : ''}`,
      },
      insurance: { nl: 'de schade gaat naar de verzekering', fr: 'le dommage est transmis à l’assurance', en: 'the damage is referred to the insurance' },
    }[p.outcome][l];
    return { nl: `Beslissing over ${p.reference}: ${what}. Reden: ${p.reason}`, fr: `Décision pour ${p.reference} : ${what}. Raison : ${p.reason}`, en: `Decision on ${p.reference}: ${what}. Reason: ${p.reason}` }[l];
  },
  'account.restricted': (p, l) =>
    p.kind === 'suspend'
      ? { nl: 'Je account is geschorst. Lees waarom en hoe je bezwaar maakt onder Account › Beperkingen.', fr: 'Votre compte est suspendu. Lisez pourquoi et comment contester sous Compte › Restrictions.', en: 'Your account is suspended. Read why and how to contest it under Account › Restrictions.' }[l]
      : {
          nl: 'Je account is beperkt: geen nieuwe boekingen of biedingen. Lees waarom en hoe je bezwaar maakt onder Account › Beperkingen.',
          fr: 'Votre compte est restreint : plus de nouvelles réservations ni offres. Lisez pourquoi et comment contester sous Compte › Restrictions.',
          en: 'Your account is restricted: no new bookings or bids. Read why and how to contest it under Account › Restrictions.',
        }[l],
  'account.restriction.lifted': (p, l) =>
    ({ nl: `De beperking van je account is opgeheven: ${p.reason}`, fr: `La restriction de votre compte est levée : ${p.reason}`, en: `The restriction on your account was lifted: ${p.reason}` })[l],
  'shipment.late': (p, l) => {
    const leg = { pickup: { nl: 'ophaaladres', fr: 'l’enlèvement', en: 'pickup' }, delivery: { nl: 'leveradres', fr: 'la livraison', en: 'delivery' } }[p.leg][l];
    const { day, time } = moment(p.eta, l);
    return {
      nl: `De chauffeur van ${p.reference} is laat: verwacht aan ${leg} op ${day} om ${time}, na het geboekte venster`,
      fr: `Le chauffeur de ${p.reference} est en retard : attendu à ${leg} le ${day} à ${time}, après la fenêtre réservée`,
      en: `The driver of ${p.reference} is running late: expected at ${leg} on ${day} at ${time}, after the booked window`,
    }[l];
  },
};

/** The sentence of an event in one language. */
export const eventText = <T extends EventType>(e: EventOf<T>, locale: Locale): string => TEXTS[e.type](e.payload, locale);

export const jsonMessage = (e: EventBody): JsonMessage => ({ nl: eventText(e, 'nl'), fr: eventText(e, 'fr'), en: eventText(e, 'en') });

/** "Jan M.": first name and the initial of the last name (SPEC section 2, Chat). */
export const shortName = (first: string, last: string) => `${first}${last ? ` ${last.charAt(0)}.` : ''}`.trim();

// --- Chat (SPEC sections 2, 3 and 7) ---

/** POST /api/conversation/{shipmentId} {message}: non-empty after trimming, at most 2,000 characters. */
export const chatMessageSchema = z.object({
  message: z
    .string({ error: 'message_required' })
    .trim()
    .min(1, 'message_required')
    .max(MAX_MESSAGE_LENGTH, 'message_too_long')
    .refine((v) => !hasControlCharacters(v, true), 'message_invalid'),
});

/** One conversation per shipment (SPEC section 3, Conversation), as its list item. */
export const conversationReadSchema = z.object({
  shipment_id: z.number(),
  reference_id: z.string(),
  /** The other party: the sender for a driver, the driver for a sender (SPEC section 6). */
  sender: userSummarySchema.nullable(),
  driver: userSummarySchema.nullable(),
  message_count: z.number(),
  unread_count: z.number(),
  current_state: z.object({ state: z.enum(SHIPMENT_STATES) }),
  last_message_time: z.number().nullable(),
});
export type ConversationRead = z.infer<typeof conversationReadSchema>;

export const messageReadSchema = z.object({ id: z.number(), from: z.number(), message: z.string(), created_at: z.number() });
export type MessageRead = z.infer<typeof messageReadSchema>;

export const conversationDetailSchema = conversationReadSchema.extend({ messages: z.array(messageReadSchema), other_last_read_id: z.number().nullable() });
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

// --- Mail settings ---

export const MAIL_KINDS = ['offer_received', 'offer_accepted', 'delivered', 'chat_unread'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
/** GET /api/user/mail-settings: every kind, on or off. */
export const mailSettingsReadSchema = z.object(Object.fromEntries(MAIL_KINDS.map((k) => [k, z.boolean()])) as Record<MailKind, z.ZodBoolean>);
export type MailSettings = z.infer<typeof mailSettingsReadSchema>;
/** PUT /api/user/mail-settings: the kinds that change, no others. */
export const mailSettingsSchema = mailSettingsReadSchema.partial().strict();
