import type { InsuranceChoice } from '@vm/domain/insurance';
import type { ChangeShipmentInput } from '@vm/domain/shipment';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { useSignedIn } from '@vm/client/session.ts';
import { isRestrictionError } from '@vm/client/api/restrictions.ts';
import { RestrictedNotice } from '@vm/ui/restrictions.tsx';
import { useCreateShipment } from '../api/create-shipment.ts';
import { clearPhotos } from '../photo-store.ts';
import { InfoStep } from '../steps/info-step.tsx';
import { InsuranceStep } from '../steps/insurance-step.tsx';
import { PriceStep } from '../steps/price-step.tsx';
import { SideStep } from '../steps/side-step.tsx';
import { TypeStep } from '../steps/type-step.tsx';
import type { SavedPlace } from '../address-book.ts';
import { stepErrors, toChange, toShipment } from '../to-shipment.ts';
import { type EditingJob, resetWizard, setWizard, STEPS, stopEditing, useWizard } from '../wizard-state.ts';
import { SummaryPanel } from './summary-panel.tsx';

/** Saves the change of a job (the jobs feature's call, given by the route in app/). */
export type SaveChange = (change: { id: EditingJob['id']; details: ChangeShipmentInput; insurance: InsuranceChoice | null }) => Promise<unknown>;

type Props = {
  /** Places of the sender's earlier jobs, offered in the address fields. */
  savedPlaces?: SavedPlace[];
  /** Given when the wizard changes a job. */
  saveChange?: SaveChange;
};

/**
 * The create-shipment wizard (SPEC section 2): six steps, Back free, Next only on valid fields; the
 * last one sums everything up with a change link per part. It also changes a job before acceptance
 * (`state.editing`, opened by the job's Change button, saved with `saveChange`).
 */
export function WizardPage({ savedPlaces = [], saveChange }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useSignedIn();
  const state = useWizard();
  const [now] = useState(() => new Date());
  // The step whose errors are shown (after a Next that it did not pass).
  const [tried, setTried] = useState<number | null>(null);
  const creating = useCreateShipment();
  const [saving, setSaving] = useState(false);
  const busy = creating.isPending || saving;
  const editing = state.editing;
  // The booking wizard (no change to save): a change left unsaved gives way to the booking it set aside.
  const leftOver = saveChange === undefined && editing !== null;
  useEffect(() => {
    if (leftOver) stopEditing();
  }, [leftOver]);
  const step = Math.min(Math.max(state.step, 1), 6);
  // Each step is an entry of the browser's history (its state; the address stays #/jobs/create), so
  // Back and Forward move between steps, not away from the wizard. The kept draft decides the step
  // shown (a link, a reload, the way back from Register open on it); Back and Forward bring their
  // entry's step to the draft, no further than the first step that is not complete.
  const navigationType = useNavigationType();
  const entryKey = useRef(location.key);
  const entryStep = (location.state as { step?: unknown } | null)?.step;
  useEffect(() => {
    // The entry the wizard opened on (a reload is a POP too) keeps the draft's step.
    if (entryKey.current === location.key) return;
    entryKey.current = location.key;
    if (navigationType !== 'POP' || typeof entryStep !== 'number') return;
    const incomplete = [1, 2, 3, 4, 5].find((n) => n < entryStep && Object.keys(stepErrors(state, n, new Date())).length > 0);
    const to = Math.min(Math.max(incomplete ?? entryStep, 1), 6);
    if (to !== state.step) setWizard((s) => ({ ...s, step: to }));
    // Only a move to another entry moves the wizard; the draft is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
  const errors = tried === step ? stepErrors(state, step, new Date()) : {};
  const label = (n: number) => t(`wizard.steps.${STEPS[n - 1]}`);
  // A new step takes focus to its heading, so Tab goes on from the top of what changed.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);
  /** To step n, a new entry in the browser's history; with `showErrors` the step opens with its errors shown. */
  const go = (n: number, showErrors = false) => {
    setTried(showErrors ? n : null);
    setWizard((s) => ({ ...s, step: n }));
    // The entry being left keeps its step for Back: written in place, as a navigation to mark it
    // could land after the visitor has already gone elsewhere.
    const entry: unknown = window.history.state;
    if (typeof entryStep !== 'number' && entry && typeof entry === 'object') window.history.replaceState({ ...entry, usr: { step } }, '');
    void navigate('.', { state: { step: n } });
    window.scrollTo(0, 0);
  };

  function next() {
    if (Object.keys(stepErrors(state, step, new Date())).length > 0) {
      setTried(step);
      return;
    }
    go(step + 1);
  }

  async function complete() {
    // Time goes on while the sender fills in the rest, or keeps a draft for later: a window that was
    // fine on its step may have passed since. That step is shown again, with its error at the field.
    const wrong = [1, 2, 3, 4].find((n) => Object.keys(stepErrors(state, n, new Date())).length > 0);
    if (wrong !== undefined) return go(wrong, true);
    if (editing) {
      if (!saveChange) return;
      setSaving(true);
      try {
        await saveChange({ id: editing.id, details: toChange(state, new Date()), insurance: state.insurance !== editing.insurance ? state.insurance : null });
        stopEditing();
        toast(t('booking.saved'), 'success', TOAST_MS.long);
        navigate(`/jobs/${editing.id}`);
      } catch (err) {
        toast(err instanceof Error ? err.message : String(err), 'danger', TOAST_MS.long);
      } finally {
        setSaving(false);
      }
      return;
    }
    if (!signedIn) {
      // The state is kept; after sign-up the sender comes back to this step.
      navigate(`/register?redirect=${encodeURIComponent('/jobs/create')}`);
      return;
    }
    try {
      const { id } = await creating.mutateAsync(toShipment(state, new Date()));
      resetWizard();
      clearPhotos();
      toast(t('wizard.created'), 'success', TOAST_MS.long);
      navigate(`/jobs/${id}`);
    } catch (err) {
      // A restricted account (issue 23 part 2): the server's sentence stays above the button, with the way to the restriction page.
      if (!isRestrictionError(err)) toast(err instanceof Error ? err.message : String(err), 'danger', TOAST_MS.long);
    }
  }

  const body: Record<number, ReactNode> = {
    1: <TypeStep state={state} error={errors.type ? t('validation.required') : undefined} locked={editing !== null} />,
    2: <InfoStep state={state} errors={errors} />,
    3: <SideStep key="pickup" side="pickup" state={state} errors={errors} now={now} savedPlaces={savedPlaces} />,
    4: <SideStep key="delivery" side="delivery" state={state} errors={errors} now={now} savedPlaces={savedPlaces} />,
    5: <PriceStep state={state} now={now} />,
    6: (
      <>
        <SummaryPanel state={state} now={now} onChange={(n) => go(n)} />
        <InsuranceStep state={state} />
      </>
    ),
  };

  if (leftOver) return null;
  return (
    <section className="page wizard">
      {editing && (
        <div className="notice-info" data-testid="change-notice">
          <p>
            <strong>{t('booking.changeTitle', { reference: editing.reference })}</strong>
          </p>
          {editing.openOffers > 0 && <p>{t('booking.changeRule', { count: editing.openOffers })}</p>}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              stopEditing();
              navigate(`/jobs/${editing.id}`);
            }}
          >
            {t('booking.discard')}
          </button>
        </div>
      )}
      <p className="muted">{t('wizard.stepOf', { n: step })}</p>
      <h1 ref={heading} tabIndex={-1}>
        {label(step)}
      </h1>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (step < 6) next();
          else void complete();
        }}
      >
        {body[step]}
        {step === 6 && !signedIn && !editing && <p className="notice-info">{t('wizard.registerHint')}</p>}
        {step === 6 && isRestrictionError(creating.error) && <RestrictedNotice error={creating.error} />}
        <div className="wizard-nav">
          {step > 1 && (
            <button type="button" className="button button-ghost" onClick={() => go(step - 1)}>
              ← {t('wizard.back', { step: label(step - 1) })}
            </button>
          )}
          <button type="submit" className="button button-primary" disabled={busy}>
            {step === 5 ? `${t('wizard.chooseInsurance')} →` : step < 6 ? `${t('wizard.next', { step: label(step + 1) })} →` : editing ? t('booking.save') : signedIn ? t('wizard.complete') : t('wizard.register')}
          </button>
        </div>
      </form>
    </section>
  );
}
