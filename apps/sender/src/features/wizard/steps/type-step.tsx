import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '@vm/ui/choice-group.tsx';
import { clearPhotos } from '../photo-store.ts';
import { setWizard, type WizardState } from '../wizard-state.ts';

const TYPES = ['small', 'medium', 'large', 'custom'] as const;

/** Step 1; a job being changed keeps its type (the load decides who can carry it). */
export function TypeStep({ state, error, locked = false }: { state: WizardState; error?: string; locked?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {locked && <p className="notice-info">{t('booking.typeLocked')}</p>}
      <ChoiceGroup
        legend={t('wizard.steps.type')}
        name="package-type"
        cards
        value={state.type}
        error={error}
        options={TYPES.map((v) => ({ value: v, label: `${t(`wizard.types.${v}.name`)} · ${t(`wizard.types.${v}.text`)}`, hint: t(`wizard.types.${v}.example`), disabled: locked && v !== state.type }))}
        onChange={(type) => {
          if (locked) return;
          // Choosing a type starts a new package (SPEC section 2).
          clearPhotos();
          setWizard((s) => ({ ...s, type, description: '', items: [] }));
        }}
      />
    </>
  );
}
