import i18next from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';

// Issue 23 part 4: the privacy statement and the terms of use live in the sender app (same origin,
// served at /, the driver app under /driver/), so these are plain links to /#/privacy and /#/terms,
// opened in a new window (a form being filled in, or the installed app, stays as it is). Their few
// texts are added to the catalogues when a screen that shows them loads (the sign-up and account
// routes), not in the first page's bundle.

export const PRIVACY_URL = '/#/privacy';
export const TERMS_URL = '/#/terms';

const texts = {
  nl: {
    note: 'Door je aan te melden aanvaard je de <terms>voorwaarden</terms> en lees je <privacy>hoe we met je gegevens omgaan</privacy>.',
    title: 'Privacy en voorwaarden',
    privacy: 'Privacyverklaring',
    terms: 'Gebruiksvoorwaarden',
    newWindow: '(opent in een nieuw venster)',
  },
  fr: {
    note: 'En vous inscrivant, vous acceptez les <terms>conditions</terms> et vous lisez <privacy>comment nous traitons vos données</privacy>.',
    title: 'Confidentialité et conditions',
    privacy: 'Déclaration de confidentialité',
    terms: 'Conditions d’utilisation',
    newWindow: '(s’ouvre dans une nouvelle fenêtre)',
  },
  en: {
    note: 'By signing up you accept the <terms>terms</terms> and read <privacy>how we handle your data</privacy>.',
    title: 'Privacy and terms',
    privacy: 'Privacy statement',
    terms: 'Terms of use',
    newWindow: '(opens in a new window)',
  },
} as const;

for (const [language, t] of Object.entries(texts)) i18next.addResourceBundle(language, 'translation', { legal: t }, true, false);

function NewWindowLink({ href, children }: { href: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> {t('legal.newWindow')}</span>
    </a>
  );
}

/** Under the sign-up form: accepting the terms, with both links. */
export function LegalNote() {
  return (
    <p className="form-note">
      <Trans i18nKey="legal.note" components={{ terms: <NewWindowLink href={TERMS_URL} />, privacy: <NewWindowLink href={PRIVACY_URL} /> }} />
    </p>
  );
}

/** On the account page: both documents. */
export function LegalLinks() {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="legal-links-title">
      <h2 id="legal-links-title">{t('legal.title')}</h2>
      <ul className="legal-links">
        <li>
          <NewWindowLink href={PRIVACY_URL}>{t('legal.privacy')}</NewWindowLink>
        </li>
        <li>
          <NewWindowLink href={TERMS_URL}>{t('legal.terms')}</NewWindowLink>
        </li>
      </ul>
    </section>
  );
}
