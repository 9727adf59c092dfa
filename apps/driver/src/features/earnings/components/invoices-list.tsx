import './invoices-list.css';
import type { InvoiceRead } from '@vm/domain/invoices';
import { useTranslation } from 'react-i18next';
import { euro } from '../../../lib/euro.ts';
import { brusselsDateTime } from '../format.ts';
import { downloadUrl, useInvoices } from '../invoices-api.ts';

/**
 * The driver's self-billed invoices (issue 22): Vrachtmarkt draws them up in the driver's name for
 * every released job, under the self-billing agreement. Each with its number, job, date, total and
 * status, and the PDF (and the Peppol UBL where there is one) to download.
 */
export function InvoicesList() {
  const { t } = useTranslation();
  const invoices = useInvoices();
  return (
    <section aria-labelledby="invoices-heading" className="card earnings-invoices">
      <h2 id="invoices-heading">{t('invoices.title')}</h2>
      <p className="muted">{t('invoices.intro')}</p>
      {invoices.isError && (
        <p role="alert" className="form-error">
          {t('invoices.loadFailed')}
        </p>
      )}
      {invoices.data &&
        (invoices.data.length === 0 ? (
          <p>{t('invoices.empty')}</p>
        ) : (
          <ul className="plain-list">
            {invoices.data.map((inv) => (
              <InvoiceItem key={inv.id} inv={inv} />
            ))}
          </ul>
        ))}
    </section>
  );
}

function InvoiceItem({ inv }: { inv: InvoiceRead }) {
  const { t } = useTranslation();
  const credit = inv.kind === 'credit_note' || inv.kind === 'self_billed_credit_note';
  return (
    <li className="earnings-invoice" data-testid="invoice">
      <p className="earnings-invoice-title">
        <strong>{t(credit ? 'invoices.creditNote' : 'invoices.invoice', { number: inv.number })}</strong>
      </p>
      <p className="job-meta">
        {t('invoices.job', { reference: inv.reference })} · {t('invoices.date', { date: brusselsDateTime(inv.issued_at).slice(0, 10) })}
      </p>
      <p>
        {t('invoices.total', { amount: euro(inv.total) })} · <span data-testid="invoice-status">{t(`invoices.status.${inv.status}`)}</span>
      </p>
      <p className="earnings-invoice-links">
        <a href={downloadUrl(inv.pdf_url)} target="_blank" rel="noopener" aria-label={t('invoices.pdfOf', { number: inv.number })}>
          {t('invoices.pdf')}
        </a>
        {inv.ubl_url && (
          <>
            {' · '}
            <a href={downloadUrl(inv.ubl_url)} download={`${inv.number}.xml`} aria-label={t('invoices.ublOf', { number: inv.number })}>
              {t('invoices.ubl')}
            </a>
          </>
        )}
      </p>
    </li>
  );
}
