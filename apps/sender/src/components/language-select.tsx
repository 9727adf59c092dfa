import type { User } from '@vm/domain';
import { useCallback, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../lib/i18n.ts';
import { currentLanguage, isLanguage, type Language, languageName, LANGUAGES, languageUnsaved, markLanguageUnsaved } from '@vm/client/locale.ts';
import { useSignedIn } from '@vm/client/session.ts';
import { useSaveUserLanguage } from '@vm/client/api/save-language.ts';
import { GlobeIcon } from '@vm/ui/icons.tsx';

type Props = {
  /** 'compact': the top bar (label read by screen readers only); 'field': a form field with label and hint. */
  variant: 'compact' | 'field';
  className?: string;
};

/** Saves a signed-in user's language; signed out, it waits for the next sign-in. */
function useSaveChoice() {
  const { mutateAsync } = useSaveUserLanguage();
  return useCallback(
    (language: Language, signedIn: boolean): void => {
      if (!signedIn) return markLanguageUnsaved(true);
      markLanguageUnsaved(false);
      // Not saved (offline, server down): it stays on this browser and is saved at the next sign-in.
      mutateAsync(language).catch(() => markLanguageUnsaved(true));
    },
    [mutateAsync],
  );
}

/**
 * The language choice: Nederlands, Français, English, each in its own language. Choosing switches
 * every text at once, is remembered on this browser and with the account, and goes with every
 * API call as Accept-Language (@vm/client/api-client.ts).
 */
export function LanguageSelect({ variant, className }: Props) {
  const { t, i18n } = useTranslation();
  const signedIn = useSignedIn();
  const saveChoice = useSaveChoice();
  const id = useId();
  const hintId = `${id}-hint`;
  const select = (
    <select
      id={id}
      className="language-select"
      value={isLanguage(i18n.language) ? i18n.language : currentLanguage()}
      aria-describedby={variant === 'field' ? hintId : undefined}
      onChange={(e) => {
        const language = e.target.value;
        if (!isLanguage(language)) return;
        saveChoice(language, signedIn);
        void setLanguage(language).catch(() => undefined);
      }}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {languageName(language)}
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
        <GlobeIcon />
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
 * At sign-in and whenever the account's language changes (another device): a choice made here
 * while signed out is saved with the account; otherwise the account's language applies.
 */
export function useUserLanguage(user: User | undefined): void {
  const id = user?.id;
  const locale = user?.locale;
  const saveChoice = useSaveChoice();
  useEffect(() => {
    if (id === undefined || !isLanguage(locale)) return;
    if (languageUnsaved()) return saveChoice(currentLanguage(), true);
    if (locale !== currentLanguage()) void setLanguage(locale).catch(() => undefined);
  }, [id, locale, saveChoice]);
}
