import type { DriverDecision } from '@vm/domain';
import { type FormEvent, useRef, useState, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '@vm/ui/field.tsx';
import { fieldErrorOf, refusalText } from '../../../lib/errors.ts';
import { useDecideDriver } from '../api/drivers.ts';

/** Approve, or refuse with a reason the driver reads (10 to 1000 characters); the outcome is announced and focused. */
export function DecisionForm({ driverId, waiting }: { driverId: number; waiting: boolean }) {
  const { t } = useTranslation();
  const decide = useDecideDriver(driverId);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<DriverDecision['decision'] | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const send = (decision: DriverDecision) => decide.mutate(decision, { onSuccess: () => setOutcome(decision.decision) });
  const refuse = (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    const problem = !text ? 'required' : text.length < 10 ? 'reason_too_short' : undefined;
    setMissing(problem);
    if (!problem) send({ decision: 'refuse', reason: text });
  };
  const refusal = refusalText(decide.error, t('drivers.decisionFailed'));

  return (
    <section aria-labelledby="decision-title" className="card">
      <h2 id="decision-title">{t('drivers.decision')}</h2>
      {outcome && (
        <p className="notice" role="status" tabIndex={-1} ref={outcomeRef}>
          {t(outcome === 'approve' ? 'drivers.approvedOutcome' : 'drivers.refusedOutcome')}
        </p>
      )}
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      {!waiting ? (
        !outcome && <p>{t('drivers.notWaiting')}</p>
      ) : (
        <>
          <button type="button" className="button button-primary" disabled={decide.isPending} onClick={() => send({ decision: 'approve' })}>
            {t('drivers.approve')}
          </button>
          <form onSubmit={refuse} noValidate aria-labelledby="refuse-title" className="refuse-form">
            <h3 id="refuse-title">{t('drivers.refuseTitle')}</h3>
            <TextAreaField
              label={t('drivers.reason')}
              hint={t('drivers.reasonHint')}
              value={reason}
              maxLength={1000}
              rows={4}
              onChange={(e) => setReason(e.target.value)}
              error={missing ?? fieldErrorOf(decide.error, 'reason')}
              required
            />
            <button type="submit" className="button button-secondary" disabled={decide.isPending}>
              {t('drivers.refuse')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
