import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/form.ts';
import { SelfBillingField } from '../../../lib/self-billing-field.tsx';
import { useAcceptSelfBilling, useProfile } from '../api/onboarding.ts';

/**
 * Issue 22: a driver who joined before the self-billing agreement existed is asked to accept it
 * (their jobs get no self-billed invoice until then). Shown only while the profile has no acceptance.
 */
export function SelfBillingNotice() {
  const { t } = useTranslation();
  const toast = useToast();
  const profile = useProfile().data?.profile;
  const accept = useAcceptSelfBilling();
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (!profile || profile.self_billing_accepted_at !== null) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!checked) {
      setError('self_billing_required');
      return;
    }
    setError(undefined);
    try {
      await accept.mutateAsync();
      toast(t('selfBilling.accepted'), 'success');
    } catch (err) {
      toast(errorText(err), 'danger', TOAST_MS.long);
    }
  };

  return (
    <section className="card self-billing-notice" aria-labelledby="self-billing-heading">
      <h2 id="self-billing-heading">{t('selfBilling.noticeTitle')}</h2>
      <p>{t('selfBilling.noticeText')}</p>
      <form onSubmit={submit} noValidate>
        <SelfBillingField checked={checked} onChange={setChecked} error={error} />
        <button type="submit" className="button button-primary button-block" disabled={accept.isPending}>
          {t('selfBilling.submit')}
        </button>
      </form>
    </section>
  );
}
