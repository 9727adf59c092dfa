import type { User } from '@vm/domain';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../lib/i18n.ts';
import { currentLanguage, isLanguage, LANGUAGES, storedLanguage } from '../lib/locale.ts';

type Props = {
  /** 'compact': the top bar (label read by screen readers only); 'field': a form field with label and hint. */
  variant: 'compact' | 'field';
  className?: string;
};

/**
 * The language choice: Nederlands, Français, English, each in its own language. Choosing switches
 * every text at once, is remembered on this browser and goes with every API call as
 * Accept-Language (lib/api-client.ts).
 */
export function LanguageSelect({ variant, className }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const select = (
    <select
      id={id}
      className="language-select"
      value={isLanguage(i18n.language) ? i18n.language : currentLanguage()}
      aria-describedby={variant === 'field' ? hintId : undefined}
      onChange={(e) => {
        if (isLanguage(e.target.value)) void setLanguage(e.target.value).catch(() => undefined);
      }}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {t(`language.${language}`)}
        </option>
      ))}
    </select>
  );
  if (variant === 'compact')
    return (
      <div className={`language-compact ${className ?? ''}`}>
        <label htmlFor={id} className="visually-hidden">
          {t('language.label')}
        </label>
        <span aria-hidden="true" className="language-globe">
          🌐
        </span>
        {select}
      </div>
    );
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{t('language.label')}</label>
      {select}
      <p id={hintId} className="field-hint">
        {t('language.hint')}
      </p>
    </div>
  );
}

/**
 * A signed-in user's language from the server, when the user object carries one and this browser
 * has no choice of its own. (The User schema has no locale field yet: this waits for it.)
 */
export function useUserLanguage(user: User | undefined): void {
  const locale = (user as { locale?: unknown } | undefined)?.locale;
  useEffect(() => {
    if (isLanguage(locale) && !storedLanguage() && locale !== currentLanguage()) void setLanguage(locale, { remember: false }).catch(() => undefined);
  }, [locale]);
}
