import { PRICE_BAND_HISTORY, type PriceBandQuery, type PriceBandRead, priceBand, vehicleClassFor } from '@vm/domain';
import type { Db } from '../../db/database.ts';
import { toPriceBandRead, toPricedJob } from './price-band.mapper.ts';
import * as repo from './price-band.repository.ts';

type Deps = { db: Db };

// No cache: the read is bound to the most recent PRICE_BAND_HISTORY accepted jobs, and a job
// accepted a moment ago counts at once (in every process).

export function priceBandService({ db }: Deps) {
  return {
    /** The fair-price band for a job of these facts; the vehicle class follows from the load unless given. */
    async band(q: PriceBandQuery): Promise<PriceBandRead> {
      const vehicle = q.vehicle ?? vehicleClassFor({ volumeM3: q.volume_m3, weightKg: q.weight_kg });
      const job = { distanceKm: q.distance_km, volumeM3: q.volume_m3, weightKg: q.weight_kg, vehicle };
      const rows = await repo.recentAcceptedJobs(db, PRICE_BAND_HISTORY);
      return toPriceBandRead(priceBand(job, rows.map(toPricedJob)), vehicle);
    },
  };
}

export type PriceBandService = ReturnType<typeof priceBandService>;
