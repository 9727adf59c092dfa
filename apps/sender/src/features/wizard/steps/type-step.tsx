import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '@vm/ui/choice-group.tsx';
import { clearPhotos } from '../photo-store.ts';
import { setWizard, type WizardState } from '../wizard-state.ts';

const TYPES = ['small', 'medium', 'large', 'custom'] as const;

export function TypeStep({ state, error }: { state: WizardState; error?: string }) {
  const { t } = useTranslation();
  return (
    <ChoiceGroup
      legend={t('wizard.steps.type')}
      name="package-type"
      cards
      value={state.type}
      error={error}
      options={TYPES.map((v) => ({ value: v, label: `${t(`wizard.types.${v}.name`)} · ${t(`wizard.types.${v}.text`)}`, hint: t(`wizard.types.${v}.example`) }))}
      onChange={(type) => {
        // Choosing a type starts a new package (SPEC section 2).
        clearPhotos();
        setWizard((s) => ({ ...s, type, description: '', items: [] }));
      }}
    />
  );
}
