import { isLocale } from '@vm/domain/messages-nl';
import { SELF_BILLING_AGREEMENT } from '@vm/domain/self-billing-agreement';
import { FieldMessages, useFieldIds } from '@vm/ui/field.tsx';
import { useTranslation } from 'react-i18next';

// Issue 22: the self-billing agreement's checkbox with its text behind a disclosure, on the
// registration form and on the account page of a driver who joined before it existed.

type Props = { checked: boolean; onChange: (checked: boolean) => void; error?: string };

export function SelfBillingField({ checked, onChange, error }: Props) {
  const { t, i18n } = useTranslation();
  const ids = useFieldIds('self-billing', undefined, error);
  const language = i18n.language;
  const agreement = SELF_BILLING_AGREEMENT[isLocale(language) ? language : 'en'];
  return (
    <div className="field self-billing">
      <div className="field-check">
        <input id={ids.controlId} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} {...ids.aria} />
        <label htmlFor={ids.controlId}>{t('selfBilling.accept')}</label>
      </div>
      <details className="self-billing-text">
        <summary>{t('selfBilling.read')}</summary>
        <h3>{agreement.title}</h3>
        {agreement.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </details>
      <FieldMessages hint={undefined} error={error} errorId={ids.errorId} />
    </div>
  );
}
