// The build products the server reads at run time. `npm run build` makes them; the server only
// checks for them, since its folder may be read-only (a container image).
import { BASEMAP_FILE, basemapCurrent, ensureBasemap } from './extract-basemap.ts';
import { ensureLocalities, LOCALITIES_FILE, localitiesCurrent } from './extract-localities.ts';

/** The generated files that are missing or out of date; empty when the server can start. */
export function missingGeneratedData(): string[] {
  return [...(localitiesCurrent() ? [] : [LOCALITIES_FILE]), ...(basemapCurrent() ? [] : [BASEMAP_FILE])];
}

/** Makes what is missing (the build and the test setup; never the server). */
export async function ensureGeneratedData(): Promise<void> {
  await ensureLocalities();
  await ensureBasemap();
}
