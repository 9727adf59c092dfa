// The languages the product speaks, spelled once (decision 0019): each with the BCP 47 tag its
// dates, numbers and euros are formatted with (and the web sends as Accept-Language), and its
// own name as a language picker shows it. The schemas, the server's per-language lookups and the
// web's pickers derive from here. It imports nothing, since all three apps' first pages read it.

/** The languages in the order a picker lists them. */
export const LOCALES = ['nl', 'fr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language's formatting tag and its name in itself ("Français" whatever the screen's language). */
export const LANGUAGE_INFO: Readonly<Record<Locale, { tag: string; name: string }>> = {
  nl: { tag: 'nl-BE', name: 'Nederlands' },
  fr: { tag: 'fr-BE', name: 'Français' },
  en: { tag: 'en-GB', name: 'English' },
};

/** Dutch, the product language: for whoever states no language we have. */
export const DEFAULT_LOCALE: Locale = 'nl';
/** English: for foreigners, and for any text a catalogue would lack. */
export const FALLBACK_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** A stored or received language, or the default when it is none of ours. */
export const localeOr = (value: unknown, otherwise: Locale = DEFAULT_LOCALE): Locale => (isLocale(value) ? value : otherwise);

/** The BCP 47 tag a language's dates, numbers and euros are formatted with: nl-BE, fr-BE, en-GB. */
export const localeTagOf = (locale: Locale): string => LANGUAGE_INFO[locale].tag;
