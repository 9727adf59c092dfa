import { driverCancelSchema } from '@vm/domain/cancellation';
import { TextAreaField } from '@vm/ui/field.tsx';
import { Modal } from '@vm/ui/modal.tsx';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/form.ts';
import { useGiveBack } from './api.ts';

/**
 * Issue 22: "Give this job back", with a required reason (3 to 500 characters) and a confirmation
 * that says what follows: the sender refunded in full, the job open for offers again. Afterwards the
 * job is gone from my jobs.
 */
export function GiveBack({ shipmentId, onGivenBack }: { shipmentId: number; onGivenBack: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="run-give-back">
      <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
        {t('myJobs.giveBack.open')}
      </button>
      {open && <GiveBackDialog shipmentId={shipmentId} onClose={() => setOpen(false)} onGivenBack={onGivenBack} />}
    </div>
  );
}

function GiveBackDialog({ shipmentId, onClose, onGivenBack }: { shipmentId: number; onClose: () => void; onGivenBack: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const giving = useGiveBack(shipmentId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failed, setFailed] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  function submit(ev: FormEvent) {
    ev.preventDefault();
    if (giving.isPending) return;
    const parsed = driverCancelSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message === 'too_long' ? t('myJobs.giveBack.tooLong') : t('myJobs.giveBack.tooShort'));
      field.current?.focus();
      return;
    }
    setError(undefined);
    setFailed(null);
    giving.mutate(parsed.data.reason, {
      onSuccess: () => {
        toast(t('myJobs.giveBack.done'), 'success', TOAST_MS.long);
        onGivenBack();
      },
      onError: (err) => setFailed(t('myJobs.giveBack.failed', { reason: errorText(err) })),
    });
  }

  return (
    <Modal open title={t('myJobs.giveBack.title')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p>{t('myJobs.giveBack.intro')}</p>
        <p className="notice" data-testid="give-back-effect">
          {t('myJobs.giveBack.effect')}
        </p>
        <TextAreaField
          label={t('myJobs.giveBack.reason')}
          hint={t('myJobs.giveBack.reasonHint')}
          value={reason}
          onChange={(ev) => setReason(ev.target.value)}
          error={error}
          required
          ref={field}
        />
        {failed && (
          <p role="alert" className="form-error">
            {failed}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button button-danger" disabled={giving.isPending}>
            {t('myJobs.giveBack.confirm')}
          </button>
          <button type="button" className="button button-ghost" onClick={onClose} disabled={giving.isPending}>
            {t('myJobs.giveBack.keep')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
