import { OPS_INVOICE_STATUSES, type OpsInvoiceStatus } from '@vm/domain/ops-finance';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnpaidInvoices } from '../api/finance.ts';
import '../texts.ts';
import { formatDay, formatEuros, formatMoment } from './format.ts';

/** Issue 23: invoices paid by transfer and still unpaid, overdue first, with the reminders sent. */
export function UnpaidInvoicesPage() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<OpsInvoiceStatus>('overdue');
  const invoices = useUnpaidInvoices(status);
  const language = i18n.language;
  return (
    <section className="page" aria-labelledby="unpaid-invoices-title">
      <h1 id="unpaid-invoices-title">{t('finance.invoices.title')}</h1>
      <p>{t('finance.invoices.intro')}</p>
      <div className="field">
        <label htmlFor="invoices-status">{t('finance.invoices.status')}</label>
        <select id="invoices-status" value={status} onChange={(e) => setStatus(e.target.value as OpsInvoiceStatus)}>
          {OPS_INVOICE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`finance.invoices.statuses.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {invoices.isPending ? (
        <p className="loading">{t('finance.loading')}</p>
      ) : invoices.isError ? (
        <p className="form-error">{t('finance.failed')}</p>
      ) : invoices.data.invoices.length === 0 ? (
        <p>{t('finance.invoices.empty')}</p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="unpaid-invoices-caption" tabIndex={0}>
          <table className="offers-table">
            <caption id="unpaid-invoices-caption">{t('finance.invoices.caption', { status: t(`finance.invoices.statuses.${status}`) })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('finance.invoices.number')}</th>
                <th scope="col">{t('finance.invoices.company')}</th>
                <th scope="col">{t('finance.invoices.amount')}</th>
                <th scope="col">{t('finance.invoices.due')}</th>
                <th scope="col">{t('finance.invoices.overdue')}</th>
                <th scope="col">{t('finance.invoices.reminders')}</th>
              </tr>
            </thead>
            <tbody>
              {invoices.data.invoices.map((i) => (
                <tr key={i.id}>
                  <th scope="row">{i.number}</th>
                  <td>
                    {i.company}
                    <br />
                    <span className="muted">{i.email}</span>
                  </td>
                  <td>{formatEuros(i.amount, language)}</td>
                  <td>{formatDay(i.due_date, language)}</td>
                  <td>{i.days_overdue}</td>
                  <td>
                    {i.reminders}
                    {i.last_reminder_at !== null && <span className="muted"> ({t('finance.invoices.lastReminder', { when: formatMoment(i.last_reminder_at, language) })})</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
