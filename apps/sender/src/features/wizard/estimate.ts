import { estimatedRoadMetres } from '@vm/domain/distance';
import { withVatCents } from '@vm/domain/insurance';
import { PREDEFINED_SIZES } from '@vm/domain/packages';
import { estimatePriceRange } from '@vm/domain/pricing';
import { windowSeconds } from '@vm/domain/time-windows';
import { windowChoice } from './to-shipment.ts';
import type { WizardState } from './wizard-state.ts';

/** The estimate shown before any offer: a range incl. VAT in cents, with the distance it used. */
export function estimateFor(state: WizardState, now: Date): { low: number; high: number; km: number } | null {
  const { pickup, delivery } = state;
  const choice = windowChoice(pickup);
  if (!pickup.address || !delivery.address || !choice) return null;
  const sizes = state.type && state.type !== 'custom' ? [PREDEFINED_SIZES[state.type]] : state.items.map((i) => ({ width: +i.width, height: +i.height, length: +i.length, weight: +i.weight }));
  const volumeM3 = sizes.reduce((v, s) => v + (s.width * s.height * s.length) / 1_000_000, 0);
  const weightKg = sizes.reduce((w, s) => w + s.weight, 0);
  const metres = estimatedRoadMetres(pickup.address, delivery.address);
  const w = windowSeconds(choice, now, pickup.timezone);
  const range = estimatePriceRange({ distanceMetres: metres, volumeM3, weightKg, windowHours: (w.till - w.from) / 3600 });
  return { low: withVatCents(range.low), high: withVatCents(range.high), km: Math.ceil(metres / 1000) };
}
