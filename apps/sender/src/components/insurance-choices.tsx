import { formatEuro, INSURANCE, INSURANCE_CHOICES, type InsuranceChoice, withVatCents } from '@vm/domain/insurance';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '@vm/ui/choice-group.tsx';
import { localeTag } from '@vm/client/locale.ts';

/** The insurance choices with their premium incl. VAT: the wizard's step and the job's Change dialog. */
export function InsuranceChoices({ legend, value, onChange }: { legend: string; value: InsuranceChoice | null; onChange: (c: InsuranceChoice) => void }) {
  const { t } = useTranslation();
  return (
    <ChoiceGroup
      legend={legend}
      name="insurance"
      cards
      value={value}
      options={INSURANCE_CHOICES.map((c) => ({
        value: c,
        label: t(`wizard.insurance.${c}`),
        // Own risk has no cover, so nothing is 'included': it says what it means instead.
        hint:
          INSURANCE[c].kind === 'own_risk'
            ? t('wizard.ownRiskHint')
            : INSURANCE[c].premiumCents
              ? t('wizard.premium', { price: formatEuro(withVatCents(INSURANCE[c].premiumCents), localeTag()) })
              : t('wizard.included'),
      }))}
      onChange={onChange}
    />
  );
}
