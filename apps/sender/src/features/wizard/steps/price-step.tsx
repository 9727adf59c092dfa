import { formatEuro } from '@vm/domain/insurance';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '@vm/ui/choice-group.tsx';
import { estimateFor } from '../estimate.ts';
import type { WizardState } from '../wizard-state.ts';
import { localeTag } from '@vm/client/locale.ts';

export function PriceStep({ state, now }: { state: WizardState; now: Date }) {
  const { t } = useTranslation();
  const estimate = estimateFor(state, now);
  return (
    <div>
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
      {estimate && (
        <div className="notice-info" data-testid="price-estimate">
          <p>
            <strong>{t('wizard.estimate', { low: formatEuro(estimate.low, localeTag()), high: formatEuro(estimate.high, localeTag()) })}</strong>
          </p>
          <p className="muted">{t('wizard.estimateNote', { km: estimate.km })}</p>
        </div>
      )}
    </div>
  );
}
