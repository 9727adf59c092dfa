import type { ProblemCase, ProblemStatement } from '@vm/domain/problems';
import { can } from '@vm/domain/staff-roles';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stateLabel } from '../../../lib/state-label.ts';
import { Link, Navigate, useParams } from 'react-router';
import { useOpsSession } from '../../../lib/ops-session.ts';
import { useProblem } from '../api/problems.ts';
import '../texts.ts';
import '../problems.css';
import { CaseFile, CasePhoto } from './case-files.tsx';
import { DecisionForm } from './decision-form.tsx';
import { formatEuros, formatWhen } from './format.ts';

/** Issue 23 part 1: one problem as staff read it, the evidence in one place, and (for finance and admins) the decision. */
export function ProblemPage() {
  const { id } = useParams();
  const problemId = Number(id);
  if (!Number.isSafeInteger(problemId) || problemId < 1) return <Navigate to="/problems" replace />;
  return <ProblemView key={problemId} problemId={problemId} />;
}

function ProblemView({ problemId }: { problemId: number }) {
  const { t } = useTranslation();
  const problem = useProblem(problemId);
  // Opened again, the page waits for the fresh read rather than show what the cache kept.
  if (problem.isPending || (problem.isFetching && !problem.isFetchedAfterMount)) return <p className="loading">{t('loading')}</p>;
  if (problem.isError)
    return (
      <section className="page">
        <h1>{t('problems.notFoundTitle')}</h1>
        <p className="form-error" role="alert">
          {t('problems.notFound')}
        </p>
        <Link to="/problems">{t('problems.back')}</Link>
      </section>
    );
  return <Case data={problem.data} />;
}

function Case({ data }: { data: ProblemCase }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const session = useOpsSession();
  const mayDecide = can(session?.staff.role, 'handle_money');
  const { problem, job } = data;
  // Decided while the page was open (the decision's answer replaced the case): say so, and focus it.
  const [openedAs] = useState(data.problem.status);
  const justDecided = openedAs === 'open' && data.problem.status === 'decided';
  const decidedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (justDecided) decidedRef.current?.focus();
  }, [justDecided]);
  const eur = (n: number) => formatEuros(n, lang);
  const packageName = (id: number) => job.packages.find((p) => p.id === id)?.description || `#${id}`;

  return (
    <section className="page problems problem-case" aria-labelledby="case-title">
      <p>
        <Link to={problem.status === 'open' ? '/problems' : '/problems?status=decided'}>{t('problems.back')}</Link>
      </p>
      <h1 id="case-title">{t('problems.caseTitle', { reference: job.reference })}</h1>
      <p>
        <span className={`badge badge-status-${problem.status === 'open' ? 'pending' : 'approved'}`}>{t(`problems.status.${problem.status}`)}</span> {t(`problems.kinds.${problem.kind}`)} ·{' '}
        {t('problems.reportedAt', { when: formatWhen(problem.reported_at, lang) })}
      </p>

      {problem.decision && (
        <section aria-labelledby="decided-title" className="card">
          <h2 id="decided-title">{t('problems.decisionTitle')}</h2>
          {justDecided && (
            <p className="notice" role="status" tabIndex={-1} ref={decidedRef}>
              {t('problems.decided')}
            </p>
          )}
          <dl className="review-list">
            <dt>{t('problems.outcome')}</dt>
            <dd>{t(`problems.outcomeShort.${problem.decision.outcome}`)}</dd>
            <dt>{t('problems.decidedAt')}</dt>
            <dd>{formatWhen(problem.decision.decided_at, lang)}</dd>
            <dt>{t('problems.refundAmount')}</dt>
            <dd>{eur(problem.decision.refund)}</dd>
            <dt>{t('problems.releasedAmount')}</dt>
            <dd>{eur(problem.decision.released)}</dd>
            {problem.decision.insurance_cover !== null && (
              <>
                <dt>{t('problems.insuranceCover')}</dt>
                <dd>{eur(problem.decision.insurance_cover)}</dd>
              </>
            )}
            <dt>{t('problems.reasonGiven')}</dt>
            <dd className="statement-text">{problem.decision.reason}</dd>
          </dl>
        </section>
      )}

      <section aria-labelledby="job-title" className="card">
        <h2 id="job-title">{t('problems.job')}</h2>
        <dl className="review-list">
          <dt>{t('problems.reference')}</dt>
          <dd>{job.reference}</dd>
          <dt>{t('problems.state')}</dt>
          <dd>{stateLabel(job.state, lang)}</dd>
          <dt>{t('problems.route')}</dt>
          <dd>{t('problems.routeText', { pickup: job.pickup, delivery: job.delivery })}</dd>
          <dt>{t('problems.packages')}</dt>
          <dd>
            <ul className="plain-list">
              {job.packages.map((p) => (
                <li key={p.id}>
                  {p.description} ({p.type}){problem.packages.includes(p.id) && <strong> · {t('problems.concerned')}</strong>}
                </li>
              ))}
            </ul>
          </dd>
          <dt>{t('problems.charged')}</dt>
          <dd>{eur(job.charged)}</dd>
          <dt>{t('problems.heldNow')}</dt>
          <dd>{eur(job.held)}</dd>
          <dt>{t('problems.refunded')}</dt>
          <dd>{eur(job.refunded)}</dd>
          <dt>{t('problems.insurance')}</dt>
          <dd>{job.insurance.kind === 'own_risk' ? t('problems.insuranceKinds.own_risk') : t('problems.cover', { kind: t(`problems.insuranceKinds.${job.insurance.kind}`), amount: eur(job.insurance.cover) })}</dd>
        </dl>
      </section>

      <div className="parties">
        {(['sender', 'driver'] as const).map((side) => {
          const p = job[side];
          return (
            <section key={side} aria-labelledby={`${side}-title`} className="card">
              <h2 id={`${side}-title`}>{t(`problems.${side}`)}</h2>
              <dl className="review-list">
                <dt>{t('problems.contact')}</dt>
                <dd>{p.name}</dd>
                {p.company && (
                  <>
                    <dt>{t('problems.company')}</dt>
                    <dd>{p.company}</dd>
                  </>
                )}
                <dt>{t('problems.email')}</dt>
                <dd>
                  <a href={`mailto:${p.email}`}>{p.email}</a>
                </dd>
                <dt>{t('problems.phone')}</dt>
                <dd>{p.phone ? <a href={`tel:${p.phone}`}>{p.phone}</a> : t('problems.none')}</dd>
              </dl>
            </section>
          );
        })}
      </div>

      <section aria-labelledby="documents-title" className="card">
        <h2 id="documents-title">{t('problems.documents')}</h2>
        {data.note_url ? <CaseFile url={data.note_url} label={t('problems.note')} fileName={`${job.reference}-consignment-note.pdf`} kind="open" /> : <p>{t('problems.noNote')}</p>}
        {data.claim_file_url && <CaseFile url={data.claim_file_url} label={t('problems.claimFile')} fileName={`${job.reference}-claim-file.zip`} kind="download" />}
      </section>

      <section aria-labelledby="statements-title" className="card">
        <h2 id="statements-title">{t('problems.statements')}</h2>
        {(['sender', 'driver'] as const).map((party) => {
          const said = problem.statements.filter((s) => s.party === party);
          return (
            <section key={party} aria-labelledby={`statement-${party}-title`}>
              <h3 id={`statement-${party}-title`}>{t(`problems.statementOf.${party}`)}</h3>
              {said.length === 0 ? <p>{party === 'driver' ? t('problems.noAnswer') : t('problems.none')}</p> : said.map((s) => <Statement key={s.id} statement={s} packageName={packageName} />)}
            </section>
          );
        })}
      </section>

      <section aria-labelledby="timeline-title" className="card">
        <h2 id="timeline-title">{t('problems.timeline')}</h2>
        <Timeline data={data} />
      </section>

      <section aria-labelledby="positions-title" className="card">
        <h2 id="positions-title">{t('problems.positions')}</h2>
        <Positions positions={data.positions} />
      </section>

      {problem.status === 'open' &&
        (mayDecide ? (
          <DecisionForm problemId={problem.id} held={job.held} insurance={job.insurance} />
        ) : (
          <section aria-labelledby="decision-title" className="card">
            <h2 id="decision-title">{t('problems.decisionTitle')}</h2>
            <p>{t('problems.financeDecides')}</p>
          </section>
        ))}
    </section>
  );
}

function Statement({ statement, packageName }: { statement: ProblemStatement; packageName: (id: number) => string }) {
  const { t, i18n } = useTranslation();
  const party = t(`problems.parties.${statement.party}`);
  return (
    <article className="statement">
      <p className="muted">{t('problems.writtenAt', { when: formatWhen(statement.created_at, i18n.language) })}</p>
      <p className="statement-text">{statement.text}</p>
      {statement.photos.length > 0 && (
        <ul className="photo-list">
          {statement.photos.map((ph, i) => (
            <li key={ph.id}>
              <CasePhoto url={ph.url} label={ph.package_id === null ? t('problems.photoOf', { n: i + 1, party }) : t('problems.photoOfPackage', { n: i + 1, party, package: packageName(ph.package_id) })} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

function Timeline({ data }: { data: ProblemCase }) {
  const { t, i18n } = useTranslation();
  // In time order whatever order the server sent (entries of the same second keep theirs).
  const entries = [...data.timeline].sort((a, b) => a.at - b.at);
  if (entries.length === 0) return <p>{t('problems.noTimeline')}</p>;
  return (
    <ol className="timeline">
      {entries.map((e, i) => (
        <li key={`${e.at}-${i}`}>
          <p className="timeline-head">
            <time dateTime={new Date(e.at * 1000).toISOString()}>{formatWhen(e.at, i18n.language)}</time> · {t(`problems.actors.${e.actor}`)} · {t(`problems.timelineKinds.${e.kind}`)}
          </p>
          {e.text && <p className="timeline-text">{e.text}</p>}
          {e.photos.length > 0 && (
            <ul className="photo-list">
              {e.photos.map((ph) => (
                <li key={ph.url}>
                  <CasePhoto url={ph.url} label={ph.label} />
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

function Positions({ positions }: { positions: ProblemCase['positions'] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (positions.length === 0) return <p>{t('problems.positionsNone')}</p>;
  const first = positions[0]!;
  const last = positions[positions.length - 1]!;
  return (
    <>
      <p>{t('problems.positionsSummary', { count: positions.length, first: formatWhen(first.at, lang), last: formatWhen(last.at, lang) })}</p>
      <details>
        <summary>{t('problems.positionsList')}</summary>
        <div className="table-scroll" role="region" aria-label={t('problems.positionsList')} tabIndex={0}>
          <table className="offers-table">
            <thead>
              <tr>
                <th scope="col">{t('problems.at')}</th>
                <th scope="col">{t('problems.latLng')}</th>
              </tr>
            </thead>
            <tbody>
              {positions.map((p, i) => (
                <tr key={`${p.at}-${i}`}>
                  <td>{formatWhen(p.at, lang)}</td>
                  <td>
                    {p.lat.toFixed(5)}, {p.lng.toFixed(5)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
