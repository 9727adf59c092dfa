import { useTranslation } from 'react-i18next';
import { InsuranceChoices } from '../../../components/insurance-choices.tsx';
import { setWizard, type WizardState } from '../wizard-state.ts';

export function InsuranceStep({ state }: { state: WizardState }) {
  const { t } = useTranslation();
  return <InsuranceChoices legend={t('wizard.insuranceTitle')} value={state.insurance} onChange={(insurance) => setWizard((s) => ({ ...s, insurance }))} />;
}
