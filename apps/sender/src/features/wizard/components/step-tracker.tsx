import { useTranslation } from 'react-i18next';
import { STEPS, useWizard } from '../wizard-state.ts';

/** The six steps in the top bar on the create-job route (SPEC section 2). */
export function StepTracker() {
  const { t } = useTranslation();
  const step = useWizard().step;
  return (
    <ol className="steps" aria-label={t('nav.steps')}>
      {STEPS.map((s, i) => (
        <li key={s} className={i + 1 === step ? 'step-current' : i + 1 < step ? 'step-done' : ''} aria-current={i + 1 === step ? 'step' : undefined}>
          <span className="step-number">{i + 1}</span>
          <span className="step-name">{t(`wizard.steps.${s}`)}</span>
        </li>
      ))}
    </ol>
  );
}
