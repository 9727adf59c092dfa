import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type ProblemStatus, useProblems } from '../api/problems.ts';
import '../texts.ts';
import '../problems.css';
import { formatEuros, formatWhen } from './format.ts';

const STATUSES: ProblemStatus[] = ['open', 'decided'];

/** Issue 23 part 1: the problems senders reported, open or decided; each row opens the case. */
export function ProblemsQueuePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [params] = useSearchParams();
  const status: ProblemStatus = params.get('status') === 'decided' ? 'decided' : 'open';
  const problems = useProblems(status);
  return (
    <section className="page problems" aria-labelledby="problems-title">
      <h1 id="problems-title">{t('problems.queueTitle')}</h1>
      <nav aria-label={t('problems.statusFilter')} className="status-filter">
        <ul>
          {STATUSES.map((s) => (
            <li key={s}>
              <Link to={s === 'open' ? '/problems' : '/problems?status=decided'} className="button button-ghost" aria-current={s === status ? 'page' : undefined}>
                {t(`problems.statuses.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {problems.isPending ? (
        <p className="loading">{t('loading')}</p>
      ) : problems.isError ? (
        <p className="form-error" role="alert">
          {t('problems.failed')}
        </p>
      ) : problems.data.problems.length === 0 ? (
        <p className="notice">{t(status === 'open' ? 'problems.emptyOpen' : 'problems.emptyDecided')}</p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="problems-caption" tabIndex={0}>
          <table className="offers-table">
            <caption id="problems-caption">{t(`problems.caption.${status}`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t('problems.reference')}</th>
                <th scope="col">{t('problems.kind')}</th>
                <th scope="col">{t('problems.reported')}</th>
                <th scope="col">{t('problems.sender')}</th>
                <th scope="col">{t('problems.driver')}</th>
                <th scope="col">{t('problems.held')}</th>
                <th scope="col">{t('problems.answered')}</th>
              </tr>
            </thead>
            <tbody>
              {problems.data.problems.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    <Link to={`/problems/${p.id}`} aria-label={t('problems.openCase', { reference: p.reference })}>
                      {p.reference}
                    </Link>
                  </th>
                  <td>{t(`problems.kinds.${p.kind}`)}</td>
                  <td>{formatWhen(p.reported_at, lang)}</td>
                  <td>{p.sender_name}</td>
                  <td>{p.driver_name}</td>
                  <td className="amount">{formatEuros(p.held, lang)}</td>
                  <td>{p.answered ? t('problems.yes') : t('problems.no')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
