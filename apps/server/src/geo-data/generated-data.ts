// The build products the server reads at run time: where they are, their shape and version.
// `scripts/extract-*.ts` write them (`npm run build`, the test setup); the server only reads and
// checks them, since its folder may be read-only (a container image). They live here, not in
// scripts/, because src never imports scripts (eslint-rules/import-direction.js).
import fs from 'node:fs';
import path from 'node:path';
import type { PostcodePlace } from '@vm/domain/postcodes';

export const LOCALITIES_FILE = path.resolve(import.meta.dirname, '../../generated/be-localities.json');
/** Bumped when the localities file's shape changes, so a stale build product is made again. */
export const LOCALITIES_VERSION = 3; // 3: two-name places only in their own province (2430 Vorst is not Forest)

export const BASEMAP_FILE = path.resolve(import.meta.dirname, '../../generated/basemap.json');
/** Raised when the basemap's shape changes, so a checkout with an older file makes it again. */
export const BASEMAP_VERSION = 3; // 3: the same, for the towns' names

/** Belgium's outer rings, [lng, lat] points. */
export type Outline = [number, number][][];
export type LocalityRecord = { id: number; name: string; names: string[]; lat: number; lng: number; region: string; population: number };
export type GeoData = { version: number; attribution: string; localities: LocalityRecord[]; postcodes: PostcodePlace[]; belgium: Outline };

const hasVersion = (file: string, version: number) =>
  fs.existsSync(file) && (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: number }).version === version;

/** Whether the localities file exists in the shape this code reads (the server checks this at start-up). */
export const localitiesCurrent = (): boolean => hasVersion(LOCALITIES_FILE, LOCALITIES_VERSION);

/** Whether the basemap file is there and of this version. */
export const basemapCurrent = (): boolean => hasVersion(BASEMAP_FILE, BASEMAP_VERSION);

/** The generated files that are missing or out of date; empty when the server can start. */
export function missingGeneratedData(): string[] {
  return [...(localitiesCurrent() ? [] : [LOCALITIES_FILE]), ...(basemapCurrent() ? [] : [BASEMAP_FILE])];
}
