import { type PriceBand, type PriceBandRead, type PricedJob, type VehicleType, vehicleClassFor } from '@vm/domain';
import type { AcceptedJobRow } from './price-band.repository.ts';

// Rows to the domain's jobs, and the band to the wire (whole euros), in one place.

export function toPricedJob(r: AcceptedJobRow): PricedJob {
  const volumeM3 = Number(r.volumeCm3) / 1_000_000;
  const weightKg = Number(r.weightKg);
  return { distanceKm: r.routeDistance / 1000, volumeM3, weightKg, vehicle: vehicleClassFor({ volumeM3, weightKg }), priceCents: r.priceCents };
}

export function toPriceBandRead(band: PriceBand, vehicle: VehicleType): PriceBandRead {
  if (band.kind === 'too_few') return { kind: 'too_few', basis: band.basis, vehicle };
  return { kind: 'band', low: band.low / 100, high: band.high / 100, basis: band.basis, vehicle };
}
