import type { AppConfig } from '@vm/domain/app-config';
import type { OfferRead } from '@vm/domain/offer';
import type { LocationRead, ShipmentRead } from '@vm/domain/shipment';

/** An address in a town, as the shipment read carries it. */
export const locationIn = (city: string): LocationRead => ({
  lat: 51,
  lng: 4,
  notes: '',
  address: { name: '', street: 'Meir', number: '1', box: '', zip: '2000', city, country: 'BE', formatted: `Meir 1, 2000 ${city}` },
});

/** A new shipment Antwerpen -> Gent as GET /api/shipment/{id} answers it; tests change what they look at. */
export const shipmentRead = (over: Partial<ShipmentRead> = {}): ShipmentRead => ({
  id: 77,
  reference_id: 'VM-77',
  current_state: { state: 'new' },
  states: [{ state: 'new', created_at: 1_700_000_000 }],
  pickup_date_from: 1_700_100_000,
  pickup_date_till: 1_700_110_000,
  pickup_timezone: 'Europe/Brussels',
  delivery_date_from: 1_700_200_000,
  delivery_date_till: 1_700_210_000,
  delivery_timezone: 'Europe/Brussels',
  pickup_location: locationIn('Antwerpen'),
  delivery_location: locationIn('Gent'),
  current_location: null,
  route: { points: '', distance: 60_000, duration: 3_600, estimated: false },
  driver_route: null,
  packages: [],
  offers: [],
  accepted_offer: null,
  insurance: 'cmr',
  ratings: [],
  running_late: [],
  created_at: 1_700_000_000,
  ...over,
});

/** GET /api/config of a fresh install: sandbox payments, no captcha, the built-in map. */
export const sandboxConfig = (over: Partial<AppConfig> = {}): AppConfig => ({
  facebook_app_id: null,
  oidc_label: null,
  captcha: { provider: 'none', site_key: null },
  map: { tile_url: null, attribution: '' },
  providers: { sms: 'log', geocoder: 'embedded', router: 'estimate' },
  payments: { provider: 'sandbox', test_mode: true, publishable_key: null },
  street_view: null,
  legal: { operator: { name: 'Vrachtmarkt BV', enterprise_number: '0765432146', address: 'Kerkstraat 1, 9000 Gent', email: 'support@vrachtmarkt.localhost' }, retention: { positions_months: 3, chat_months: 24 }, commission_percent: 12 },
  ...over,
});

/** An open offer with its cost table in euros (VAT 21 % of transport plus insurance). */
export function offerRead(id: number, first: string, last: string, level: OfferRead['level'], route: number, insurance: number): OfferRead {
  const before = route + insurance;
  const vat = Math.round(before * 21) / 100;
  return {
    id,
    shipment_id: 77,
    price: route,
    state: 'open',
    created_at: 1_700_000_000,
    cost_breakdown_sender: { route, insurance, vat: { percent: 21, amount: vat }, total: { beforetaxes: before, aftertaxes: before + vat } },
    car: { type: { type: 'van', name: 'Sprinter' }, driver: { user: { first_name: first, last_name: last, rating: { driver: 4 } } } },
    driver: { user: { id: id * 10, first_name: first, last_name: last, driver_rating_count: 3, driver_rating_total: 12, profile_picture: null } },
    level,
  };
}
