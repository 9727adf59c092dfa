import type { Address } from '@vm/domain/address';
import { FIXED_TYPES, type FixedType } from '@vm/domain/packages';
import type { LocationRead, ShipmentRead } from '@vm/domain/shipment';
import { localParts } from '@vm/domain/zoned-time';
import { clearPhotos } from './photo-store.ts';
import { type CustomItem, initialWizard, openDraft, type SideState, type WizardState } from './wizard-state.ts';

// A booked job as a wizard draft: "Book again" copies the trip and goods with new dates to choose;
// "Change" opens the job itself with its windows as custom dates and times.

export function locationAddress(l: LocationRead): Address {
  const { name: _company, ...a } = l.address;
  return { ...a, lat: l.lat, lng: l.lng, precision: 'house', attribution: '' };
}

function side(l: LocationRead, timezone: string, window: { from: number; till: number } | null): SideState {
  const address = locationAddress(l);
  const from = window && localParts(new Date(window.from * 1000), timezone);
  const till = window && localParts(new Date(window.till * 1000), timezone);
  return {
    isBusiness: l.address.name ? '1' : '0',
    companyName: l.address.name,
    addressText: address.formatted,
    address,
    timezone,
    day: from ? 'custom' : null,
    dateFrom: from?.date ?? '',
    dateTill: till?.date ?? '',
    time: from ? 'custom' : null,
    timeFrom: from?.time ?? '',
    timeTill: till?.time ?? '',
    instructions: l.notes,
  };
}

const isFixed = (type: string): type is FixedType => (FIXED_TYPES as readonly string[]).includes(type);

function goods(s: ShipmentRead): Pick<WizardState, 'type' | 'description' | 'items'> {
  const [only] = s.packages;
  if (s.packages.length === 1 && only && isFixed(only.type)) return { type: only.type, description: only.description, items: [] };
  const items = s.packages.map(
    (p): CustomItem => ({
      id: crypto.randomUUID(),
      type: p.type === 'pallet' || p.type === 'unboxed' ? p.type : 'boxed',
      width: String(p.width),
      height: String(p.height),
      length: String(p.length),
      weight: String(p.weight),
      description: p.description,
      tags: p.tags,
      palletType: p.pallet_type ?? 'euro_pallet',
      mustBeTraded: p.must_be_traded,
      packageId: p.id,
    }),
  );
  return { type: 'custom', description: '', items };
}

/** The same trip and goods, dates still to choose: opens on the pickup step. Photos are not copied. */
export function bookAgainDraft(s: ShipmentRead): WizardState {
  const copied = goods(s);
  return {
    ...initialWizard(),
    ...copied,
    // A new booking stores new packages.
    items: copied.items.map(({ packageId: _stored, ...item }) => item),
    step: 3,
    pickup: side(s.pickup_location, s.pickup_timezone, null),
    delivery: side(s.delivery_location, s.delivery_timezone, null),
    insurance: s.insurance,
  };
}

/** "Book again": the wizard's draft becomes a copy of the job (the booking being written gives way). */
export function openBookAgain(s: ShipmentRead): void {
  clearPhotos();
  openDraft(bookAgainDraft(s));
}

/** The job as it stands, to change before acceptance: opens on the summary, each part a step away. */
export function changeDraft(s: ShipmentRead): WizardState {
  const windows = { pickup: { from: s.pickup_date_from, till: s.pickup_date_till }, delivery: { from: s.delivery_date_from, till: s.delivery_date_till } };
  const fixed = s.packages.length === 1 && s.packages[0] && isFixed(s.packages[0].type) ? s.packages[0].id : null;
  return {
    ...initialWizard(),
    ...goods(s),
    step: 6,
    pickup: side(s.pickup_location, s.pickup_timezone, windows.pickup),
    delivery: side(s.delivery_location, s.delivery_timezone, windows.delivery),
    insurance: s.insurance,
    editing: { id: s.id, reference: s.reference_id, insurance: s.insurance, windows, packageId: fixed, openOffers: s.offers.filter((o) => o.state === 'open').length },
  };
}
