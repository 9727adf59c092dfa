import { type RestrictionRead, restrictionStatement } from '@vm/domain/restrictions';
import { type Locale, localeOr } from '@vm/domain/languages';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LiftForm } from './lift-form.tsx';
import { formatDate, formatWhen } from './format.ts';

type Props = {
  restriction: RestrictionRead;
  /** Staff may lift it (support and admins) when it is active. */
  mayLift: boolean;
  /** On the user's own page the name is known; in the list it links to the user. */
  linkUser: boolean;
  /** The statement of reasons as the user reads it, in their language (the user's page). */
  statementFor?: { locale: Locale; business: boolean };
  headingLevel: 2 | 3;
  /** Lifted here: the page says so (the card may leave the list it is in). */
  onLifted: () => void;
};

export const asLocale = (l: string): Locale => localeOr(l);

/** One restriction: kind and status, period, who and why, the statement the user reads, their contests, and lifting. */
export function RestrictionCard({ restriction: r, mayLift, linkUser, statementFor, headingLevel, onLifted }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const H = `h${headingLevel}` as const;
  const Sub = `h${headingLevel + 1}` as 'h3' | 'h4';
  const titleId = `restriction-${r.id}-title`;
  const statement = statementFor && restrictionStatement({ kind: r.kind, reason: r.reason, starts_at: r.starts_at, ends_at: r.ends_at, business: statementFor.business }, statementFor.locale);
  const statusClass = r.status === 'active' ? 'badge-status-refused' : 'badge-status-pending';
  return (
    <article className="card restriction" aria-labelledby={titleId}>
      <H id={titleId}>
        {t('desk.restrictionOf', { kind: t(`desk.kinds.${r.kind}`), name: r.user.name })} <span className={`badge ${statusClass}`}>{t(`desk.restrictionStatus.${r.status}`)}</span>
      </H>
      <dl className="review-list">
        {linkUser && (
          <>
            <dt>{t('desk.col.user')}</dt>
            <dd>
              <Link to={`/users/${r.user.id}`}>{r.user.name || r.user.email}</Link> ({t(`desk.roles.${r.user.role}`)}, {r.user.email})
            </dd>
          </>
        )}
        <dt>{t('desk.since')}</dt>
        <dd>{formatWhen(r.starts_at, lang)}</dd>
        <dt>{t('desk.until')}</dt>
        <dd>{r.ends_at ? formatDate(r.ends_at - 1, lang) : t('desk.untilLifted')}</dd>
        <dt>{t('desk.by')}</dt>
        <dd>
          {r.created_by?.name ?? t('desk.automated')}
          {r.proposal_id !== null && <> · {t('desk.fromProposal', { id: r.proposal_id })}</>}
        </dd>
        <dt>{t('desk.reason')}</dt>
        <dd className="statement-text">{r.reason}</dd>
        {r.lifted_at !== null && (
          <>
            <dt>{t('desk.liftedAt')}</dt>
            <dd>{formatWhen(r.lifted_at, lang)}</dd>
            <dt>{t('desk.liftedBy')}</dt>
            <dd>{r.lifted_by?.name ?? '—'}</dd>
            <dt>{t('desk.liftReason')}</dt>
            <dd className="statement-text">{r.lift_reason}</dd>
          </>
        )}
      </dl>
      {statement && statementFor && (
        <details className="statement">
          <summary>{t('desk.statement', { language: t(`desk.languages.${statementFor.locale}`) })}</summary>
          <dl className="review-list" lang={statementFor.locale}>
            {(['restricted', 'period', 'reason', 'how_to_contest', 'legal_basis'] as const).map((k) => (
              <div key={k} className="contents">
                <dt lang={lang}>{t(`desk.statementParts.${k}`)}</dt>
                <dd>{statement[k]}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
      <Sub>{t('desk.contests', { count: r.contests.length })}</Sub>
      {r.contests.length === 0 ? (
        <p className="muted">{t('desk.noContests')}</p>
      ) : (
        <ul className="contests">
          {r.contests.map((c) => (
            <li key={c.id}>
              <p className="muted">{t('desk.contestAt', { when: formatWhen(c.created_at, lang) })}</p>
              <blockquote className="statement-text">{c.text}</blockquote>
            </li>
          ))}
        </ul>
      )}
      {mayLift && r.status === 'active' && <LiftForm restrictionId={r.id} kind={r.kind} name={r.user.name} onLifted={onLifted} />}
    </article>
  );
}
