import type { User } from '@vm/domain';
import { useSaveUserLanguage } from '@vm/client/api/save-language.ts';
import { currentLanguage, isLanguage, languageName, LANGUAGES, languageUnsaved, markLanguageUnsaved } from '@vm/client/locale.ts';
import { useSignedIn } from '@vm/client/session.ts';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n.ts';

/**
 * The language choice (Nederlands, Français, English, each in its own language): switches every
 * text at once, is remembered on this phone and, signed in, saved with the account.
 */
export function LanguageField() {
  const { t, i18n } = useTranslation();
  const signedIn = useSignedIn();
  const save = useSaveUserLanguage();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('language.label')}</label>
      <select
        id={id}
        className="language-select"
        aria-describedby={`${id}-hint`}
        value={isLanguage(i18n.language) ? i18n.language : currentLanguage()}
        onChange={(e) => {
          const language = e.target.value;
          if (!isLanguage(language)) return;
          if (signedIn) {
            markLanguageUnsaved(false);
            save.mutateAsync(language).catch(() => markLanguageUnsaved(true));
          } else markLanguageUnsaved(true);
          void setLanguage(language).catch(() => undefined);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageName(language)}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="field-hint">
        {t('language.hint')}
      </p>
    </div>
  );
}

/** At sign-in: a choice made while signed out is saved with the account; otherwise the account's language applies. */
export function useUserLanguage(user: User | undefined): void {
  const id = user?.id;
  const locale = user?.locale;
  const { mutateAsync } = useSaveUserLanguage();
  useEffect(() => {
    if (id === undefined || !isLanguage(locale)) return;
    if (languageUnsaved()) {
      markLanguageUnsaved(false);
      mutateAsync(currentLanguage()).catch(() => markLanguageUnsaved(true));
      return;
    }
    if (locale !== currentLanguage()) void setLanguage(locale).catch(() => undefined);
  }, [id, locale, mutateAsync]);
}
