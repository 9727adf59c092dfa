// Makes the build products the server reads at run time (src/geo-data/generated-data.ts says
// which; the server only checks for them).
import { ensureBasemap } from './extract-basemap.ts';
import { ensureLocalities } from './extract-localities.ts';

/** Makes what is missing (the build and the test setup; never the server). */
export async function ensureGeneratedData(): Promise<void> {
  await ensureLocalities();
  await ensureBasemap();
}
