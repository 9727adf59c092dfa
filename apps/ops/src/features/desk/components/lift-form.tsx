import { RESTRICTION_REASON_MAX, type RestrictionKind } from '@vm/domain/restrictions';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '@vm/ui/field.tsx';
import { fieldErrorOf, refusalText } from '../../../lib/errors.ts';
import { useLift } from '../api/desk.ts';
import { reasonError } from './format.ts';

/** "Opheffen": an active restriction lifted with its own reason (the user reads it); support and admins only. */
export function LiftForm({ restrictionId, kind, name, onLifted }: { restrictionId: number; kind: RestrictionKind; name: string; onLifted: () => void }) {
  const { t } = useTranslation();
  const lift = useLift(restrictionId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const reasonInput = useRef<HTMLTextAreaElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const serverReason = fieldErrorOf(lift.error, 'reason');
  useEffect(() => {
    if (open) reasonInput.current?.focus();
  }, [open, serverReason]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (lift.isPending) return;
    lift.reset();
    const problem = reasonError(reason);
    setError(problem);
    if (problem) {
      reasonInput.current?.focus();
      return;
    }
    lift.mutate(reason.trim(), { onSuccess: onLifted });
  };
  const refusal = refusalText(lift.error, t('desk.liftFailed')) ?? (lift.error && !serverReason ? lift.error.message : null);
  const title = t('desk.liftTitle', { kind: t(`desk.kinds.${kind}`).toLowerCase() });

  return (
    <div className="lift">
      <button
        ref={toggle}
        type="button"
        className="button button-secondary"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        aria-label={`${t('desk.lift')}: ${t('desk.restrictionOf', { kind: t(`desk.kinds.${kind}`), name })}`}
        onClick={() => setOpen((o) => !o)}
      >
        {t('desk.lift')}
      </button>
      {open && (
        <form id={formId} onSubmit={submit} noValidate aria-label={title} className="lift-form">
          {refusal && (
            <p className="form-error" role="alert">
              {refusal}
            </p>
          )}
          <TextAreaField
            ref={reasonInput}
            name="lift-reason"
            label={t('desk.liftReasonLabel')}
            hint={t('desk.reasonHint')}
            value={reason}
            maxLength={RESTRICTION_REASON_MAX}
            rows={3}
            onChange={(e) => setReason(e.target.value)}
            error={error ?? serverReason}
            required
          />
          <div className="actions">
            <button type="submit" className="button button-primary" aria-disabled={lift.isPending} aria-busy={lift.isPending}>
              {t('desk.liftConfirm')}
            </button>
            <button
              type="button"
              className="button button-ghost"
              onClick={() => {
                setOpen(false);
                toggle.current?.focus();
              }}
            >
              {t('desk.cancel')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
