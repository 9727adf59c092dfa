import { useTranslation } from 'react-i18next';
import { euro } from './euro.ts';

/** Euros of one job as a driver is paid for it (the domain's driverEarnings, or the earnings read). */
export type Pay = { price: number; commission_percent: number; commission: number; vat_percent: number; vat: number; payable: number };

/**
 * What a driver is paid for a price: their price, the platform's commission off it, their VAT on
 * the rest (only when they charge VAT) and what they receive. The offer form shows it before
 * bidding, the earnings page for every job.
 */
export function PayBreakdown({ pay, caption, captionHidden = false, totalLabel }: { pay: Pay; caption: string; captionHidden?: boolean; totalLabel: string }) {
  const { t } = useTranslation();
  return (
    <table className="cost-table">
      <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
      <tbody>
        <tr>
          <th scope="row">{t('job.yourPrice')}</th>
          <td>{euro(pay.price)}</td>
        </tr>
        <tr>
          <th scope="row">{t('job.commission', { percent: pay.commission_percent })}</th>
          <td data-testid="commission">− {euro(pay.commission)}</td>
        </tr>
        {pay.vat_percent > 0 && (
          <tr>
            <th scope="row">{t('job.yourVat', { percent: pay.vat_percent })}</th>
            <td>+ {euro(pay.vat)}</td>
          </tr>
        )}
        <tr className="cost-total">
          <th scope="row">{totalLabel}</th>
          <td data-testid="driver-paid">{euro(pay.payable)}</td>
        </tr>
      </tbody>
    </table>
  );
}
