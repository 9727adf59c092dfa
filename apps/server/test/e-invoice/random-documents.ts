import {
  eInvoiceTotals,
  structuredCommunication,
  vatTreatment,
  type EInvoiceDoc,
  type EInvoiceKind,
  type EInvoiceLine,
  type EInvoiceParty,
  type Locale,
  type VatTreatment,
} from '@vm/domain';

// Random but reproducible documents for the Peppol property test and bench/invoices.ts: the
// platform's invoices and credit notes to senders (Belgian business, EU business with a VAT number,
// EU customer without one, business outside the EU) and drivers' self-billed invoices and credit
// notes (VAT-registered or under the small-business exemption), with awkward names and several lines.

/** mulberry32: a small seeded generator, so a failing document can be made again from its seed. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, int, pick };
}
type Rng = ReturnType<typeof seededRandom>;

export type Scenario = 'be_business' | 'eu_business_ae' | 'eu_no_vat_number' | 'non_eu_business' | 'driver_vat' | 'driver_exempt';
export const SCENARIOS: readonly Scenario[] = ['be_business', 'eu_business_ae', 'eu_no_vat_number', 'non_eu_business', 'driver_vat', 'driver_exempt'];

const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');
/** A Belgian enterprise number with a right mod-97 check ("0" or "1" then 7 digits, then the check). */
export function enterpriseNumber(rng: Rng): string {
  const base = `${rng.pick(['0', '1'])}${digits(rng, 7)}`;
  return base + String(97 - (Number(base) % 97)).padStart(2, '0');
}

const AWKWARD_NAMES = [
  'Dupont & Fils <SRL>',
  'Transports L’Évasion "Express"',
  'Šťastný Müller GmbH & Co. KG',
  'Ørsted Å/S',
  "D'Hondt & Zonen BV",
  'Café “Le Coin” — Ñandú',
  'Ölçer & <Sons> Ltd',
  'Van den Bossche-Lefèvre',
];
const STREETS = ['Rue de la Loi 16', 'Kerkstraat 1 bus 3', 'Avenue Louise 54 & 56', 'Hauptstraße 5', 'Straße <am> See 2', 'Place d’Armes 1'];
const BE_CITIES = [
  ['1000', 'Bruxelles'],
  ['9000', 'Gent'],
  ['2000', 'Antwerpen'],
  ['4000', 'Liège'],
] as const;

/** EU customers with a VAT number: an EAS scheme for VAT numbers of that country, and a number in the country's shape. */
const EU_VAT_CUSTOMERS = [
  { country: 'DE', city: 'Köln', postcode: '50667', scheme: '9930', vat: (r: Rng) => `DE${digits(r, 9)}` },
  { country: 'FR', city: 'Lille', postcode: '59000', scheme: '9957', vat: (r: Rng) => `FR${digits(r, 11)}` },
  { country: 'NL', city: 'Utrecht', postcode: '3511 AA', scheme: '9944', vat: (r: Rng) => `NL${digits(r, 9)}B${digits(r, 2)}` },
  { country: 'LU', city: 'Luxembourg', postcode: 'L-1111', scheme: '9938', vat: (r: Rng) => `LU${digits(r, 8)}` },
  { country: 'ES', city: 'Madrid', postcode: '28001', scheme: '9920', vat: (r: Rng) => `ES${digits(r, 9)}` },
  { country: 'AT', city: 'Wien', postcode: '1010', scheme: '9914', vat: (r: Rng) => `ATU${digits(r, 8)}` },
] as const;
const NON_EU_CUSTOMERS = [
  { country: 'CH', city: 'Zürich', postcode: '8001', scheme: '0183', id: (r: Rng) => `CHE${digits(r, 9)}` },
  { country: 'US', city: 'New York', postcode: '10001', scheme: '0060', id: (r: Rng) => digits(r, 9) },
] as const;
const EU_DEPARTURES = ['BE', 'BE', 'NL', 'DE', 'FR', 'LU', 'FI', 'IT'] as const;
const IBANS = ['BE68539007547034', 'BE71096123456769', 'NL91ABNA0417164300', 'BE62510007547061'];

export const PLATFORM: EInvoiceParty = {
  name: 'Vrachtmarkt BV',
  enterprise_number: '0403170701',
  vat_number: 'BE0403170701',
  address: { lines: ['Kerkstraat 1'], city: 'Gent', postcode: '9000', country: 'BE' },
  endpoint: { scheme: '0208', id: '0403170701' },
  email: 'invoices@vrachtmarkt.example',
};

function belgianParty(rng: Rng, withVat: boolean): EInvoiceParty {
  const kbo = enterpriseNumber(rng);
  const [postcode, city] = rng.pick(BE_CITIES);
  return {
    name: rng.pick(AWKWARD_NAMES),
    enterprise_number: kbo,
    vat_number: withVat ? `BE${kbo}` : undefined,
    address: { lines: [rng.pick(STREETS)], city, postcode, country: 'BE' },
    endpoint: { scheme: '0208', id: kbo },
  };
}

function lines(rng: Rng, t: VatTreatment, driver: boolean): EInvoiceLine[] {
  const vat = { category: t.category, percent: t.percent };
  const out: EInvoiceLine[] = [
    { description: driver ? `Transport ${rng.pick(['Gent → Lyon', 'Köln & Liège', 'A <to> B'])}` : `Transport: ${rng.pick(['pallets & boxes', 'sofa <2 seats>', 'piano "Steinway"'])}`, quantity: 1, unit_price_cents: rng.int(1, 500_000), vat },
  ];
  const extra = rng.int(0, 3);
  for (let i = 0; i < extra; i++) {
    const kind = rng.pick(['waiting', 'floors', 'fee', 'insurance'] as const);
    if (kind === 'waiting') out.push({ description: 'Waiting time', quantity: rng.pick([0.25, 0.5, 1.5, 2.75]), unit_code: 'HUR', unit_price_cents: rng.int(1, 6_000), vat });
    else if (kind === 'floors') out.push({ description: 'Carrying up stairs (per floor)', quantity: rng.int(1, 6), unit_price_cents: rng.int(1, 3_333), vat });
    else if (kind === 'fee') out.push({ description: 'Cancellation fee', quantity: 1, unit_price_cents: rng.int(1, 20_000), vat });
    else out.push({ description: 'Goods-in-transit cover ä€', quantity: 1, unit_price_cents: rng.int(1, 2_999), vat });
  }
  return out;
}

export type GeneratedDocument = { scenario: Scenario; kind: EInvoiceKind; doc: EInvoiceDoc };

/** The n-th document of a run: scenarios and credit/invoice alternate so every case appears. */
export function randomDocument(seed: number, n: number): GeneratedDocument {
  const rng = seededRandom(seed * 1_000_003 + n);
  const scenario = SCENARIOS[n % SCENARIOS.length]!;
  const credit = Math.floor(n / SCENARIOS.length) % 3 === 2;
  const lang = rng.pick(['nl', 'fr', 'en'] as const satisfies readonly Locale[]);
  const year = 2026;
  const number = `${year}-${String(n + 1).padStart(6, '0')}`;
  const issue_date = `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  const shipment = `VM-${digits(rng, 6)}`;
  const driver = scenario === 'driver_vat' || scenario === 'driver_exempt';

  let counterparty: EInvoiceParty;
  let t: VatTreatment;
  if (driver) {
    counterparty = belgianParty(rng, true); // under the small-business scheme a driver keeps a VAT number
    counterparty.name = `${rng.pick(['Jan', 'Élodie', 'Zoë', 'Mohammed'])} ${rng.pick(['Peeters', "O'Brien & Co", 'Müller <BV>'])}`;
    t = vatTreatment({ invoice: 'driver_to_platform', driver: { vat_status: scenario === 'driver_vat' ? 'registered' : 'small_business_exempt' }, lang });
  } else if (scenario === 'be_business') {
    counterparty = belgianParty(rng, true);
    t = vatTreatment({ invoice: 'platform_to_sender', customer: { kind: 'business', country: 'BE', vat_number: counterparty.vat_number }, departure_country: rng.pick(EU_DEPARTURES), arrival_country: 'BE', lang });
  } else if (scenario === 'eu_business_ae') {
    const c = rng.pick(EU_VAT_CUSTOMERS);
    const vat = c.vat(rng);
    counterparty = { name: rng.pick(AWKWARD_NAMES), vat_number: vat, address: { lines: [rng.pick(STREETS), 'Gebäude 2'], city: c.city, postcode: c.postcode, country: c.country }, endpoint: { scheme: c.scheme, id: vat } };
    t = vatTreatment({ invoice: 'platform_to_sender', customer: { kind: 'business', country: c.country, vat_number: vat }, departure_country: 'BE', arrival_country: c.country, lang });
  } else if (scenario === 'eu_no_vat_number') {
    // A customer who gave no VAT number is treated as a private one (place of departure, OSS); it
    // still has a Peppol address (a Belgian enterprise number, or a French SIRET).
    const french = rng.next() < 0.5;
    counterparty = french
      ? { name: rng.pick(AWKWARD_NAMES), address: { lines: [rng.pick(STREETS)], city: 'Lille', postcode: '59000', country: 'FR' }, endpoint: { scheme: '0009', id: digits(rng, 14) } }
      : belgianParty(rng, false);
    const from = rng.pick(EU_DEPARTURES);
    t = vatTreatment({ invoice: 'platform_to_sender', customer: { kind: 'private', country: counterparty.address.country }, departure_country: from, arrival_country: rng.pick(['BE', 'FR', from]), lang });
  } else {
    const c = rng.pick(NON_EU_CUSTOMERS);
    const id = c.id(rng);
    counterparty = { name: rng.pick(AWKWARD_NAMES), address: { lines: [rng.pick(STREETS)], city: c.city, postcode: c.postcode, country: c.country }, endpoint: { scheme: c.scheme, id } };
    t = vatTreatment({ invoice: 'platform_to_sender', customer: { kind: 'business', country: c.country }, departure_country: 'BE', arrival_country: c.country, lang });
  }

  const kind: EInvoiceKind = driver ? (credit ? 'self_billed_credit_note' : 'self_billed_invoice') : credit ? 'credit_note' : 'invoice';
  const doc: EInvoiceDoc = {
    kind,
    number,
    issue_date,
    buyer_reference: shipment,
    order_reference: rng.next() < 0.5 ? shipment : undefined,
    preceding_invoice: credit ? { number: `${year}-${String(n).padStart(6, '0')}`, issue_date: `${year}-01-0${rng.int(1, 9)}` } : undefined,
    seller: driver ? counterparty : PLATFORM,
    buyer: driver ? PLATFORM : counterparty,
    lines: lines(rng, t, driver),
    exemptions: t.exemption ? { [t.category]: t.exemption } : undefined,
    notes: rng.next() < 0.4 ? [rng.pick(['Merci & à bientôt', 'Zelffacturatie <akkoord> 2026', 'Refund for a cancelled job'])] : undefined,
  };
  if (driver) {
    doc.payment = { means: 'sepa_credit_transfer', iban: rng.pick(IBANS) };
  } else if (!credit && rng.next() < 0.5) {
    // Invoice payment for an approved company: 30 days, structured communication.
    doc.due_date = `${year + 1}-01-${String(rng.int(10, 28)).padStart(2, '0')}`;
    doc.payment = { means: 'sepa_credit_transfer', iban: PLATFORM_IBAN, bic: 'GKCCBEBB', payment_id: structuredCommunication(`${digits(rng, 10)}`).replace(/\D/g, '') };
  } else if (!credit) {
    // Paid by card at acceptance: nothing left to pay.
    doc.payment = { means: 'card', card_last4: digits(rng, 4), card_network: rng.pick(['VISA', 'MasterCard', 'Bancontact']) };
    doc.prepaid_cents = eInvoiceTotals(doc).tax_inclusive_cents;
  } else {
    doc.payment = { means: 'sepa_credit_transfer', iban: rng.pick(IBANS) };
  }
  return { scenario, kind, doc };
}

export const PLATFORM_IBAN = 'BE68539007547034';
