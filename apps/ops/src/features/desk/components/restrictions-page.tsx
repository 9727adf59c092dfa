import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useOpsSession } from '../../../lib/ops-session.ts';
import { type RestrictionListStatus, useProposals, useRestrictions } from '../api/desk.ts';
import '../texts.ts';
import '../desk.css';
import { formatWhen, mayRestrict } from './format.ts';
import { PageNotice } from './page-notice.tsx';
import { ProposalDecisionForm } from './proposal-decision.tsx';
import { RestrictionCard } from './restriction-card.tsx';

const STATUSES: RestrictionListStatus[] = ['active', 'contested', 'all'];
const statusOf = (v: string | null): RestrictionListStatus => (v === 'contested' || v === 'all' ? v : 'active');

/** Issue 23 part 2: restrictions in force (or contested, or all) with lifting, and the open proposals a person decides. */
export function RestrictionsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const status = statusOf(params.get('status'));
  const session = useOpsSession();
  const mayAct = mayRestrict(session?.staff.role);
  const restrictions = useRestrictions(status);
  // What was just done here: the lifted restriction or the decided proposal may leave its list.
  const [notice, setNotice] = useState<{ key: string; n: number } | null>(null);
  const say = (key: string) => setNotice((old) => ({ key, n: (old?.n ?? 0) + 1 }));

  return (
    <section className="page desk" aria-labelledby="restrictions-page-title">
      <h1 id="restrictions-page-title">{t('desk.listTitle')}</h1>
      {!mayAct && <p className="notice-info">{t('desk.readOnly')}</p>}
      {notice && <PageNotice key={notice.n} text={t(notice.key)} />}
      <nav aria-label={t('desk.listFilter')} className="status-filter">
        <ul>
          {STATUSES.map((s) => (
            <li key={s}>
              <Link to={s === 'active' ? '/restrictions' : `/restrictions?status=${s}`} className="button button-ghost" aria-current={s === status ? 'page' : undefined}>
                {t(`desk.listStatuses.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {restrictions.isPending ? (
        <p className="loading">{t('loading')}</p>
      ) : restrictions.isError ? (
        <p className="form-error" role="alert">
          {t('desk.listFailed')}
        </p>
      ) : restrictions.data.restrictions.length === 0 ? (
        <p className="muted">{t(`desk.listEmpty.${status}`)}</p>
      ) : (
        <ul className="desk-list">
          {restrictions.data.restrictions.map((r) => (
            <li key={r.id}>
              <RestrictionCard restriction={r} mayLift={mayAct} linkUser headingLevel={2} onLifted={() => say('desk.lifted')} />
            </li>
          ))}
        </ul>
      )}
      <Proposals mayAct={mayAct} say={say} />
    </section>
  );
}

function Proposals({ mayAct, say }: { mayAct: boolean; say: (key: string) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const proposals = useProposals('open');
  return (
    <section aria-labelledby="proposals-title" className="desk-proposals">
      <h2 id="proposals-title">{t('desk.proposalsTitle')}</h2>
      <p>{t('desk.proposalsIntro')}</p>
      {proposals.isPending ? (
        <p className="loading">{t('loading')}</p>
      ) : proposals.isError ? (
        <p className="form-error" role="alert">
          {t('desk.proposalsFailed')}
        </p>
      ) : proposals.data.proposals.length === 0 ? (
        <p className="muted">{t('desk.noProposals')}</p>
      ) : (
        <ul className="desk-list">
          {proposals.data.proposals.map((p) => (
            <li key={p.id}>
              <article className="card proposal" aria-labelledby={`proposal-${p.id}-title`}>
                <h3 id={`proposal-${p.id}-title`}>{t('desk.proposalTitle', { id: p.id, kind: t(`desk.kinds.${p.kind}`).toLowerCase(), name: p.user.name })}</h3>
                <dl className="review-list">
                  <dt>{t('desk.col.user')}</dt>
                  <dd>
                    <Link to={`/users/${p.user.id}`}>{p.user.name || p.user.email}</Link> ({t(`desk.roles.${p.user.role}`)}, {p.user.email})
                  </dd>
                  <dt>{t('desk.col.signal')}</dt>
                  <dd>{t('desk.signalGivenBack', { count: p.count, days: p.window_days })}</dd>
                  <dt>{t('desk.proposedAt')}</dt>
                  <dd>{formatWhen(p.created_at, lang)}</dd>
                </dl>
                {mayAct && <ProposalDecisionForm proposal={p} onDecided={(d) => say(d.status === 'accepted' ? 'desk.accepted' : 'desk.declined')} />}
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
