import './earnings.css';
import './texts.ts';
import { useTranslation } from 'react-i18next';
import { euro } from '../../lib/euro.ts';
import { PayBreakdown } from '../../lib/pay-breakdown.tsx';
import { useEarnings, type Earning } from './api.ts';
import { InvoicesList } from './components/invoices-list.tsx';
import { brusselsDateTime, dayText } from './format.ts';
import { statementPath, useDownloadStatement, useStatements } from './statements-api.ts';

/**
 * Earnings (issue 22 part 3): what the driver has held, on hold and released, then each accepted
 * job's price, the commission off it, their VAT, what they are paid and where that money is.
 * Released money goes out with the weekly payout (Mondays); the latest payouts are listed, a failed
 * one with its reason and what to do.
 */
export function EarningsPage() {
  const { t } = useTranslation();
  const earnings = useEarnings();
  const data = earnings.data;
  return (
    <section className="page page-narrow earnings-page">
      <h1>{t('earnings.title')}</h1>
      <p className="muted">{t('earnings.intro')}</p>
      {earnings.isError && (
        <p role="alert" className="form-error">
          {t('earnings.loadFailed')}
        </p>
      )}
      {data?.payout_setup && (
        <section aria-labelledby="payout-setup-heading" className="card earnings-setup" data-testid="payout-setup">
          <h2 id="payout-setup-heading">{t('earnings.payoutSetup.title')}</h2>
          <p>{t('earnings.payoutSetup.text')}</p>
          <p>
            <a href={data.payout_setup.url} rel="noopener noreferrer" className="button button-primary">
              {t('earnings.payoutSetup.link')}
            </a>
          </p>
        </section>
      )}
      {data && (
        <>
          <dl className="earnings-totals" aria-label={t('earnings.totals')}>
            <div className="earnings-total earnings-total-held">
              <dt>{t('earnings.total.held')}</dt>
              <dd data-testid="total-held">{euro(data.totals.held)}</dd>
            </div>
            <div className="earnings-total earnings-total-on_hold">
              <dt>{t('earnings.total.on_hold')}</dt>
              <dd data-testid="total-on-hold">{euro(data.totals.on_hold)}</dd>
            </div>
            <div className="earnings-total earnings-total-released">
              <dt>{t('earnings.total.released')}</dt>
              <dd data-testid="total-released">{euro(data.totals.released)}</dd>
            </div>
            <div className="earnings-total earnings-total-paid_out">
              <dt>{t('earnings.total.paid_out')}</dt>
              <dd data-testid="total-paid-out">{euro(data.totals.paid_out)}</dd>
            </div>
          </dl>
          {data.items.length === 0 ? (
            <p>{t('earnings.empty')}</p>
          ) : (
            <ul className="plain-list earnings-list">
              {data.items.map((item) => (
                <EarningCard key={item.shipment_id} item={item} />
              ))}
            </ul>
          )}
          <section aria-labelledby="payouts-heading" className="card earnings-payouts">
            <h2 id="payouts-heading">{t('earnings.payouts')}</h2>
            <p className="muted">{t('earnings.payoutsIntro')}</p>
            {data.payouts.length > 0 && (
              <ul className="plain-list">
                {data.payouts.map((p) => (
                  <li key={p.id} className={`earnings-payout earnings-payout-${p.status}`} data-testid="payout">
                    {t(`earnings.payout.${p.status}`, { amount: euro(p.amount), date: brusselsDateTime(p.created_at), reason: p.failure_reason ?? '' })}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <Statements />
        </>
      )}
      <InvoicesList />
    </section>
  );
}

/** The weekly statements: one download link per week, newest first. */
function Statements() {
  const { t } = useTranslation();
  const statements = useStatements();
  const download = useDownloadStatement();
  const weeks = statements.data?.weeks ?? [];
  return (
    <section aria-labelledby="statements-heading" className="card earnings-statements">
      <h2 id="statements-heading">{t('earnings.statements.title')}</h2>
      <p className="muted">{t('earnings.statements.intro')}</p>
      {statements.isError && (
        <p role="alert" className="form-error">
          {t('earnings.statements.loadFailed')}
        </p>
      )}
      {download.isError && (
        <p role="alert" className="form-error">
          {t('earnings.statements.downloadFailed')}
        </p>
      )}
      {statements.isSuccess && weeks.length === 0 && <p>{t('earnings.statements.empty')}</p>}
      {weeks.length > 0 && (
        <ul className="plain-list earnings-statement-list">
          {weeks.map((w) => {
            const range = { from: dayText(w.week), to: dayText(w.week_end) };
            return (
              <li key={w.week} className="earnings-statement" data-testid="statement">
                <span>
                  <strong>{t('earnings.statements.week', range)}</strong>
                  <br />
                  <span className="muted">{t('earnings.statements.summary', { count: w.jobs, amount: euro(w.payable) })}</span>
                </span>
                <a
                  href={statementPath(w.week)}
                  download={`statement-${w.week}.pdf`}
                  aria-label={t('earnings.statements.download', range)}
                  aria-busy={download.isPending && download.variables === w.week}
                  onClick={(e) => {
                    e.preventDefault();
                    download.mutate(w.week);
                  }}
                >
                  {t('earnings.statements.pdf')}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function EarningCard({ item }: { item: Earning }) {
  const { t } = useTranslation();
  const headingId = `earning-${item.shipment_id}`;
  return (
    <li className="card earnings-card">
      <h2 id={headingId} className="earnings-towns">
        {item.pickup_city} → {item.delivery_city}
      </h2>
      <p className="job-meta">
        {t('earnings.reference', { reference: item.reference })}
        {item.delivered_at !== null && <> · {t('earnings.deliveredAt', { date: brusselsDateTime(item.delivered_at) })}</>}
      </p>
      <PayBreakdown pay={item} caption={t('earnings.breakdown', { reference: item.reference })} captionHidden totalLabel={t('earnings.youArePaid')} />
      <p className={`earnings-status earnings-status-${item.status ?? 'unpaid'}`} data-testid="earning-status">
        {statusText(item, t)}
      </p>
    </li>
  );
}

function statusText(item: Earning, t: (key: string, options?: Record<string, unknown>) => string): string {
  switch (item.status) {
    case 'held':
      return item.expected_at === null ? t('earnings.status.heldUntilDelivery') : t('earnings.status.held', { date: brusselsDateTime(item.expected_at) });
    case 'on_hold':
      return t('earnings.status.on_hold');
    case 'released':
      return t('earnings.status.released', { date: item.expected_at === null ? '' : brusselsDateTime(item.expected_at) });
    case 'paid_out':
      return t('earnings.status.paid_out');
    case 'refunded':
      return t('earnings.status.refunded');
    default:
      return t('earnings.status.unpaid');
  }
}
