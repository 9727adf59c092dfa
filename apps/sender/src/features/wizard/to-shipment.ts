import { hasStreetAndNumber } from '@vm/domain/address';
import { packageSchema, type PackageInput } from '@vm/domain/packages';
import type { CreateShipmentInput } from '@vm/domain/shipment';
import { checkWindow, deliveryWindowSeconds, type WindowChoice, windowSeconds } from '@vm/domain/time-windows';
import { getPhotos } from './photo-store.ts';
import type { SideState, WizardState } from './wizard-state.ts';

export type StepErrors = Record<string, string>;

export function windowChoice(side: SideState): WindowChoice | null {
  if (!side.day || !side.time) return null;
  return { day: side.day, dateFrom: side.dateFrom, dateTill: side.dateTill, time: side.time, timeFrom: side.timeFrom, timeTill: side.timeTill };
}

const DATE_KEYS: Record<string, string> = { date_order: 'date_order', date_in_past: 'date_in_past', time_order: 'time_order', time_too_late: 'time_too_late', time_in_past: 'time_in_past', option_unavailable: 'option_unavailable', before_pickup: 'before_pickup' };

function sideErrors(side: SideState, now: Date, pickup?: SideState): StepErrors {
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
  else if (choice) {
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
      return sideErrors(state.pickup, now);
    case 4:
      return sideErrors(state.delivery, now, state.pickup);
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

/** The content JSON of POST /api/shipment; times in each side's own zone. */
export function toShipment(state: WizardState, now: Date): { content: CreateShipmentInput; files: Map<string, File> } {
  const { packages, files } = packagesOf(state);
  return {
    content: {
      pickup: sideContent(state.pickup, windowSeconds(windowChoice(state.pickup)!, now, state.pickup.timezone)),
      delivery: sideContent(state.delivery, deliveryWindowSeconds(windowChoice(state.delivery)!, windowChoice(state.pickup)!, now, state.delivery.timezone, state.pickup.timezone)),
      insurance: state.insurance,
      packages,
    },
    files,
  };
}
