import { formatEuro, INSURANCE, INSURANCE_CHOICES, withVatCents } from '@vm/domain/insurance';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '../components/choice-group.tsx';
import { setWizard, type WizardState } from '../wizard-state.ts';

export function InsuranceStep({ state }: { state: WizardState }) {
  const { t } = useTranslation();
  return (
    <ChoiceGroup
      legend={t('wizard.insuranceTitle')}
      name="insurance"
      cards
      value={state.insurance}
      options={INSURANCE_CHOICES.map((c) => ({
        value: c,
        label: t(`wizard.insurance.${c}`),
        hint: INSURANCE[c].premiumCents ? t('wizard.premium', { price: formatEuro(withVatCents(INSURANCE[c].premiumCents)) }) : t('wizard.included'),
      }))}
      onChange={(insurance) => setWizard((s) => ({ ...s, insurance }))}
    />
  );
}
