import type { OfferRead } from '@vm/domain/offer';
import { useTranslation } from 'react-i18next';
import { euro } from './job-detail/format.ts';

/** SPEC section 2: Transport cost, Insurance, and the Total with its VAT percentage, after tax. */
export function CostTable({ offer }: { offer: OfferRead }) {
  const { t } = useTranslation();
  const c = offer.cost_breakdown_sender;
  return (
    <table className="cost-table">
      <caption className="visually-hidden">{t('job.costCaption')}</caption>
      <tbody>
        <tr>
          <th scope="row">{t('job.transportCost')}</th>
          <td>{euro(c.route)}</td>
        </tr>
        <tr>
          <th scope="row">{t('job.insuranceCost')}</th>
          <td>{euro(c.insurance)}</td>
        </tr>
        <tr>
          <th scope="row">{t('job.vat', { percent: c.vat.percent })}</th>
          <td>{euro(c.vat.amount)}</td>
        </tr>
        <tr className="cost-total">
          <th scope="row">{t('job.total', { percent: c.vat.percent })}</th>
          <td data-testid="total-aftertaxes">{euro(c.total.aftertaxes)}</td>
        </tr>
      </tbody>
    </table>
  );
}

export { euro };
