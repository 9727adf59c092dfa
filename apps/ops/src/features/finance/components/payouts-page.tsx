import { OPS_PAYOUT_STATUSES, type OpsPayoutStatus } from '@vm/domain/ops-finance';
import { can } from '@vm/domain/staff-roles';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../../../lib/errors.ts';
import { useOpsSession } from '../../../lib/ops-session.ts';
import { usePayouts, useRunPayouts } from '../api/finance.ts';
import '../texts.ts';
import { formatEuros, formatMoment } from './format.ts';

/** Issue 23: payouts by status (failed first), money on hold for a reported problem, and "pay out now". */
export function PayoutsPage() {
  const { t, i18n } = useTranslation();
  const session = useOpsSession();
  const [status, setStatus] = useState<OpsPayoutStatus>('failed');
  const payouts = usePayouts(status);
  const run = useRunPayouts();
  const ranRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (run.data) ranRef.current?.focus();
  }, [run.data]);
  const language = i18n.language;
  const statusText = t(`finance.payouts.statuses.${status}`);
  const mayRun = can(session?.staff.role, 'handle_money');
  const runError = refusalText(run.error, t('finance.payouts.runFailed'));

  return (
    <section className="page" aria-labelledby="payouts-title">
      <h1 id="payouts-title">{t('finance.payouts.title')}</h1>
      <p>{t('finance.payouts.intro')}</p>
      {mayRun && (
        <section className="card" aria-labelledby="payouts-run-title">
          <h2 id="payouts-run-title">{t('finance.payouts.runTitle')}</h2>
          <p>{t('finance.payouts.runIntro')}</p>
          <button type="button" className="button button-primary" aria-disabled={run.isPending} aria-busy={run.isPending} onClick={() => !run.isPending && run.mutate()}>
            {t('finance.payouts.run')}
          </button>
          <p className="visually-hidden" role="status" aria-live="polite">
            {run.isPending ? t('finance.payouts.running') : ''}
          </p>
          {run.data && (
            <p className="notice" tabIndex={-1} ref={ranRef}>
              {t('finance.payouts.ran', { count: run.data.made })}
            </p>
          )}
          {runError && (
            <p className="form-error" role="alert">
              {runError}
            </p>
          )}
        </section>
      )}
      <div className="field">
        <label htmlFor="payouts-status">{t('finance.payouts.status')}</label>
        <select id="payouts-status" value={status} onChange={(e) => setStatus(e.target.value as OpsPayoutStatus)}>
          {OPS_PAYOUT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`finance.payouts.statuses.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {payouts.isPending ? (
        <p className="loading">{t('finance.loading')}</p>
      ) : payouts.isError ? (
        <p className="form-error">{t('finance.failed')}</p>
      ) : (
        <>
          {payouts.data.payouts.length === 0 ? (
            <p>{t('finance.payouts.empty')}</p>
          ) : (
            <div className="table-scroll" role="region" aria-labelledby="payouts-caption" tabIndex={0}>
              <table className="offers-table">
                <caption id="payouts-caption">{t('finance.payouts.caption', { status: statusText })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('finance.payouts.driver')}</th>
                    <th scope="col">{t('finance.payouts.amount')}</th>
                    <th scope="col">{t('finance.payouts.iban')}</th>
                    {status === 'failed' && <th scope="col">{t('finance.payouts.reason')}</th>}
                    <th scope="col">{t('finance.payouts.when')}</th>
                  </tr>
                </thead>
                <tbody>
                  {payouts.data.payouts.map((p) => (
                    <tr key={p.id}>
                      <th scope="row">
                        {p.driver.name}
                        <br />
                        <span className="muted">{p.driver.email}</span>
                      </th>
                      <td>{formatEuros(p.amount, language)}</td>
                      <td>{t('finance.payouts.ibanEnding', { last4: p.iban_last4 })}</td>
                      {status === 'failed' && <td>{p.failure_reason ?? t('finance.none')}</td>}
                      <td>{formatMoment(p.updated_at, language)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <section aria-labelledby="on-hold-title">
            <h2 id="on-hold-title">{t('finance.payouts.onHoldTitle')}</h2>
            {payouts.data.on_hold.length === 0 ? (
              <p>{t('finance.payouts.onHoldEmpty')}</p>
            ) : (
              <div className="table-scroll" role="region" aria-labelledby="on-hold-caption" tabIndex={0}>
                <table className="offers-table">
                  <caption id="on-hold-caption">{t('finance.payouts.onHoldCaption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('finance.payouts.reference')}</th>
                      <th scope="col">{t('finance.payouts.driver')}</th>
                      <th scope="col">{t('finance.payouts.amount')}</th>
                      <th scope="col">{t('finance.payouts.since')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {payouts.data.on_hold.map((h) => (
                      <tr key={h.shipment_id}>
                        <th scope="row">{h.reference}</th>
                        <td>{h.driver_name}</td>
                        <td>{formatEuros(h.amount, language)}</td>
                        <td>{formatMoment(h.since, language)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
    </section>
  );
}
