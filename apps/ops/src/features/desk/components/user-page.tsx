import type { OpsUserView, ProposalRead } from '@vm/domain/restrictions';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useOpsSession } from '../../../lib/ops-session.ts';
import { useOpsUser } from '../api/desk.ts';
import '../texts.ts';
import '../desk.css';
import { formatDate, formatEuros, formatWhen, mayRestrict } from './format.ts';
import { stateLabel } from '../../../lib/state-label.ts';
import { PageNotice } from './page-notice.tsx';
import { RestrictForm } from './restrict-form.tsx';
import { asLocale, RestrictionCard } from './restriction-card.tsx';

/** Issue 23 part 2: one user as the support desk reads them (the server audits each view), and restricting them. */
export function UserPage() {
  const { id } = useParams();
  const userId = Number(id);
  if (!Number.isSafeInteger(userId) || userId < 1) return <Navigate to="/search" replace />;
  return <UserView key={userId} userId={userId} />;
}

function UserView({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const user = useOpsUser(userId);
  if (user.isPending) return <p className="loading">{t('loading')}</p>;
  if (user.isError)
    return (
      <section className="page desk">
        <h1>{t('desk.notFoundTitle')}</h1>
        <p className="form-error" role="alert">
          {t('desk.notFound')}
        </p>
        <Link to="/search">{t('desk.backToSearch')}</Link>
      </section>
    );
  return <Profile data={user.data} />;
}

function Profile({ data }: { data: OpsUserView }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const session = useOpsSession();
  const mayAct = mayRestrict(session?.staff.role);
  const { user } = data;
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
  const driver = user.role === 'driver';
  const locale = asLocale(user.locale);
  const eur = (n: number) => formatEuros(n, lang);
  const [lifted, setLifted] = useState(0);
  const standingClass = data.standing === 'none' ? 'badge-status-approved' : data.standing === 'restricted' ? 'badge-status-pending' : 'badge-status-refused';

  return (
    <section className="page desk desk-user" aria-labelledby="user-title">
      <p>
        <Link to="/search">{t('desk.backToSearch')}</Link>
      </p>
      <h1 id="user-title">{name}</h1>
      <p>
        {t(`desk.roles.${user.role}`)} · {t('desk.standing')}: <span className={`badge ${standingClass}`}>{t(`desk.standings.${data.standing}`)}</span>
      </p>

      <section className="card" aria-labelledby="person-title">
        <h2 id="person-title">{t('desk.person')}</h2>
        <dl className="review-list">
          <dt>{t('desk.col.name')}</dt>
          <dd>{name}</dd>
          <dt>{t('desk.col.email')}</dt>
          <dd>
            <a href={`mailto:${user.email}`}>{user.email}</a>
          </dd>
          <dt>{t('desk.col.phone')}</dt>
          <dd>{user.cellphone ? <a href={`tel:${user.cellphone}`}>{user.cellphone}</a> : '—'}</dd>
          <dt>{t('desk.col.role')}</dt>
          <dd>{t(`desk.roles.${user.role}`)}</dd>
          <dt>{t('desk.language')}</dt>
          <dd>{t(`desk.languages.${locale}`)}</dd>
          <dt>{t('desk.registered')}</dt>
          <dd>{formatDate(user.created_at, lang)}</dd>
          <dt>{t('desk.col.company')}</dt>
          <dd>
            {user.company ? (
              <>
                {user.company.name} · {user.company.vat}
                <br />
                {user.company.address}
                <br />
                <a href={`mailto:${user.company.email}`}>{user.company.email}</a>
                {user.company.invoice_status && (
                  <>
                    <br />
                    {t('desk.invoiceStatus')}: {user.company.invoice_status}
                  </>
                )}
              </>
            ) : (
              t('desk.noCompany')
            )}
          </dd>
          {data.given_back && (
            <>
              <dt>{t('desk.givenBack')}</dt>
              <dd>{t('desk.givenBackText', { total: data.given_back.total, last: data.given_back.last_90_days })}</dd>
            </>
          )}
        </dl>
      </section>

      {mayAct ? (
        <RestrictForm userId={user.id} name={name} />
      ) : (
        <p className="notice-info">{t('desk.readOnly')}</p>
      )}

      <section aria-labelledby="restrictions-title">
        <h2 id="restrictions-title">{t('desk.restrictionsTitle')}</h2>
        {lifted > 0 && <PageNotice key={lifted} text={t('desk.lifted')} />}
        {data.restrictions.length === 0 ? (
          <p className="muted">{t('desk.noRestrictions')}</p>
        ) : (
          data.restrictions.map((r) => (
            <RestrictionCard key={r.id} restriction={r} mayLift={mayAct} linkUser={false} headingLevel={3} statementFor={{ locale, business: driver || !!user.company }} onLifted={() => setLifted((n) => n + 1)} />
          ))
        )}
      </section>

      <section aria-labelledby="proposals-title">
        <h2 id="proposals-title">{t('desk.proposalsTitle')}</h2>
        <ProposalsTable proposals={data.proposals} mayAct={mayAct} />
      </section>

      <section aria-labelledby="history-title">
        <h2 id="history-title">{t('desk.history')}</h2>
        <HistoryTable
          id="shipments"
          caption={t(driver ? 'desk.historyCaption.shipmentsDriver' : 'desk.historyCaption.shipmentsSender', { count: data.shipments.length })}
          headers={['reference', 'number', 'state', 'created']}
          rows={data.shipments.map((s) => [s.id, <th scope="row">{s.reference}</th>, <td>{s.id}</td>, <td>{stateLabel(s.state, lang)}</td>, <td>{formatWhen(s.created_at, lang)}</td>])}
        />
        <HistoryTable
          id="payments"
          caption={t('desk.historyCaption.payments', { count: data.payments.length })}
          headers={['payment', 'shipment', 'amount', 'method', 'status', 'providerRef', 'created']}
          rows={data.payments.map((p) => [
            p.id,
            <th scope="row">{p.id}</th>,
            <td>{p.shipment_id}</td>,
            <td className="amount">{eur(p.amount)}</td>,
            <td>{p.method}</td>,
            <td>{p.status}</td>,
            <td className="wrap">{p.provider_ref ?? '—'}</td>,
            <td>{formatWhen(p.created_at, lang)}</td>,
          ])}
        />
        <HistoryTable
          id="invoices"
          caption={t('desk.historyCaption.invoices', { count: data.invoices.length })}
          headers={['number', 'kind', 'shipment', 'total', 'issued']}
          rows={data.invoices.map((i) => [i.id, <th scope="row">{i.number}</th>, <td>{i.kind}</td>, <td>{i.shipment_id ?? '—'}</td>, <td className="amount">{eur(i.total)}</td>, <td>{i.issue_date}</td>])}
        />
        {driver && (
          <HistoryTable
            id="offers"
            caption={t('desk.historyCaption.offers', { count: data.offers.length })}
            headers={['reference', 'price', 'status', 'offered']}
            rows={data.offers.map((o) => [
              o.id,
              <th scope="row">{o.reference}</th>,
              <td className="amount">{eur(o.price)}</td>,
              <td>{t(`desk.offerStates.${o.state}`, { defaultValue: o.state })}</td>,
              <td>{formatWhen(o.created_at, lang)}</td>,
            ])}
          />
        )}
      </section>
    </section>
  );
}

/** A captioned history table; the first cell of each row is its key, the rest are the cells. */
function HistoryTable({ id, caption, headers, rows }: { id: string; caption: string; headers: string[]; rows: [number, ...ReactNode[]][] }) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <table className="offers-table">
        <caption id={`${id}-caption`}>{caption}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {t(`desk.col.${h}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={headers.length}>{t('desk.emptyList')}</td>
            </tr>
          ) : (
            rows.map(([key, ...cells]) => <tr key={key}>{cells.map((c, i) => <Cell key={i}>{c}</Cell>)}</tr>)
          )}
        </tbody>
      </table>
    </div>
  );
}

const Cell = ({ children }: { children: ReactNode }) => <>{children}</>;

function ProposalsTable({ proposals, mayAct }: { proposals: ProposalRead[]; mayAct: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (proposals.length === 0) return <p className="muted">{t('desk.noProposals')}</p>;
  return (
    <div className="table-scroll" role="region" aria-labelledby="user-proposals-caption" tabIndex={0}>
      <table className="offers-table">
        <caption id="user-proposals-caption">{t('desk.historyCaption.proposals', { count: proposals.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('desk.proposedAt')}</th>
            <th scope="col">{t('desk.col.kind')}</th>
            <th scope="col">{t('desk.col.signal')}</th>
            <th scope="col">{t('desk.col.status')}</th>
            <th scope="col">{t('desk.col.decidedBy')}</th>
            <th scope="col">{t('desk.col.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {proposals.map((p) => (
            <tr key={p.id}>
              <th scope="row">{formatWhen(p.created_at, lang)}</th>
              <td>{t(`desk.kinds.${p.kind}`)}</td>
              <td>{t('desk.signalGivenBack', { count: p.count, days: p.window_days })}</td>
              <td>
                {t(`desk.proposalStatuses.${p.status}`)}
                {p.status === 'open' && mayAct && (
                  <>
                    {' '}
                    · <Link to="/restrictions">{t('desk.decideOnPage')}</Link>
                  </>
                )}
              </td>
              <td>{p.decided_by?.name ?? '—'}</td>
              <td className="statement-text">{p.decision_reason ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
