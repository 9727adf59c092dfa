import { hasStreetAndNumber } from '@vm/domain/address';
import { packageSchema, type PackageInput } from '@vm/domain/packages';
import type { ChangeShipmentInput, CreateShipmentInput } from '@vm/domain/shipment';
import { checkWindow, deliveryWindowSeconds, type WindowChoice, windowSeconds } from '@vm/domain/time-windows';
import { getPhotos } from './photo-store.ts';
import type { SideState, WizardState } from './wizard-state.ts';

export type StepErrors = Record<string, string>;

export function windowChoice(side: SideState): WindowChoice | null {
  if (!side.day || !side.time) return null;
  return { day: side.day, dateFrom: side.dateFrom, dateTill: side.dateTill, time: side.time, timeFrom: side.timeFrom, timeTill: side.timeTill };
}

const DATE_KEYS: Record<string, string> = { date_order: 'date_order', date_in_past: 'date_in_past', time_order: 'time_order', time_too_late: 'time_too_late', time_in_past: 'time_in_past', option_unavailable: 'option_unavailable', before_pickup: 'before_pickup' };

/**
 * Whether a side of a job being changed keeps its booked window: such a window is not judged again
 * (its start may have passed while the job waited for offers), as the server does.
 */
export function keepsBookedWindow(state: WizardState, key: 'pickup' | 'delivery', now: Date): boolean {
  const booked = state.editing?.windows[key];
  const choice = windowChoice(state[key]);
  if (!booked || !choice || choice.day !== 'custom' || choice.time !== 'custom') return false;
  const w = windowSeconds(choice, now, state[key].timezone);
  return w.from === booked.from && w.till === booked.till;
}

function sideErrors(side: SideState, now: Date, pickup?: SideState, keepsBooked = false): StepErrors {
  const errors: StepErrors = {};
  // Typed but not picked: the suggestions below the field are the way, not an empty field.
  if (!side.address) errors.address = side.addressText.trim() ? 'address_not_picked' : 'required';
  else if (!hasStreetAndNumber(side.address)) errors.address = 'address_incomplete';
  const choice = windowChoice(side);
  // An empty custom date or time says so, rather than a rule about a date nobody entered.
  if (side.day === 'custom' && !side.dateFrom) errors.dateFrom = 'required';
  if (side.time === 'custom' && !side.timeFrom) errors.timeFrom = 'required';
  if (side.time === 'custom' && !side.timeTill) errors.timeTill = 'required';
  if (!side.day) errors.day = 'required';
  else if (!side.time) errors.time = 'required';
  else if (choice && !keepsBooked) {
    const pickupChoice = pickup ? windowChoice(pickup) : null;
    for (const e of checkWindow(choice, now, pickup?.timezone ?? side.timezone, pickupChoice ?? undefined)) errors[e.field] ??= DATE_KEYS[e.key] ?? e.key;
  }
  if (!side.instructions.trim()) errors.instructions = 'required';
  return errors;
}

/** The packages of the wizard as the API wants them, photos named by field. */
export function packagesOf(state: WizardState): { packages: PackageInput[]; files: Map<string, File> } {
  const files = new Map<string, File>();
  const name = (key: string, list: File[]) =>
    list.map((f, i) => {
      const field = `photo_${key}_${i}`;
      files.set(field, f);
      return field;
    });
  if (state.type && state.type !== 'custom') {
    return { packages: [{ type: state.type, description: state.description.trim(), notes: '', tags: [], photos: name('fixed', getPhotos('fixed')) }], files };
  }
  const packages = state.items.map((item) => {
    const base = { description: item.description.trim(), notes: '', tags: item.tags, photos: name(item.id, getPhotos(item.id)), width: Number(item.width), height: Number(item.height), length: Number(item.length), weight: Number(item.weight) };
    return item.type === 'pallet' ? { ...base, type: 'pallet' as const, pallet_type: item.palletType, must_be_traded: item.mustBeTraded } : { ...base, type: item.type };
  });
  return { packages, files };
}

/** What keeps a step from going on (SPEC 5: Next only on valid fields). */
export function stepErrors(state: WizardState, step: number, now: Date): StepErrors {
  switch (step) {
    case 1:
      return state.type ? {} : { type: 'required' };
    case 2: {
      if (state.type !== 'custom') return state.description.trim() ? {} : { description: 'required' };
      if (state.items.length === 0) return { items: 'package_required' };
      const errors: StepErrors = {};
      for (const [i, p] of packagesOf(state).packages.entries()) {
        const r = packageSchema.safeParse(p);
        if (!r.success) errors[`items.${i}`] = r.error.issues[0]!.message;
      }
      return errors;
    }
    case 3:
      return sideErrors(state.pickup, now, undefined, keepsBookedWindow(state, 'pickup', now));
    case 4:
      return sideErrors(state.delivery, now, state.pickup, keepsBookedWindow(state, 'delivery', now));
    default:
      return {};
  }
}

const sideContent = (side: SideState, w: { from: number; till: number }) => {
  const a = side.address!;
  return {
    date_from: w.from,
    date_till: w.till,
    date_timezone: side.timezone,
    lat: a.lat,
    lng: a.lng,
    street: a.street,
    number: a.number,
    box: a.box,
    zip: a.zip,
    city: a.city,
    country: a.country || 'BE',
    notes: side.instructions.trim(),
    name: side.isBusiness === '1' ? side.companyName.trim() : '',
  };
};

/** Each side's window in unix seconds, in its own zone (the delivery never starts before the pickup); null until chosen. */
export function sideWindow(state: WizardState, key: 'pickup' | 'delivery', now: Date): { from: number; till: number } | null {
  const pickup = windowChoice(state.pickup);
  const choice = windowChoice(state[key]);
  if (!choice || !pickup) return null;
  return key === 'pickup' ? windowSeconds(choice, now, state.pickup.timezone) : deliveryWindowSeconds(choice, pickup, now, state.delivery.timezone, state.pickup.timezone);
}

/** The content JSON of POST /api/shipment; times in each side's own zone. */
export function toShipment(state: WizardState, now: Date): { content: CreateShipmentInput; files: Map<string, File> } {
  const { packages, files } = packagesOf(state);
  return {
    content: {
      pickup: sideContent(state.pickup, sideWindow(state, 'pickup', now)!),
      delivery: sideContent(state.delivery, sideWindow(state, 'delivery', now)!),
      insurance: state.insurance,
      packages,
    },
    files,
  };
}

/** The body of PUT /api/shipment/{id}/details for the job being changed. */
export function toChange(state: WizardState, now: Date): ChangeShipmentInput {
  const fixedId = state.editing?.packageId ?? null;
  const packages =
    state.type !== 'custom' ? (fixedId === null ? [] : [{ id: fixedId, description: state.description.trim() }]) : state.items.flatMap((i) => (i.packageId === undefined ? [] : [{ id: i.packageId, description: i.description.trim() }]));
  return { pickup: sideContent(state.pickup, sideWindow(state, 'pickup', now)!), delivery: sideContent(state.delivery, sideWindow(state, 'delivery', now)!), packages };
}
