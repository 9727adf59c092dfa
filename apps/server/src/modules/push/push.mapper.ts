import { PUSH_KINDS, type PushKind, type PushSettings } from '@vm/domain';
import { PUSH_SETTING_COLUMN, type PushSettingsRow } from './push.repository.ts';

/** Every kind, on unless the driver switched it off (no row: all on). */
export const toPushSettings = (row: PushSettingsRow | null): PushSettings =>
  Object.fromEntries(PUSH_KINDS.map((k) => [k, row ? row[PUSH_SETTING_COLUMN[k]] : true])) as Record<PushKind, boolean>;
