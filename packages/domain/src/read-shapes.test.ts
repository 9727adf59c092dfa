import { describe, expect, it } from 'vitest';
import { appConfigSchema, CAPTCHA_ACTION } from './app-config.ts';
import { imageVariantsSchema } from './images.ts';
import { offerReadSchema } from './offer.ts';
import { costBreakdown, costBreakdownEuros, costBreakdownEurosSchema } from './pricing.ts';
import { driverJobReadSchema } from './marketplace.ts';
import { checkShipmentTimes, createShipmentSchema, shipmentReadSchema } from './shipment.ts';
import { trackingLinkSchema, trackingStatusSchema, trackingViewSchema } from './tracking.ts';
import { zonedInstant } from './zoned-time.ts';

// What the server sends is parsed by these schemas on the way out: a field they do not list never
// reaches a client, and a value outside an enum is a bug found before a client sees it.

const img = { image: { original: { url: '/api/image/a/original' }, medium: { url: '/api/image/a/medium' }, thumb: { url: '/api/image/a/thumb' } } };
const side = { city: 'Hasselt', zip: '3500', country: 'BE', lat: 50.93, lng: 5.34, date_from: 1_800_000_000, date_till: 1_800_003_600, timezone: 'Europe/Brussels' };

describe('the public tracking view', () => {
  const view = {
    state: 'onwaytodelivery',
    states: [{ state: 'new', created_at: 1 }],
    pickup: side,
    delivery: side,
    current_location: { lat: 50.9, lng: 5.3 },
    route: { points: 'abc', distance: 1000, duration: 60, estimated: true },
    eta: { leg: 'delivery', at: 1_800_000_100, estimated: true },
  };

  it('shows a stranger places and times only: names, streets, instructions and prices are dropped', () => {
    const leaky = { ...view, reference_id: 'VM-1', pickup: { ...side, street: 'Kerkstraat', number: '12', name: 'Peeters', notes: 'poort 3' }, price: 100 };
    const shown = trackingViewSchema.parse(leaky);
    expect(shown).toEqual(view);
    expect(JSON.stringify(shown)).not.toMatch(/Kerkstraat|Peeters|poort|VM-1/);
  });

  it('knows only the shipment states and the two legs', () => {
    expect(trackingViewSchema.safeParse({ ...view, state: 'lost' }).success).toBe(false);
    expect(trackingViewSchema.safeParse({ ...view, eta: { ...view.eta, leg: 'detour' } }).success).toBe(false);
    expect(trackingViewSchema.safeParse({ ...view, eta: null, current_location: null }).success).toBe(true);
  });
});

describe('a shared tracking link', () => {
  const view = {
    state: 'accepted',
    states: [{ state: 'new', created_at: 1 }, { state: 'accepted', created_at: 2 }],
    pickup: side,
    delivery: { ...side, city: 'Gent', zip: '9000' },
    current_location: null,
    route: { points: 'abc', distance: 1000, duration: 60, estimated: false },
    eta: null,
  };

  it('shows each side as its place, its coordinates and its window on its clock, the history with its times', () => {
    expect(trackingViewSchema.parse(view)).toEqual(view);
    for (const field of Object.keys(side)) {
      expect(trackingViewSchema.safeParse({ ...view, pickup: { ...side, [field]: undefined } }).success, field).toBe(false);
    }
    expect(trackingViewSchema.safeParse({ ...view, states: [{ state: 'new' }] }).success).toBe(false);
    expect(trackingViewSchema.safeParse({ ...view, route: { ...view.route, estimated: undefined } }).success).toBe(false);
    expect(trackingViewSchema.safeParse({ ...view, current_location: { lat: 50.9 } }).success).toBe(false);
    expect(trackingViewSchema.safeParse({ ...view, eta: { leg: 'pickup', at: 1_800_000_000 } }).success).toBe(false);
    expect(trackingViewSchema.parse({ ...view, eta: { leg: 'pickup', at: 1_800_000_000, estimated: false } }).eta?.leg).toBe('pickup');
  });

  it("gives the sender the link with its token, and whether it is on; an answer without them is no answer", () => {
    const link = { url: 'https://vrachtmarkt.be/#/track/abc', token: 'abc', created_at: 1_800_000_000 };
    expect(trackingLinkSchema.parse(link)).toEqual(link);
    expect(trackingLinkSchema.safeParse({ ...link, token: undefined }).success).toBe(false);
    expect(trackingStatusSchema.parse({ active: false, created_at: null })).toEqual({ active: false, created_at: null });
    expect(trackingStatusSchema.safeParse({ active: true }).success).toBe(false);
    expect(trackingStatusSchema.safeParse({ created_at: 1 }).success).toBe(false);
  });
});

describe('an offer as the sender sees it', () => {
  const offer = {
    id: 1,
    shipment_id: 2,
    price: 100,
    state: 'open',
    created_at: 1,
    cost_breakdown_sender: costBreakdownEuros(costBreakdown(10000, 'cmr')),
    car: { type: { type: 'van', name: 'Ford Transit' }, driver: { user: { first_name: 'Jan', last_name: 'M.', rating: { driver: 4 } } } },
    driver: { user: { id: 3, first_name: 'Jan', last_name: 'M.', driver_rating_count: 2, driver_rating_total: 8, profile_picture: img } },
    level: 'newbie',
  };

  it('carries the price with VAT, the vehicle, the driver and their level, and nothing of the driver beyond that', () => {
    const shown = offerReadSchema.parse({ ...offer, driver: { user: { ...offer.driver.user, email: 'jan@example.be', cellphone: '+32470' } } });
    expect(shown).toEqual(offer);
    expect(shown.cost_breakdown_sender.total.aftertaxes).toBe(shown.cost_breakdown_sender.total.beforetaxes + shown.cost_breakdown_sender.vat.amount);
  });

  it('knows only the vehicle types, offer states and experience levels of the SPEC', () => {
    expect(offerReadSchema.safeParse({ ...offer, state: 'pending' }).success).toBe(false);
    expect(offerReadSchema.safeParse({ ...offer, level: 'expert' }).success).toBe(false);
    expect(offerReadSchema.safeParse({ ...offer, car: { ...offer.car, type: { type: 'bike', name: 'x' } } }).success).toBe(false);
    expect(offerReadSchema.safeParse({ ...offer, driver: { user: { ...offer.driver.user, profile_picture: null } } }).success).toBe(true);
  });

  it('needs every part the offer card shows: price, state, vehicle, driver with name, picture and ratings', () => {
    for (const field of Object.keys(offer)) expect(offerReadSchema.safeParse({ ...offer, [field]: undefined }).success, field).toBe(false);
    const user = offer.driver.user;
    for (const field of Object.keys(user)) {
      expect(offerReadSchema.safeParse({ ...offer, driver: { user: { ...user, [field]: undefined } } }).success, `driver.user.${field}`).toBe(false);
    }
    expect(offerReadSchema.safeParse({ ...offer, car: { ...offer.car, type: { type: 'van' } } }).success).toBe(false);
    expect(offerReadSchema.safeParse({ ...offer, car: { ...offer.car, driver: { user: { first_name: 'Jan', last_name: 'M.', rating: {} } } } }).success).toBe(false);
    expect(offerReadSchema.safeParse({ ...offer, car: { ...offer.car, driver: { user: { first_name: 'Jan', rating: { driver: 4 } } } } }).success).toBe(false);
    for (const type of ['car', 'van', 'small_truck', 'truck']) expect(offerReadSchema.safeParse({ ...offer, car: { ...offer.car, type: { type, name: 'x' } } }).success, type).toBe(true);
    for (const state of ['open', 'withdrawn', 'accepted']) expect(offerReadSchema.safeParse({ ...offer, state }).success, state).toBe(true);
  });

  it('states the cost breakdown in full', () => {
    const euros = costBreakdownEuros(costBreakdown(12345, 'all_2500'));
    expect(costBreakdownEurosSchema.parse(euros)).toEqual(euros);
    expect(costBreakdownEurosSchema.safeParse({ ...euros, total: undefined }).success).toBe(false);
    expect(costBreakdownEurosSchema.safeParse({ ...euros, vat: { percent: 21 } }).success).toBe(false);
  });
});

describe('a shipment as its sender and its driver read it', () => {
  const location = (city: string) => ({
    lat: 50.93,
    lng: 5.34,
    notes: 'poort 3',
    address: { name: '', street: 'Kerkstraat', number: '12', box: '', zip: '3500', city, country: 'BE', formatted: `Kerkstraat 12, 3500 ${city}` },
  });
  const shipment = {
    id: 9,
    reference_id: 'VM00000009',
    current_state: { state: 'accepted' },
    states: [{ state: 'new', created_at: 1 }, { state: 'accepted', created_at: 2 }],
    pickup_date_from: 1_800_000_000,
    pickup_date_till: 1_800_003_600,
    pickup_timezone: 'Europe/Brussels',
    delivery_date_from: 1_800_007_200,
    delivery_date_till: 1_800_010_800,
    delivery_timezone: 'Europe/Brussels',
    pickup_location: location('Hasselt'),
    delivery_location: location('Genk'),
    current_location: { lat: 50.95, lng: 5.4 },
    route: { points: 'abc', distance: 21000, duration: 1500, estimated: false },
    driver_route: { distance: 5000, duration: 400 },
    packages: [
      {
        id: 1,
        type: 'pallet',
        description: 'Tegels',
        notes: '',
        width: 80,
        height: 100,
        length: 120,
        weight: 400,
        tags: ['breakable', 'no_stacking'],
        pallet_type: 'euro_pallet',
        must_be_traded: true,
        attachments: [{ ...img, id: 'a' }],
      },
    ],
    insurance: 'cmr',
    ratings: [{ ratingable_id: 3, author_id: 4, rating: 5 }],
    running_late: [{ leg: 'delivery', eta: 1_800_011_000 }],
    created_at: 1_799_990_000,
  };

  it('gives the sender every part of the shipment, its offers and the accepted one', () => {
    const read = { ...shipment, offers: [], accepted_offer: null };
    expect(shipmentReadSchema.parse(read)).toEqual(read);
    for (const field of Object.keys(read)) expect(shipmentReadSchema.safeParse({ ...read, [field]: undefined }).success, field).toBe(false);
    expect(shipmentReadSchema.safeParse({ ...read, running_late: [{ leg: 'return', eta: 1 }] }).success).toBe(false);
    expect(shipmentReadSchema.safeParse({ ...read, current_state: { state: 'lost' } }).success).toBe(false);
  });

  it("gives the driver the shipment with their own offer", () => {
    const job = { ...shipment, my_offer: { id: 5, price: 60.5, state: 'open' } };
    expect(driverJobReadSchema.parse(job)).toEqual(job);
    expect(driverJobReadSchema.parse({ ...job, my_offer: null }).my_offer).toBeNull();
    expect(driverJobReadSchema.safeParse({ ...job, my_offer: { id: 5, price: 60.5, state: 'pending' } }).success).toBe(false);
  });
});

describe('images and the app configuration', () => {
  it('gives every picture in three sizes', () => {
    expect(imageVariantsSchema.parse(img)).toEqual(img);
    expect(imageVariantsSchema.safeParse({ image: { original: img.image.original, medium: img.image.medium } }).success).toBe(false);
    expect(imageVariantsSchema.safeParse({ image: { ...img.image, original: {} } }).success).toBe(false);
    expect(imageVariantsSchema.safeParse({ image: { ...img.image, medium: undefined } }).success).toBe(false);
  });

  it('tells the web app its providers and never a secret', () => {
    const config = {
      facebook_app_id: null,
      oidc_label: null,
      captcha: { provider: 'none', site_key: null },
      map: { tile_url: null, attribution: 'GeoNames' },
      providers: { sms: 'log', geocoder: 'embedded', router: 'estimate' },
      payments: { provider: 'sandbox', test_mode: true, publishable_key: null },
      street_view: null,
      legal: { operator: { name: 'Vrachtmarkt BV', enterprise_number: '0765432146', address: 'Kerkstraat 1, 9000 Gent', email: 'support@example.be' }, retention: { positions_months: 3, chat_months: 24 }, commission_percent: 12 },
    };
    const shown = appConfigSchema.parse({ ...config, payments: { ...config.payments, secret_key: 'sk_live_x' }, webhook_secret: 'whsec' });
    expect(shown).toEqual(config);
    expect(appConfigSchema.safeParse({ ...config, payments: { ...config.payments, provider: 'paypal' } }).success).toBe(false);
    expect(appConfigSchema.safeParse({ ...config, captcha: { provider: 'friendlycaptcha', site_key: null } }).success).toBe(false);
    expect(appConfigSchema.safeParse({ ...config, captcha: { provider: 'turnstile', site_key: '0x4AAA' } }).success).toBe(true);
    for (const provider of ['recaptcha', 'recaptcha_v3', 'hcaptcha']) expect(appConfigSchema.safeParse({ ...config, captcha: { provider, site_key: 'k' } }).success, provider).toBe(true);
    expect(appConfigSchema.safeParse({ ...config, payments: { provider: 'stripe', test_mode: false, publishable_key: 'pk_live_x' } }).success).toBe(true);
    expect(appConfigSchema.safeParse({ ...config, street_view: { url_template: 'https://maps/?q={lat},{lng}' } }).success).toBe(true);
    for (const field of Object.keys(config)) expect(appConfigSchema.safeParse({ ...config, [field]: undefined }).success, field).toBe(false);
    const parts = { captcha: ['provider', 'site_key'], map: ['tile_url', 'attribution'], providers: ['sms', 'geocoder', 'router'], payments: ['provider', 'test_mode', 'publishable_key'] } as const;
    for (const [key, fields] of Object.entries(parts)) {
      for (const field of fields) expect(appConfigSchema.safeParse({ ...config, [key]: { ...config[key as keyof typeof parts], [field]: undefined } }).success, `${key}.${field}`).toBe(false);
    }
    expect(appConfigSchema.safeParse({ ...config, street_view: {} }).success).toBe(false);
    // reCAPTCHA v3 takes action names of letters, slashes and underscores only.
    expect(CAPTCHA_ACTION).toMatch(/^[A-Za-z/_]+$/);
  });
});

describe('photos and dates of a new shipment', () => {
  const TZ = 'Europe/Brussels';
  const at = (date: string, time: string) => Math.floor(zonedInstant(date, time, TZ).getTime() / 1000);
  const side = (date: string) => ({ date_from: at(date, '08:00'), date_till: at(date, '17:00'), date_timezone: TZ, lat: 50.9, lng: 5.3, street: 'Kerkstraat', number: '12', zip: '3500', city: 'Hasselt', notes: 'Poort 3' });
  const shipment = (packages: unknown[]) => ({ pickup: side('2026-11-24'), delivery: side('2026-11-24'), packages });

  it('uses each uploaded file for one photo of one package', () => {
    expect(createShipmentSchema.safeParse(shipment([{ type: 'medium', description: 'Zetel', photos: ['a', 'b'] }, { type: 'small', description: 'Doos', photos: ['c'] }])).success).toBe(true);
    const twice = createShipmentSchema.safeParse(shipment([{ type: 'medium', description: 'Zetel', photos: ['a'] }, { type: 'small', description: 'Doos', photos: ['a'] }]));
    expect(twice.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`)).toEqual(['packages.1.photos:photo_used_twice']);
    const within = createShipmentSchema.safeParse(shipment([{ type: 'medium', description: 'Zetel', photos: ['a', 'a'] }]));
    expect(within.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`)).toEqual(['packages.0.photos:photo_used_twice']);
    expect(within.error?.issues[0]?.code).toBe('custom');
  });

  it('books at most a year ahead', () => {
    const now = zonedInstant('2026-11-23', '10:00', TZ);
    const pickup = (date: string) => ({ date_from: at(date, '08:00'), date_till: at(date, '17:00'), date_timezone: TZ });
    expect(checkShipmentTimes(pickup('2027-11-23'), pickup('2027-11-23'), now)).toEqual([]);
    expect(checkShipmentTimes(pickup('2027-11-25'), pickup('2027-11-25'), now)).toEqual([{ field: 'pickup.date_from', key: 'date_too_far' }]);
  });
});
