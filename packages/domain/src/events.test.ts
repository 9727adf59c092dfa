import { describe, expect, it } from 'vitest';
import { LOCALES } from './messages.ts';
import {
  shipmentStateLabel,
  chatMessageSchema,
  EVENT_TYPES,
  type EventPayloads,
  type EventType,
  eventSchema,
  eventText,
  isListed,
  jsonMessage,
  MAX_MESSAGE_LENGTH,
  mailSettingsSchema,
  parseEvent,
  shortName,
} from './events.ts';
import { SHIPMENT_STATES } from './shipment-states.ts';

// Intl separates the euro sign with a no-break space; the reader sees a space.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const read = <T extends EventType>(type: T, payload: EventPayloads[T]) => {
  const m = jsonMessage(parseEvent(type, payload));
  return { nl: plain(m.nl), fr: plain(m.fr), en: plain(m.en) };
};

describe('push texts (SPEC json_message.en, with nl and fr beside it)', () => {
  it('an offer names the driver, the shipment and the total in each locale’s money format', () => {
    expect(read('shipment.offer.new', { reference: 'VM-1042', offer_id: 7, driver_name: 'Jan M.', total: 145.2 })).toEqual({
      nl: 'Nieuw bod van Jan M. op VM-1042: € 145,20',
      fr: 'Nouvelle offre de Jan M. pour VM-1042 : 145,20 €',
      en: 'New offer from Jan M. on VM-1042: €145.20',
    });
    expect(read('shipment.offer.withdrawn', { reference: 'VM-1042', driver_name: 'Jan M.' })).toEqual({
      nl: 'Jan M. trok het bod op VM-1042 in',
      fr: 'Jan M. a retiré son offre pour VM-1042',
      en: 'Jan M. withdrew the offer on VM-1042',
    });
  });

  it('the sender’s receipt states the total, the VAT rate and how it was paid (a card by its last 4 digits)', () => {
    const receipt = { reference: 'VM-1042', offer_id: 7, driver_name: 'Jan M.', total: 145.2, vat_percent: 21, vat_amount: 25.2 };
    expect(read('shipment.offer.accepted', { ...receipt, method: 'card', card_last4: '4242' })).toEqual({
      nl: 'Bod van Jan M. aanvaard voor VM-1042: € 145,20 incl. 21% btw, betaald met kredietkaart •••• 4242',
      fr: 'Offre de Jan M. acceptée pour VM-1042 : 145,20 € TVA 21% comprise, payée par carte de crédit •••• 4242',
      en: 'Offer from Jan M. accepted for VM-1042: €145.20 incl. 21% VAT, paid by credit card •••• 4242',
    });
    expect(read('shipment.offer.accepted', { ...receipt, method: 'bancontact', card_last4: null }).en).toBe(
      'Offer from Jan M. accepted for VM-1042: €145.20 incl. 21% VAT, paid by Bancontact',
    );
    expect(read('shipment.offer.accepted', { ...receipt, method: 'invoice', card_last4: null }).nl).toMatch(/betaald met factuur$/);
  });

  it('the driver’s new job names the route and their price', () => {
    expect(read('shipment.job.assigned', { reference: 'VM-1042', offer_id: 7, price: 120, pickup_city: 'Hasselt', delivery_city: 'Liège' })).toEqual({
      nl: 'Je bod op VM-1042 (Hasselt → Liège) is aanvaard: € 120,00',
      fr: 'Votre offre pour VM-1042 (Hasselt → Liège) est acceptée : 120,00 €',
      en: 'Your offer on VM-1042 (Hasselt → Liège) was accepted: €120.00',
    });
  });

  it('payments say the amount, and a failed one the method that failed', () => {
    expect(read('payment.succeeded', { reference: 'VM-1042', amount: 145.2, method: 'bancontact' })).toEqual({
      nl: 'Betaling van € 145,20 voor VM-1042 geslaagd',
      fr: 'Paiement de 145,20 € pour VM-1042 réussi',
      en: 'Payment of €145.20 for VM-1042 succeeded',
    });
    expect(read('payment.failed', { reference: 'VM-1042', amount: 145.2, method: 'invoice' })).toEqual({
      nl: 'Betaling van € 145,20 met factuur voor VM-1042 mislukt',
      fr: 'Paiement de 145,20 € par facture pour VM-1042 échoué',
      en: 'Payment of €145.20 by invoice for VM-1042 failed',
    });
    expect(read('payment.failed', { reference: 'VM-1042', amount: 10, method: 'card' })).toEqual({
      nl: 'Betaling van € 10,00 met kredietkaart voor VM-1042 mislukt',
      fr: 'Paiement de 10,00 € par carte de crédit pour VM-1042 échoué',
      en: 'Payment of €10.00 by credit card for VM-1042 failed',
    });
    expect(read('payment.failed', { reference: 'VM-1042', amount: 10, method: 'bancontact' })).toEqual({
      nl: 'Betaling van € 10,00 met Bancontact voor VM-1042 mislukt',
      fr: 'Paiement de 10,00 € par Bancontact pour VM-1042 échoué',
      en: 'Payment of €10.00 by Bancontact for VM-1042 failed',
    });
  });

  it('a state change reads as the state, and every state reads differently in every language', () => {
    expect(read('shipment.state.changed', { reference: 'VM-1042', state: 'nearpickup' })).toEqual({
      nl: 'VM-1042: chauffeur bijna aan ophaaladres',
      fr: 'VM-1042 : chauffeur presque à l’enlèvement',
      en: 'VM-1042: driver near pickup',
    });
    for (const locale of LOCALES) {
      const texts = SHIPMENT_STATES.map((state) => eventText({ type: 'shipment.state.changed', payload: { reference: 'R', state } }, locale));
      expect(new Set(texts).size).toBe(SHIPMENT_STATES.length);
      for (const t of texts) expect(t).toMatch(/^R ?: [^\s]+/);
      for (const t of texts) expect(t).not.toContain('undefined');
    }
    expect(read('shipment.state.changed', { reference: 'R', state: 'delivered' })).toEqual({ nl: 'R: geleverd', fr: 'R : livrée', en: 'R: delivered' });
    expect(read('shipment.state.changed', { reference: 'R', state: 'cancelled' })).toEqual({ nl: 'R: geannuleerd', fr: 'R : annulée', en: 'R: cancelled' });
  });

  it('a chat message shows who wrote and a preview; a rating shows the stars out of 5', () => {
    expect(read('shipment.message.new', { reference: 'VM-1042', message_id: 3, from_name: 'An P.', preview: 'Poort 3' })).toEqual({
      nl: 'Bericht van An P. over VM-1042: Poort 3',
      fr: 'Message de An P. sur VM-1042 : Poort 3',
      en: 'Message from An P. about VM-1042: Poort 3',
    });
    expect(read('shipment.rating.new', { reference: 'VM-1042', rating: 4 })).toEqual({
      nl: 'Je kreeg 4 van 5 sterren voor VM-1042',
      fr: 'Vous avez reçu 4 étoiles sur 5 pour VM-1042',
      en: 'You received 4 out of 5 stars for VM-1042',
    });
  });

  it('the invoice status reads requested, approved, rejected, or stopped when withdrawn', () => {
    expect(read('company.invoice.status', { status: 'approved' })).toEqual({
      nl: 'Betalen op factuur: goedgekeurd',
      fr: 'Paiement sur facture : approuvé',
      en: 'Invoice payment: approved',
    });
    expect(read('company.invoice.status', { status: 'requested' })).toEqual({ nl: 'Betalen op factuur: aangevraagd', fr: 'Paiement sur facture : demandé', en: 'Invoice payment: requested' });
    expect(read('company.invoice.status', { status: 'rejected' })).toEqual({ nl: 'Betalen op factuur: geweigerd', fr: 'Paiement sur facture : refusé', en: 'Invoice payment: rejected' });
    expect(read('company.invoice.status', { status: null })).toEqual({ nl: 'Betalen op factuur: stopgezet', fr: 'Paiement sur facture : arrêté', en: 'Invoice payment: stopped' });
  });

  it('an expired job says its pickup window closed with no accepted offer', () => {
    expect(read('shipment.expired', { reference: 'VM-1042' })).toEqual({
      nl: 'VM-1042 is verlopen: het ophaalvenster sloot zonder aanvaard bod',
      fr: 'VM-1042 a expiré : la fenêtre d’enlèvement s’est fermée sans offre acceptée',
      en: 'VM-1042 expired: its pickup window closed with no accepted offer',
    });
  });

  it('a late driver’s expected arrival is told with its day on the Brussels clock, for the right leg', () => {
    // 2026-11-18 11:06:40 UTC is 12:06 in Brussels (winter time).
    expect(read('shipment.late', { reference: 'VM-1042', leg: 'delivery', eta: 1_795_000_000 })).toEqual({
      nl: 'De chauffeur van VM-1042 is laat: verwacht aan leveradres op wo 18 nov om 12:06, na het geboekte venster',
      fr: 'Le chauffeur de VM-1042 est en retard : attendu à la livraison le mer. 18 nov. à 12:06, après la fenêtre réservée',
      en: 'The driver of VM-1042 is running late: expected at delivery on Wed 18 Nov at 12:06, after the booked window',
    });
    expect(read('shipment.late', { reference: 'VM-1042', leg: 'pickup', eta: 1_795_000_000 })).toEqual({
      nl: 'De chauffeur van VM-1042 is laat: verwacht aan ophaaladres op wo 18 nov om 12:06, na het geboekte venster',
      fr: 'Le chauffeur de VM-1042 est en retard : attendu à l’enlèvement le mer. 18 nov. à 12:06, après la fenêtre réservée',
      en: 'The driver of VM-1042 is running late: expected at pickup on Wed 18 Nov at 12:06, after the booked window',
    });
  });

  it('stream-only events still have a sentence, and are not listed as pushes', () => {
    expect(read('shipment.location', { lat: 50.9, lng: 5.3 })).toEqual({ nl: 'Nieuwe positie van de chauffeur', fr: 'Nouvelle position du chauffeur', en: 'New driver position' });
    expect(read('shipment.changed', { reference: 'VM-1042' })).toEqual({ nl: 'VM-1042 gewijzigd', fr: 'VM-1042 modifiée', en: 'VM-1042 changed' });
    expect(read('session.revoked', {})).toEqual({ nl: 'Je sessies werden afgemeld', fr: 'Vos sessions ont été fermées', en: 'Your sessions were signed out' });
    expect(EVENT_TYPES.filter((t) => !isListed(t))).toEqual(['payment.succeeded', 'shipment.location', 'shipment.changed', 'session.revoked', 'user.registered']);
  });
});

describe('event payloads (one union by type, parsed by writers and readers)', () => {
  const refused = (type: string, payload: unknown) => !eventSchema.safeParse({ type, payload }).success;

  it('takes each type with its own payload, and drops keys the type does not have', () => {
    expect(parseEvent('shipment.late', { reference: 'VM-1042', leg: 'pickup', eta: 1_795_000_000, extra: 1 })).toEqual({
      type: 'shipment.late',
      payload: { reference: 'VM-1042', leg: 'pickup', eta: 1_795_000_000 },
    });
    expect(parseEvent('session.revoked', {})).toEqual({ type: 'session.revoked', payload: {} });
    expect(parseEvent('company.invoice.status', { status: null }).payload).toEqual({ status: null });
  });

  it('refuses a payload that belongs to another type, or misses or mistypes a field', () => {
    // A late leg's payload under the offer type, and an offer's under the late type.
    expect(refused('shipment.offer.new', { reference: 'VM-1042', leg: 'pickup', eta: 1_795_000_000 })).toBe(true);
    expect(refused('shipment.late', { reference: 'VM-1042', offer_id: 7, driver_name: 'Jan M.', total: 145.2 })).toBe(true);
    expect(refused('shipment.late', { reference: 'VM-1042', leg: 'lunch', eta: 1_795_000_000 })).toBe(true);
    expect(refused('shipment.state.changed', { reference: 'VM-1042', state: 'teleported' })).toBe(true);
    expect(refused('payment.failed', { reference: 'VM-1042', amount: '10', method: 'card' })).toBe(true);
    expect(refused('shipment.offer.accepted', { reference: 'VM-1042', offer_id: 7, driver_name: 'Jan M.', total: 1, vat_percent: 21, vat_amount: 0.2, method: 'card' })).toBe(true);
    expect(refused('shipment.unknown', { reference: 'VM-1042' })).toBe(true);
    expect(() => parseEvent('shipment.expired', {})).toThrow();
  });

  it('keeps every field within its bounds', () => {
    const offer = { reference: 'VM-1042', offer_id: 7, driver_name: 'Jan M.', total: 145.2 };
    expect(refused('shipment.offer.new', offer)).toBe(false);
    expect(refused('shipment.offer.new', { ...offer, reference: '' })).toBe(true);
    expect(refused('shipment.offer.new', { ...offer, reference: 'R'.repeat(41) })).toBe(true);
    expect(refused('shipment.offer.new', { ...offer, offer_id: 0 })).toBe(true);
    expect(refused('shipment.offer.new', { ...offer, offer_id: 2 ** 31 })).toBe(true);
    expect(refused('shipment.offer.new', { ...offer, total: -1 })).toBe(true);
    expect(refused('shipment.rating.new', { reference: 'R', rating: 6 })).toBe(true);
    expect(refused('shipment.rating.new', { reference: 'R', rating: 4.5 })).toBe(true);
    expect(refused('shipment.location', { lat: 91, lng: 5 })).toBe(true);
    expect(refused('shipment.late', { reference: 'R', leg: 'pickup', eta: 1.5 })).toBe(true);
    expect(refused('shipment.message.new', { reference: 'R', message_id: 1, from_name: 'A', preview: 'x'.repeat(MAX_MESSAGE_LENGTH + 1) })).toBe(true);
    const receipt = { reference: 'R', offer_id: 7, driver_name: 'Jan M.', total: 1, vat_percent: 21, vat_amount: 0.2, method: 'card' };
    expect(refused('shipment.offer.accepted', { ...receipt, card_last4: '4242' })).toBe(false);
    expect(refused('shipment.offer.accepted', { ...receipt, card_last4: '42424' })).toBe(true);
    expect(refused('shipment.offer.accepted', { ...receipt, card_last4: null, vat_percent: 101 })).toBe(true);
  });

  it('has one member per listed type', () => {
    expect(eventSchema.options.map((o) => o.shape.type.value)).toEqual([...EVENT_TYPES]);
  });
});

describe('chat (SPEC sections 2 and 5)', () => {
  it('names a person by first name and last initial', () => {
    expect(shortName('Jan', 'Maes')).toBe('Jan M.');
    expect(shortName('Jan', '')).toBe('Jan');
    expect(shortName('', 'Maes')).toBe('M.');
  });

  it('sends a message only if it is not empty, trimmed, at most 2,000 characters and without control characters', () => {
    const issue = (message: unknown) => chatMessageSchema.safeParse({ message }).error?.issues[0]?.message;
    expect(chatMessageSchema.parse({ message: '  Poort 3\nachteraan ' })).toEqual({ message: 'Poort 3\nachteraan' });
    expect(issue('   ')).toBe('message_required');
    expect(issue(undefined)).toBe('message_required');
    expect(issue('x'.repeat(MAX_MESSAGE_LENGTH))).toBeUndefined();
    expect(issue('x'.repeat(MAX_MESSAGE_LENGTH + 1))).toBe('message_too_long');
    expect(issue('a\u0000b')).toBe('message_invalid');
    expect(issue('a\u001Fb')).toBe('message_invalid');
    expect(issue('a\u007Fb')).toBe('message_invalid');
    expect(issue('a\tb')).toBeUndefined();
  });

  it('mail settings are per kind, each a yes or no, and may be sent in part', () => {
    expect(mailSettingsSchema.parse({ delivered: false })).toEqual({ delivered: false });
    expect(mailSettingsSchema.safeParse({ chat_unread: 'yes' }).success).toBe(false);
    for (const kind of ['offer_received', 'offer_accepted', 'delivered', 'chat_unread']) expect(mailSettingsSchema.safeParse({ [kind]: 1 }).success).toBe(false);
  });
});

describe('shipmentStateLabel', () => {
  it('words a state as the notifications do, capitalised for a table, in each language', () => {
    expect(shipmentStateLabel('delivered', 'nl')).toBe('Geleverd');
    expect(shipmentStateLabel('onwaytopickup', 'fr')).toBe('Chauffeur en route vers l’enlèvement');
    expect(shipmentStateLabel('finalised', 'en')).toBe('Finalised');
  });
});

describe('push texts of the job’s later life (cancellation, changes, problems, restrictions)', () => {
  it('a driver not chosen, and a job the sender cancelled with or without the driver’s share of the fee', () => {
    expect(read('shipment.offer.not_chosen', { reference: 'VM-1042' })).toEqual({
      nl: 'De verzender koos een ander bod voor VM-1042: je bod werd niet gekozen',
      fr: 'L’expéditeur a choisi une autre offre pour VM-1042 : votre offre n’a pas été retenue',
      en: 'The sender chose another offer for VM-1042: your offer was not chosen',
    });
    expect(read('shipment.cancelled', { reference: 'VM-1042', fee_share: 28.86 })).toEqual({
      nl: 'De verzender annuleerde VM-1042; je krijgt € 28,86 als annuleringsvergoeding',
      fr: 'L’expéditeur a annulé VM-1042 ; vous recevez 28,86 € d’indemnité d’annulation',
      en: 'The sender cancelled VM-1042; you receive €28.86 as a cancellation fee',
    });
    expect(read('shipment.cancelled', { reference: 'VM-1042', fee_share: 0 })).toEqual({ nl: 'De verzender annuleerde VM-1042', fr: 'L’expéditeur a annulé VM-1042', en: 'The sender cancelled VM-1042' });
    expect(read('shipment.cancelled', { reference: 'VM-1042', fee_share: 0.01 }).en).toBe('The sender cancelled VM-1042; you receive €0.01 as a cancellation fee');
  });

  it('a driver who gives a job back: open for offers again and the refund', () => {
    expect(read('shipment.driver_cancelled', { reference: 'VM-1042', driver_name: 'Jan M.', refund: 145.2 })).toEqual({
      nl: 'Jan M. kan VM-1042 niet rijden: de opdracht staat weer open voor biedingen en € 145,20 wordt terugbetaald',
      fr: 'Jan M. ne peut pas effectuer VM-1042 : la mission est à nouveau ouverte aux offres et 145,20 € est remboursé',
      en: 'Jan M. cannot do VM-1042: the job is open for offers again and €145.20 is refunded',
    });
  });

  it('a changed job: the offer withdrawn when place, time or goods changed, kept when only instructions did', () => {
    expect(read('shipment.details.changed', { reference: 'VM-1042', offer_withdrawn: true })).toEqual({
      nl: 'VM-1042 werd gewijzigd (plaats, tijd of goederen): je bod is ingetrokken, bied opnieuw als je wilt',
      fr: 'VM-1042 a été modifiée (lieu, heure ou marchandises) : votre offre est retirée, proposez à nouveau si vous le souhaitez',
      en: 'VM-1042 was changed (place, time or goods): your offer was withdrawn, offer again if you like',
    });
    expect(read('shipment.details.changed', { reference: 'VM-1042', offer_withdrawn: false })).toEqual({
      nl: 'VM-1042: de instructies werden gewijzigd, je bod blijft staan',
      fr: 'VM-1042 : les instructions ont changé, votre offre reste valable',
      en: 'VM-1042: the instructions changed, your offer stands',
    });
  });

  it('welcomes a new user and tells a driver whether they were approved, with the reason when not', () => {
    expect(read('user.registered', {})).toEqual({ nl: 'Welkom bij Vrachtmarkt', fr: 'Bienvenue chez Vrachtmarkt', en: 'Welcome to Vrachtmarkt' });
    expect(read('driver.verification.decided', { approved: true, reason: null })).toEqual({
      nl: 'Je account is goedgekeurd: je kunt nu bieden op opdrachten.',
      fr: 'Votre compte est approuvé : vous pouvez maintenant faire des offres.',
      en: 'Your account is approved: you can now bid on jobs.',
    });
    expect(read('driver.verification.decided', { approved: false, reason: 'Rijbewijs onleesbaar' })).toEqual({
      nl: 'Je account is nog niet goedgekeurd: Rijbewijs onleesbaar',
      fr: 'Votre compte n’est pas encore approuvé : Rijbewijs onleesbaar',
      en: 'Your account is not approved yet: Rijbewijs onleesbaar',
    });
    expect(read('driver.verification.decided', { approved: false, reason: null }).en).not.toContain('null');
  });

  it('warns a driver of an expiring document by its name and the day it ends', () => {
    expect(read('driver.document.expiring', { kind: 'cmr_insurance', expires: '2026-12-31', days: 30 })).toEqual({
      nl: 'Je CMR-verzekeringsattest vervalt op do 31 dec: laad tijdig een nieuw exemplaar op, anders kun je niet meer bieden.',
      fr: 'Votre attestation d’assurance CMR expire le jeu. 31 déc. : chargez-en un nouveau à temps, sinon vous ne pourrez plus faire d’offres.',
      en: 'Your CMR insurance certificate expires on Thu 31 Dec: upload a new one in time, or you can no longer bid.',
    });
    expect(read('driver.document.expiring', { kind: 'driving_licence', expires: '2027-01-05', days: 7 })).toMatchObject({
      nl: expect.stringMatching(/^Je rijbewijs vervalt op di 5 jan:/),
      fr: expect.stringMatching(/^Votre permis de conduire expire le mar\. 5 janv\. :/),
      en: expect.stringMatching(/^Your driving licence expires on Tue 5 Jan:/),
    });
    expect(read('driver.document.expiring', { kind: 'transport_licence', expires: '2027-01-05', days: 7 })).toMatchObject({
      nl: expect.stringMatching(/^Je vervoersvergunning vervalt/),
      fr: expect.stringMatching(/^Votre licence de transport expire/),
      en: expect.stringMatching(/^Your transport licence expires/),
    });
  });

  it('a new job on the board names its route by postcode and place', () => {
    expect(read('board.job.new', { reference: 'VM-1042', pickup_zip: '3500', pickup_city: 'Hasselt', delivery_zip: '4000', delivery_city: 'Liège' })).toEqual({
      nl: 'Nieuwe job voor jouw voertuig: 3500 Hasselt → 4000 Liège',
      fr: 'Nouvelle mission pour votre véhicule : 3500 Hasselt → 4000 Liège',
      en: 'New job for your vehicle: 3500 Hasselt → 4000 Liège',
    });
  });

  it('a problem reported names its kind; the answer says staff decide now', () => {
    expect(read('problem.reported', { reference: 'VM-1042', kind: 'damage' })).toEqual({
      nl: 'De verzender meldt een probleem met VM-1042 (schade): lees het en antwoord met je eigen bewijs',
      fr: 'L’expéditeur signale un problème pour VM-1042 (dommage) : lisez-le et répondez avec vos propres preuves',
      en: 'The sender reports a problem with VM-1042 (damage): read it and answer with your own evidence',
    });
    const kind = (k: 'loss' | 'lateness' | 'no_show' | 'other') => {
      const m = read('problem.reported', { reference: 'R', kind: k });
      return [m.nl, m.fr, m.en].map((t) => /\((.*)\)/.exec(t)?.[1]);
    };
    expect(kind('loss')).toEqual(['verlies', 'perte', 'loss']);
    expect(kind('lateness')).toEqual(['te laat', 'retard', 'lateness']);
    expect(kind('no_show')).toEqual(['niet komen opdagen', 'absence du chauffeur', 'no-show']);
    expect(kind('other')).toEqual(['ander probleem', 'autre problème', 'other problem']);
    expect(read('problem.answered', { reference: 'VM-1042' })).toEqual({
      nl: 'De chauffeur antwoordde op je melding over VM-1042; ons team beslist nu',
      fr: 'Le chauffeur a répondu à votre signalement pour VM-1042 ; notre équipe décide maintenant',
      en: 'The driver answered your report on VM-1042; our team decides now',
    });
  });

  it("staff's decision on a problem: where the money goes, with the reason", () => {
    const decided = (outcome: 'release' | 'refund' | 'insurance', refund: number, released: number) => read('problem.decided', { reference: 'VM-1042', outcome, refund, released, reason: 'Zie foto' });
    expect(decided('release', 0, 120)).toEqual({
      nl: 'Beslissing over VM-1042: het bedrag gaat naar de chauffeur. Reden: Zie foto',
      fr: 'Décision pour VM-1042 : le montant va au chauffeur. Raison : Zie foto',
      en: 'Decision on VM-1042: the money goes to the driver. Reason: Zie foto',
    });
    expect(decided('refund', 50, 95.2)).toEqual({
      nl: 'Beslissing over VM-1042: € 50,00 wordt terugbetaald aan de verzender, € 95,20 gaat naar de chauffeur. Reden: Zie foto',
      fr: 'Décision pour VM-1042 : 50,00 € est remboursé à l’expéditeur, 95,20 € va au chauffeur. Raison : Zie foto',
      en: 'Decision on VM-1042: €50.00 is refunded to the sender, €95.20 goes to the driver. Reason: Zie foto',
    });
    expect(decided('refund', 145.2, 0)).toEqual({
      nl: 'Beslissing over VM-1042: € 145,20 wordt terugbetaald aan de verzender. Reden: Zie foto',
      fr: 'Décision pour VM-1042 : 145,20 € est remboursé à l’expéditeur. Raison : Zie foto',
      en: 'Decision on VM-1042: €145.20 is refunded to the sender. Reason: Zie foto',
    });
    expect(decided('insurance', 0, 0)).toEqual({
      nl: 'Beslissing over VM-1042: de schade gaat naar de verzekering. Reden: Zie foto',
      fr: 'Décision pour VM-1042 : le dommage est transmis à l’assurance. Raison : Zie foto',
      en: 'Decision on VM-1042: the damage is referred to the insurance. Reason: Zie foto',
    });
  });

  it('a restricted or suspended account is told where to read why and contest; a lifted one gets the reason', () => {
    const restricted = (kind: 'restrict' | 'suspend') => read('account.restricted', { restriction_id: 3, kind, reason: 'x'.repeat(20), starts_at: 1_795_000_000, ends_at: null, business: true });
    expect(restricted('suspend')).toEqual({
      nl: 'Je account is geschorst. Lees waarom en hoe je bezwaar maakt onder Account › Beperkingen.',
      fr: 'Votre compte est suspendu. Lisez pourquoi et comment contester sous Compte › Restrictions.',
      en: 'Your account is suspended. Read why and how to contest it under Account › Restrictions.',
    });
    expect(restricted('restrict')).toEqual({
      nl: 'Je account is beperkt: geen nieuwe boekingen of biedingen. Lees waarom en hoe je bezwaar maakt onder Account › Beperkingen.',
      fr: 'Votre compte est restreint : plus de nouvelles réservations ni offres. Lisez pourquoi et comment contester sous Compte › Restrictions.',
      en: 'Your account is restricted: no new bookings or bids. Read why and how to contest it under Account › Restrictions.',
    });
    expect(read('account.restriction.lifted', { restriction_id: 3, kind: 'restrict', reason: 'Bezwaar aanvaard' })).toEqual({
      nl: 'De beperking van je account is opgeheven: Bezwaar aanvaard',
      fr: 'La restriction de votre compte est levée : Bezwaar aanvaard',
      en: 'The restriction on your account was lifted: Bezwaar aanvaard',
    });
  });

  it('a refused invoice payment gives staff’s reason', () => {
    expect(read('company.invoice.status', { status: 'rejected', reason: 'Geen btw-nummer' })).toEqual({
      nl: 'Betalen op factuur: geweigerd. Reden: Geen btw-nummer',
      fr: 'Paiement sur facture : refusé. Motif : Geen btw-nummer',
      en: 'Invoice payment: rejected. Reason: Geen btw-nummer',
    });
  });
});
