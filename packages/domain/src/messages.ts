import { en } from './messages-en.ts';
import { fr } from './messages-fr.ts';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, isLocale } from './languages.ts';
import { isMessageKey, type Locale, type MessageKey, nl } from './messages-nl.ts';

// Message catalogue shared by server and web: schemas carry a key, each side translates it.
// Dutch is the product language; French (fr-BE) is the second national language; English is the
// fallback for every other Accept-Language. One module per language (messages-nl.ts, -fr, -en).

export { isLocale, isMessageKey, type Locale, LOCALES, type MessageKey } from './messages-nl.ts';

export const messages: Record<Locale, Record<MessageKey, string>> = { nl, fr, en };

/** Translates a key; unknown keys are returned as they are so nothing is ever shown blank. */
export function translate(key: string, locale: Locale): string {
  return isMessageKey(key) ? messages[locale][key] : key;
}

/**
 * Picks the reader's language from an Accept-Language header: the supported language (nl, fr, en)
 * with the highest q-value; on equal q-values the one named first wins. Region subtags do not
 * matter (nl-BE -> nl, fr-BE / fr-FR / fr-CA -> fr). A header that names only other languages
 * (de, es, ...) gets English, the fallback for foreigners; no header at all, or one that names no
 * usable language (empty, only q=0), or '*' before any language we have, gets Dutch, the product language.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      const value = q ? Number(q.trim().slice(2).trim()) : 1;
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: Number.isNaN(value) ? 0 : value, i };
    })
    .filter((r) => r.lang && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const r of ranked) {
    if (isLocale(r.lang)) return r.lang;
    // '*' (any language, as Node's fetch and many tools send): the product language at its rank.
    if (r.lang === '*') return DEFAULT_LOCALE;
  }
  return ranked.length ? FALLBACK_LOCALE : DEFAULT_LOCALE;
}
