import type { InvoiceRead } from '@vm/domain/invoices';
import { formatEuro } from '@vm/domain/insurance';
import type { TFunction } from 'i18next';
import { type MouseEvent, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadUrl, freshAccessToken, linkToken, useInvoices } from '@vm/client/api/get-invoices.ts';
import { localeTag } from '@vm/client/locale.ts';
import { onTokenChange, readToken } from '@vm/client/token-store.ts';

// Issue 22: the sender's invoices and credit notes, with their PDF and Peppol UBL downloads, paid
// or open. A table on wide screens; on a phone each row is a card (styles.css, .invoice-table).

/** Invoices are dated on the Belgian calendar, as DD/MM/YYYY (SPEC section 5). */
function day(seconds: number): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Brussels', day: '2-digit', month: '2-digit', year: 'numeric' })
      .formatToParts(seconds * 1000)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year}`;
}

/** The wire carries euros with 2 decimals; the domain formats cents. */
const euro = (euros: number) => formatEuro(Math.round(euros * 100), localeTag());

const newestFirst = (a: InvoiceRead, b: InvoiceRead) => b.issued_at - a.issued_at || b.id - a.id;

/** The stored access token, followed as it is renewed (in this tab or another). */
const useAccessToken = () => useSyncExternalStore(onTokenChange, () => readToken()?.access_token ?? null);

function kindText(inv: InvoiceRead, t: TFunction): string {
  switch (inv.kind) {
    case 'credit_note':
    case 'self_billed_credit_note':
      return inv.corrects ? t('invoices.corrects', { number: inv.corrects }) : t(`invoices.kinds.${inv.kind}`);
    case 'invoice':
    case 'self_billed_invoice':
      return t(`invoices.kinds.${inv.kind}`);
  }
}

export function InvoicesPage() {
  const { t } = useTranslation();
  const invoices = useInvoices();
  const token = useAccessToken();
  const [downloadFailed, setDownloadFailed] = useState(false);

  /**
   * A link carries the token it was drawn with. When that token has expired (the page was left
   * open), the click renews it first and then follows the link with the new one.
   */
  function follow(e: MouseEvent<HTMLAnchorElement>, url: string, filename: string) {
    setDownloadFailed(false);
    if (linkToken()) return;
    e.preventDefault();
    void freshAccessToken().then((fresh) => {
      if (!fresh) return setDownloadFailed(true);
      const a = document.createElement('a');
      a.href = downloadUrl(url, fresh);
      a.download = filename;
      a.click();
    });
  }

  const list = [...(invoices.data?.invoices ?? [])].sort(newestFirst);
  const columns = (key: string) => t(`invoices.columns.${key}`);
  return (
    <section className="page invoices-page">
      <p>
        <Link to="/account">{t('invoices.back')}</Link>
      </p>
      <h1>{t('invoices.title')}</h1>
      <p className="muted">{t('invoices.intro')}</p>
      {invoices.isPending ? (
        <p className="loading" role="status">
          {t('invoices.loading')}
        </p>
      ) : invoices.isError ? (
        <div role="alert" className="form-error">
          <p>{t('invoices.failed')}</p>
          <button type="button" className="button button-secondary" onClick={() => void invoices.refetch()}>
            {t('invoices.retry')}
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className="muted">{t('invoices.empty')}</p>
      ) : (
        <>
          {downloadFailed && (
            <p role="alert" className="form-error">
              {t('invoices.downloadFailed')}
            </p>
          )}
          <table className="invoice-table">
            <caption className="visually-hidden">{t('invoices.caption')}</caption>
            <thead>
              <tr>
                {['number', 'kind', 'job', 'issued', 'total', 'status', 'downloads'].map((key) => (
                  <th key={key} scope="col">
                    {columns(key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.map((inv) => (
                <tr key={inv.id} data-testid={`invoice-${inv.number}`}>
                  <th scope="row" className="invoice-number">
                    {inv.number}
                  </th>
                  <td className="invoice-kind">{kindText(inv, t)}</td>
                  <td data-label={columns('job')}>{inv.shipment_id === null ? inv.reference : <Link to={`/jobs/${inv.shipment_id}`}>{inv.reference}</Link>}</td>
                  <td data-label={columns('issued')}>
                    <time dateTime={new Date(inv.issued_at * 1000).toISOString().slice(0, 10)}>{day(inv.issued_at)}</time>
                  </td>
                  <td data-label={columns('total')} className="invoice-total">
                    {euro(inv.total)}
                  </td>
                  <td className="invoice-status">
                    <span className={`badge badge-invoice-${inv.status}`}>{t(`invoices.status.${inv.status}`)}</span>
                    {inv.status === 'open' && (
                      <span className="invoice-to-pay">
                        {inv.due_at !== null && <span>{t('invoices.dueOn', { date: day(inv.due_at) })}</span>}
                        {inv.payable > 0 && inv.payable !== inv.total && <span>{t('invoices.payable', { amount: euro(inv.payable) })}</span>}
                        {inv.payment_communication && <span>{t('invoices.communication', { communication: inv.payment_communication })}</span>}
                      </span>
                    )}
                  </td>
                  <td className="invoice-downloads">
                    <DownloadLink url={inv.pdf_url} token={token} filename={`${inv.number}.pdf`} label={t('invoices.downloadPdf', { number: inv.number })} text={t('invoices.pdf')} follow={follow} />
                    {inv.ubl_url && <DownloadLink url={inv.ubl_url} token={token} filename={`${inv.number}.xml`} label={t('invoices.downloadUbl', { number: inv.number })} text={t('invoices.ubl')} follow={follow} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

type DownloadProps = {
  url: string;
  token: string | null;
  filename: string;
  /** The accessible name: names the document, and contains the visible text (WCAG 2.5.3). */
  label: string;
  text: string;
  follow: (e: MouseEvent<HTMLAnchorElement>, url: string, filename: string) => void;
};

function DownloadLink({ url, token, filename, label, text, follow }: DownloadProps) {
  return (
    <a href={downloadUrl(url, token ?? undefined)} download={filename} aria-label={label} onClick={(e) => follow(e, url, filename)}>
      {text}
    </a>
  );
}
