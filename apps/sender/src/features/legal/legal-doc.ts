import type { AppConfig } from '@vm/domain/app-config';
import { CANCELLATION_DRIVER_SHARE_PERCENT, CANCELLATION_LADDER } from '@vm/domain/cancellation';
import { INSURANCE, type InsuranceChoice, VAT_PERCENT } from '@vm/domain/insurance';
import type { Language } from '@vm/client/locale.ts';
import { localeTagOf } from '@vm/domain/languages';

// Issue 23 part 4: the privacy page and the terms page. Their texts are long, so each language's
// texts are a chunk of their own (texts/nl.ts, fr.ts, en.ts), loaded only when one of the two pages
// opens; the catalogues keep only the titles and the footer's and registration's links.
//
// The texts are functions of the server's configuration (GET /api/config): the operator
// (PLATFORM_*, SUPPORT_EMAIL), the retention months, the commission, and which outside services are
// on (payments, SMS, social login, captcha, address lookup, map tiles), so the pages state what this
// installation actually does. Amounts and percentages come from the domain's tables
// (insurance.ts, cancellation.ts), the same ones the server charges by.

/** The date the texts last changed (ISO day); shown as "last updated". */
export const LEGAL_UPDATED = '2026-11-27';

/** A paragraph, a bulleted list, or a link to a screen of this app. */
export type LegalBlock = string | { list: readonly string[] } | { link: string; to: string };
export type LegalSection = { heading: string; blocks: readonly LegalBlock[] };
export type LegalDoc = { title: string; intro: string; sections: readonly LegalSection[] };
export type LegalTexts = { privacy: (c: AppConfig) => LegalDoc; terms: (c: AppConfig) => LegalDoc };

export const LEGAL_TEXTS: Record<Language, () => Promise<LegalTexts>> = {
  nl: () => import('./texts/nl.ts').then((m) => m.nl),
  fr: () => import('./texts/fr.ts').then((m) => m.fr),
  en: () => import('./texts/en.ts').then((m) => m.en),
};

/** Euros as the reader writes them, without cents when whole (EUR 500, not EUR 500.00). */
export const eur = (cents: number, l: Language) =>
  new Intl.NumberFormat(localeTagOf(l), { style: 'currency', currency: 'EUR', minimumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(cents / 100);

/** 0765432146 -> 0765.432.146, as a Belgian enterprise number is written. */
export const enterpriseNumber = (n: string) => (/^\d{10}$/.test(n) ? `${n.slice(0, 4)}.${n.slice(4, 7)}.${n.slice(7)}` : n);

export const updatedOn = (l: Language) => new Intl.DateTimeFormat(localeTagOf(l), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${LEGAL_UPDATED}T00:00:00Z`));

/** The figures the terms state, from the domain's tables. */
export const figures = {
  vat: VAT_PERCENT,
  driverShare: CANCELLATION_DRIVER_SHARE_PERCENT,
  platformShare: 100 - CANCELLATION_DRIVER_SHARE_PERCENT,
  fee: (id: 'fee_25' | 'fee_50' | 'fee_100') => CANCELLATION_LADDER.find((s) => s.id === id)!.fee_percent,
  hoursBefore: (id: 'fee_25' | 'fee_50') => CANCELLATION_LADDER.find((s) => s.id === id)!.starts_hours_before_window!,
  insurance: (choice: InsuranceChoice) => INSURANCE[choice],
};
