import type { BoardItem, DriverJobRead } from '@vm/domain';
import type { BoardHit } from './job-board.repository.ts';

/** Rounded to 0.1 km: straight lines are estimates, a finer figure would only pretend. */
const tenth = (x: number) => Math.round(x * 10) / 10;

/** A board item: the open list's driver view of the job (no sender name, street or phone) with how far it is. */
export function toBoardItems(jobs: readonly DriverJobRead[], hits: readonly BoardHit[]): BoardItem[] {
  const byId = new Map(jobs.map((j) => [j.id, j]));
  return hits.flatMap((h) => {
    const job = byId.get(h.id);
    return job ? [{ ...job, distance_km: tenth(Math.max(0, h.distanceKm)), detour_km: h.detourKm === null ? null : tenth(Math.max(0, h.detourKm)) }] : [];
  });
}
