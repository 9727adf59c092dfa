import { estimatedRoadMetres } from '@vm/domain/distance';
import { costBreakdown, type CostBreakdownCents, estimatePriceRange } from '@vm/domain/pricing';
import { PREDEFINED_SIZES } from '@vm/domain/packages';
import { windowSeconds } from '@vm/domain/time-windows';
import { windowChoice } from './to-shipment.ts';
import type { WizardState } from './wizard-state.ts';

/** The load's total volume (m³) and weight (kg): the predefined size, or the sum of the items. */
export function loadOf(state: WizardState): { volumeM3: number; weightKg: number } {
  const sizes = state.type && state.type !== 'custom' ? [PREDEFINED_SIZES[state.type]] : state.items.map((i) => ({ width: +i.width, height: +i.height, length: +i.length, weight: +i.weight }));
  return { volumeM3: sizes.reduce((v, s) => v + (s.width * s.height * s.length) / 1_000_000, 0), weightKg: sizes.reduce((w, s) => w + s.weight, 0) };
}

/**
 * The estimate shown before any offer: the cost table (transport, the insurance chosen so far,
 * VAT, total incl. VAT, in cents) at each end of the range, with the distance it used.
 */
export function estimateFor(state: WizardState, now: Date): { low: CostBreakdownCents; high: CostBreakdownCents; km: number } | null {
  const { pickup, delivery } = state;
  const choice = windowChoice(pickup);
  if (!pickup.address || !delivery.address || !choice) return null;
  const { volumeM3, weightKg } = loadOf(state);
  const metres = estimatedRoadMetres(pickup.address, delivery.address);
  const w = windowSeconds(choice, now, pickup.timezone);
  const range = estimatePriceRange({ distanceMetres: metres, volumeM3, weightKg, windowHours: (w.till - w.from) / 3600 });
  return { low: costBreakdown(range.low, state.insurance), high: costBreakdown(range.high, state.insurance), km: Math.ceil(metres / 1000) };
}
