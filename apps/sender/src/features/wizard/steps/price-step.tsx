import { formatEuro } from '@vm/domain/insurance';
import type { CostBreakdownCents } from '@vm/domain/pricing';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '@vm/ui/choice-group.tsx';
import { localeTag } from '@vm/client/locale.ts';
import { priceBandQueryFor } from '../api/get-price-band.ts';
import { PriceBand } from '../components/price-band.tsx';
import { estimateFor } from '../estimate.ts';
import type { WizardState } from '../wizard-state.ts';

/** SPEC section 2, step 5: a cost table, what others paid for similar jobs, the offer list, then the choice of how the price is set. */
export function PriceStep({ state, now }: { state: WizardState; now: Date }) {
  const { t } = useTranslation();
  const estimate = estimateFor(state, now);
  const euro = (cents: number) => formatEuro(cents, localeTag());
  // An estimate is a range: each line of the table gives both ends, or one amount where they meet.
  const line = (of: (c: CostBreakdownCents) => number) => {
    if (!estimate) return '';
    const [low, high] = [of(estimate.low), of(estimate.high)];
    return low === high ? euro(low) : `${euro(low)} – ${euro(high)}`;
  };
  return (
    <div className="price-step">
      {estimate && (
        <>
          <div className="notice-info" data-testid="price-estimate">
            <p>
              <strong>{t('wizard.estimate', { low: euro(estimate.low.total.aftertaxes), high: euro(estimate.high.total.aftertaxes) })}</strong>
            </p>
            <p className="muted">{t('wizard.estimateNote', { km: estimate.km })}</p>
          </div>
          <table className="cost-table" data-testid="estimate-costs">
            <caption>{t('wizard.costsCaption')}</caption>
            <tbody>
              <tr>
                <th scope="row">{t('job.transportCost')}</th>
                <td>{line((c) => c.route)}</td>
              </tr>
              <tr>
                <th scope="row">{t('job.insuranceCost')}</th>
                <td>{line((c) => c.insurance)}</td>
              </tr>
              <tr>
                <th scope="row">{t('job.vat', { percent: estimate.low.vat.percent })}</th>
                <td>{line((c) => c.vat.amount)}</td>
              </tr>
              <tr className="cost-total">
                <th scope="row">{t('job.total', { percent: estimate.low.vat.percent })}</th>
                <td>{line((c) => c.total.aftertaxes)}</td>
              </tr>
            </tbody>
          </table>
        </>
      )}
      <PriceBand query={priceBandQueryFor(state)} />
      <section className="estimate-offers" aria-labelledby="estimate-offers-title">
        <h2 id="estimate-offers-title">{t('wizard.offersTitle')}</h2>
        {/* A job being changed already has its offers; the booking's "none yet" would be wrong there. */}
        <p className="muted">{state.editing ? t('booking.openOffers', { count: state.editing.openOffers }) : t('wizard.offersEmpty')}</p>
      </section>
      <ChoiceGroup
        legend={t('wizard.priceTitle')}
        name="price-kind"
        value="offers"
        options={[
          { value: 'fixed', label: t('wizard.fixedPrice'), disabled: true },
          { value: 'offers', label: t('wizard.driversOffer') },
        ]}
        onChange={() => undefined}
      />
    </div>
  );
}
