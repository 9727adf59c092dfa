import { MAX_PROBLEM_TEXT, MIN_DECISION_REASON, type ProblemCase, type ProblemDecisionInput, type ProblemOutcome } from '@vm/domain/problems';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '@vm/ui/choice-group.tsx';
import { Field, TextAreaField } from '@vm/ui/field.tsx';
import { fieldErrorOf, refusalText } from '../../../lib/errors.ts';
import { useDecideProblem } from '../api/problems.ts';
import { euroInput, formatEuros, halfOf, parseEuros } from './format.ts';

type Props = { problemId: number; held: number; insurance: ProblemCase['job']['insurance'] };

/**
 * Finance's and admins' decision: an outcome (a refund with its amount, at most what is held; the
 * insurance only for an insured job), a reason both parties receive, then a confirmation that names
 * the amounts before anything is sent. A 400's field errors show at their fields.
 */
export function DecisionForm({ problemId, held, insurance }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const eur = (n: number) => formatEuros(n, lang);
  const decide = useDecideProblem(problemId);
  const [outcome, setOutcome] = useState<ProblemOutcome | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ outcome?: string; refund?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState<ProblemDecisionInput | null>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  const reasonInput = useRef<HTMLTextAreaElement>(null);
  const outcomeGroup = useRef<HTMLDivElement>(null);
  const ownRisk = insurance.kind === 'own_risk';
  const half = halfOf(held);

  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
  }, [confirming]);
  // A 400 sends the staff member back to the form, to the field it names.
  const serverReason = fieldErrorOf(decide.error, 'reason');
  const serverRefund = fieldErrorOf(decide.error, 'refund');
  const back = !confirming;
  useEffect(() => {
    if (!back) return;
    if (serverRefund) amountInput.current?.focus();
    else if (serverReason) reasonInput.current?.focus();
  }, [back, serverReason, serverRefund]);

  const review = (e: FormEvent) => {
    e.preventDefault();
    decide.reset();
    const text = reason.trim();
    const refund = outcome === 'refund' ? parseEuros(amount) : null;
    const next = {
      outcome: outcome ? undefined : t('problems.chooseOutcome'),
      refund: outcome !== 'refund' ? undefined : refund === null || refund <= 0 ? t('problems.refundInvalid') : refund > held ? t('problems.refundTooMuch', { max: eur(held) }) : undefined,
      reason: !text ? 'required' : text.length < MIN_DECISION_REASON ? 'decision_reason_too_short' : undefined,
    };
    setErrors(next);
    if (next.outcome) outcomeGroup.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
    else if (next.refund) amountInput.current?.focus();
    else if (next.reason) reasonInput.current?.focus();
    if (!outcome || next.refund || next.reason) return;
    setConfirming(outcome === 'refund' ? { outcome, refund: refund!, reason: text } : { outcome, reason: text });
  };

  const send = () => {
    if (!confirming || decide.isPending) return;
    // On success the case is replaced by the decided one (this form goes); a refusal comes back to the form.
    decide.mutate(confirming, { onError: () => setConfirming(null) });
  };

  // A 400 about neither field (it should not happen) is said as the server said it.
  const refusal = refusalText(decide.error, t('problems.decisionFailed')) ?? (decide.error && !serverReason && !serverRefund ? decide.error.message : null);

  return (
    <section aria-labelledby="decision-title" className="card decision-form">
      <h2 id="decision-title">{t('problems.decisionTitle')}</h2>
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      {confirming ? (
        <div className="decision-confirm">
          <h3 id="confirm-title" ref={confirmHeading} tabIndex={-1}>
            {t('problems.confirmTitle')}
          </h3>
          <p>
            <strong>{t(`problems.outcomeShort.${confirming.outcome}`)}.</strong>{' '}
            {confirming.outcome === 'refund'
              ? t('problems.confirmRefund', { refund: eur(confirming.refund!), released: eur(Math.round((held - confirming.refund!) * 100) / 100) })
              : confirming.outcome === 'release'
                ? t('problems.confirmRelease', { released: eur(held) })
                : t('problems.confirmInsurance', { cover: eur(insurance.cover) })}
          </p>
          <p>{t('problems.confirmReason')}</p>
          <blockquote className="statement-text">{confirming.reason}</blockquote>
          <div className="actions">
            <button type="button" className="button button-primary" aria-disabled={decide.isPending} aria-busy={decide.isPending} onClick={send}>
              {t('problems.confirm')}
            </button>
            <button type="button" className="button button-secondary" disabled={decide.isPending} onClick={() => setConfirming(null)}>
              {t('problems.change')}
            </button>
          </div>
          <p className="visually-hidden" role="status" aria-live="polite">
            {decide.isPending ? t('problems.sending') : ''}
          </p>
        </div>
      ) : (
        <form onSubmit={review} noValidate aria-labelledby="decision-title">
          <div ref={outcomeGroup}>
            <ChoiceGroup<ProblemOutcome>
              legend={t('problems.outcome')}
              name="outcome"
              value={outcome}
              onChange={(v) => {
                setOutcome(v);
                setErrors((e) => ({ ...e, outcome: undefined }));
              }}
              error={errors.outcome}
              options={[
                { value: 'release', label: t('problems.outcomes.release') },
                { value: 'refund', label: t('problems.outcomes.refund') },
                {
                  value: 'insurance',
                  label: t('problems.outcomes.insurance'),
                  hint: ownRisk ? t('problems.ownRiskHint') : t('problems.coverHint', { amount: eur(insurance.cover) }),
                  disabled: ownRisk,
                },
              ]}
            />
          </div>
          {outcome === 'refund' && (
            <>
              <Field
                ref={amountInput}
                name="refund"
                inputMode="decimal"
                autoComplete="off"
                label={t('problems.refund')}
                hint={t('problems.refundHint', { max: eur(held) })}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                error={errors.refund ?? serverRefund}
                required
              />
              <div className="amount-row">
                <button type="button" className="button button-secondary" onClick={() => setAmount(euroInput(half, lang))}>
                  {t('problems.half', { amount: eur(half) })}
                </button>
                <button type="button" className="button button-secondary" onClick={() => setAmount(euroInput(held, lang))}>
                  {t('problems.all', { amount: eur(held) })}
                </button>
              </div>
            </>
          )}
          <TextAreaField
            ref={reasonInput}
            name="reason"
            label={t('problems.reason')}
            hint={t('problems.reasonHint')}
            value={reason}
            maxLength={MAX_PROBLEM_TEXT}
            rows={5}
            onChange={(e) => setReason(e.target.value)}
            error={errors.reason ?? serverReason}
            required
          />
          <button type="submit" className="button button-primary">
            {t('problems.next')}
          </button>
        </form>
      )}
    </section>
  );
}
