import { RESTRICTION_REASON_MAX, type RestrictionCreate, type RestrictionKind } from '@vm/domain/restrictions';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '@vm/ui/choice-group.tsx';
import { Field, TextAreaField } from '@vm/ui/field.tsx';
import { fieldErrorOf, refusalText } from '../../../lib/errors.ts';
import { useRestrict } from '../api/desk.ts';
import { endOfDay, formatDate, reasonError, todayInBrussels } from './format.ts';

type Errors = { kind?: string; reason?: string; ends_at?: string };

/**
 * Support's and admins' decision to restrict or suspend a user: the kind, a reason the user reads in
 * the statement of reasons (checked here before anything is sent, and the server's 400 shown at its
 * field), an optional last day, then a confirmation that says what the user will no longer do.
 */
export function RestrictForm({ userId, name }: { userId: number; name: string }) {
  const { t, i18n } = useTranslation();
  const restrict = useRestrict(userId);
  const [kind, setKind] = useState<RestrictionKind | null>(null);
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState<RestrictionCreate | null>(null);
  const [done, setDone] = useState(false);
  const kindGroup = useRef<HTMLDivElement>(null);
  const reasonInput = useRef<HTMLTextAreaElement>(null);
  const untilInput = useRef<HTMLInputElement>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  const serverReason = fieldErrorOf(restrict.error, 'reason');
  const serverUntil = fieldErrorOf(restrict.error, 'ends_at');
  const back = !confirming;
  useEffect(() => {
    if (!back) return;
    if (serverReason) reasonInput.current?.focus();
    else if (serverUntil) untilInput.current?.focus();
  }, [back, serverReason, serverUntil]);

  const review = (e: FormEvent) => {
    e.preventDefault();
    restrict.reset();
    setDone(false);
    const next: Errors = {
      kind: kind ? undefined : t('desk.chooseKind'),
      reason: reasonError(reason),
      ends_at: until && until <= todayInBrussels() ? t('desk.endDatePast') : undefined,
    };
    setErrors(next);
    if (next.kind) kindGroup.current?.querySelector<HTMLInputElement>('input')?.focus();
    else if (next.reason) reasonInput.current?.focus();
    else if (next.ends_at) untilInput.current?.focus();
    if (!kind || next.reason || next.ends_at) return;
    setConfirming({ kind, reason: reason.trim(), ...(until ? { ends_at: endOfDay(until) } : {}) });
  };

  const send = () => {
    if (!confirming || restrict.isPending) return;
    restrict.mutate(confirming, {
      onSuccess: () => {
        setConfirming(null);
        setKind(null);
        setReason('');
        setUntil('');
        setDone(true);
      },
      onError: () => setConfirming(null),
    });
  };

  const refusal = refusalText(restrict.error, t('desk.restrictFailed')) ?? (restrict.error && !serverReason && !serverUntil ? restrict.error.message : null);
  const period = (c: RestrictionCreate) => (c.ends_at ? t('desk.periodUntil', { date: formatDate(c.ends_at - 1, i18n.language) }) : t('desk.periodOpen'));

  return (
    <section aria-labelledby="restrict-title" className="card restrict-form">
      <h2 id="restrict-title">{t('desk.restrictTitle')}</h2>
      {done && (
        <p className="notice" role="status" tabIndex={-1} ref={doneRef}>
          {t('desk.restricted')}
        </p>
      )}
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      {confirming ? (
        <div className="desk-confirm">
          <h3 ref={confirmHeading} tabIndex={-1}>
            {t('desk.confirmTitle')}
          </h3>
          <p>{t(confirming.kind === 'suspend' ? 'desk.confirmSuspend' : 'desk.confirmRestrict', { name, period: period(confirming) })}</p>
          <p>{t('desk.confirmReason')}</p>
          <blockquote className="statement-text">{confirming.reason}</blockquote>
          <div className="actions">
            <button type="button" className="button button-primary" aria-disabled={restrict.isPending} aria-busy={restrict.isPending} onClick={send}>
              {t('desk.confirm')}
            </button>
            <button type="button" className="button button-secondary" disabled={restrict.isPending} onClick={() => setConfirming(null)}>
              {t('desk.change')}
            </button>
          </div>
          <p className="visually-hidden" role="status" aria-live="polite">
            {restrict.isPending ? t('desk.sending') : ''}
          </p>
        </div>
      ) : (
        <form onSubmit={review} noValidate aria-labelledby="restrict-title">
          <div ref={kindGroup}>
            <ChoiceGroup<RestrictionKind>
              legend={t('desk.restrictKind')}
              name="kind"
              value={kind}
              onChange={(v) => {
                setKind(v);
                setErrors((e) => ({ ...e, kind: undefined }));
              }}
              error={errors.kind}
              options={[
                { value: 'restrict', label: t('desk.kindLong.restrict') },
                { value: 'suspend', label: t('desk.kindLong.suspend') },
              ]}
            />
          </div>
          <TextAreaField
            ref={reasonInput}
            name="reason"
            label={t('desk.restrictReason')}
            hint={t('desk.reasonHint')}
            value={reason}
            maxLength={RESTRICTION_REASON_MAX}
            rows={5}
            onChange={(e) => setReason(e.target.value)}
            error={errors.reason ?? serverReason}
            required
          />
          <Field
            ref={untilInput}
            name="ends_at"
            type="date"
            label={t('desk.endDate')}
            hint={t('desk.endDateHint')}
            min={todayInBrussels()}
            value={until}
            onChange={(e) => setUntil(e.target.value)}
            error={errors.ends_at ?? serverUntil}
          />
          <button type="submit" className="button button-primary">
            {t('desk.next')}
          </button>
        </form>
      )}
    </section>
  );
}
