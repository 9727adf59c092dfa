import { RESTRICTION_REASON_MIN } from '@vm/domain/restrictions';
import { can, type StaffRole } from '@vm/domain/staff-roles';
import { addDays, localParts, zonedInstant } from '@vm/domain/zoned-time';

const BELGIAN_TIME = 'Europe/Brussels';

/** Unix seconds as a short date and time in Belgian time. */
export const formatWhen = (unix: number, language: string) =>
  new Intl.DateTimeFormat(`${language}-BE`, { dateStyle: 'medium', timeStyle: 'short', timeZone: BELGIAN_TIME }).format(new Date(unix * 1000));

/** Unix seconds as a date in Belgian time. */
export const formatDate = (unix: number, language: string) =>
  new Intl.DateTimeFormat(`${language}-BE`, { dateStyle: 'medium', timeZone: BELGIAN_TIME }).format(new Date(unix * 1000));

/** Euros in the staff member's language, Belgian style. */
export const formatEuros = (amount: number, language: string) => new Intl.NumberFormat(`${language}-BE`, { style: 'currency', currency: 'EUR' }).format(amount);

/** Whether staff may restrict, lift and decide proposals here; the others read. */
export const mayRestrict = (role: StaffRole | undefined) => can(role, 'restrict_users');

/** A reason's error key before sending (the server says the same): required, or too short. */
export const reasonError = (text: string) => (!text.trim() ? 'required' : text.trim().length < RESTRICTION_REASON_MIN ? 'restriction_reason_min' : undefined);

/** Today in Brussels, 'YYYY-MM-DD'. */
export const todayInBrussels = (now = new Date()): string => localParts(now, BELGIAN_TIME).date;

/** The end of a chosen day (the next midnight in Brussels) in unix seconds. */
export const endOfDay = (iso: string) => Math.floor(zonedInstant(addDays(iso, 1), '00:00', BELGIAN_TIME).getTime() / 1000);
