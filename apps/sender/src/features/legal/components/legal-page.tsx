import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '@vm/client/config.ts';
import { isLanguage, type Language } from '@vm/client/locale.ts';
import { LEGAL_TEXTS, LEGAL_UPDATED, type LegalBlock, type LegalTexts, updatedOn } from '../legal-doc.ts';

// Issue 23 part 4: #/privacy and #/terms, public (signed in or not). Each language's texts are a
// chunk of their own, loaded once when a page asks for them (kept for the session: they never change).

const languageOf = (l: string | undefined): Language => (isLanguage(l) ? l : 'nl');

function LegalPage({ doc }: { doc: keyof LegalTexts }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.resolvedLanguage);
  const texts = useQuery({ queryKey: ['legal-texts', language], queryFn: LEGAL_TEXTS[language], staleTime: Infinity, gcTime: Infinity, structuralSharing: false });
  const config = useConfig();
  if (texts.isPending || config.isPending) return <p className="loading">{t('loading')}</p>;
  if (!texts.data || !config.data?.legal)
    return (
      <p className="form-error" role="alert">
        {t('legal.failed')}
      </p>
    );
  const page = texts.data[doc](config.data);
  return (
    <article className="page legal-page">
      <h1>{page.title}</h1>
      <p className="muted">
        {t('legal.updated')} <time dateTime={LEGAL_UPDATED}>{updatedOn(language)}</time>
      </p>
      <p>{page.intro}</p>
      {page.sections.map((s) => (
        <section key={s.heading}>
          <h2>{s.heading}</h2>
          {s.blocks.map((b, i) => (
            <Block key={i} block={b} />
          ))}
        </section>
      ))}
    </article>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  if ('list' in block)
    return (
      <ul>
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  return (
    <p>
      <Link to={block.to}>{block.link}</Link>
    </p>
  );
}

export const PrivacyPage = () => <LegalPage doc="privacy" />;
export const TermsPage = () => <LegalPage doc="terms" />;
