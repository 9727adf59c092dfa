import { SHIPMENT_STATE, type ShipmentStateName } from '@vm/domain/shipment-states';
import './my-jobs.css';
import type { LocationRead } from '@vm/domain/shipment';
import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { canGiveBack, queuedFor, shownState, useProofs, useQueueSnapshot, useRunJob } from './api.ts';
import { clock, directionsUrl, fullAddress, geoUri, timeWindow, town } from './format.ts';
import { NextStateButton } from './next-state-button.tsx';
import { useDriverProblem } from './problem-api.ts';
import { useRunEvents } from './run-events.ts';
import './run-texts.ts';
import { usePositionWatch } from './use-position-watch.ts';

// Issue 22: giving a job back is rare; its form is a chunk of its own, loaded when an accepted job's
// page shows it (bundled into this route it made the chunk graph pull more into the first page).
const GiveBack = lazy(() => import('./give-back.tsx').then((m) => ({ default: m.GiveBack })));
// Issue 23: a problem the sender reported, with the driver's answer form; a chunk of its own (most jobs have none).
const ProblemCard = lazy(() => import('./problem-card.tsx').then((m) => ({ default: m.ProblemCard })));

/** On the road with the job (from acceptance until the goods are handed over): the position is shared and the steps offered. */
const onTheRoad = (state: ShipmentStateName) => SHIPMENT_STATE[state].phase === 'before_pickup' || SHIPMENT_STATE[state].phase === 'on_board';

/** One accepted job: its (queued) state and the next-state button, position, addresses, packages, contact. */
export function JobRunPage() {
  const { t } = useTranslation();
  const id = Number(useParams().jobId);
  const job = useRunJob(id);
  const snap = useQueueSnapshot();
  const queued = queuedFor(snap, id);
  const proofs = useProofs(id, !!job.data);
  const problem = useDriverProblem(id, !!job.data);
  const state = job.data ? shownState(job.data.current_state.state, queued.state) : null;
  const active = !!state && onTheRoad(state);
  const position = usePositionWatch(id, active);
  useRunEvents();
  // Issue 22: a job given back is no longer the driver's: back to my jobs.
  const [givenBack, setGivenBack] = useState(false);
  if (givenBack) return <Navigate to="/my-jobs" replace />;

  if (job.isError && !job.data)
    return (
      <section className="page page-narrow">
        <h1>{t('myJobs.job')}</h1>
        <p role="alert" className="form-error">
          {t('myJobs.loadFailed')}
        </p>
      </section>
    );
  if (!job.data || !state) return <p role="status">{t('myJobs.loading')}</p>;
  const j = job.data;
  const taken = [...(proofs.data?.proofs.map((p) => p.kind) ?? []), ...queued.proofs];
  const nextStop = SHIPMENT_STATE[state].pickedUp ? j.delivery_location : j.pickup_location;
  const positionWaiting = queued.lastPosition !== null;

  return (
    <section className="page page-narrow run-page">
      <h1>
        {town(j.pickup_location)} → {town(j.delivery_location)}
      </h1>
      <p className="run-reference">{t('myJobs.reference', { reference: j.reference_id })}</p>
      <p className="run-state" data-testid="run-state">
        {t('myJobs.stateNow', { state: t(`states.${state}`) })}
        {queued.pendingCount > 0 && (
          <span className="badge run-waiting" data-testid="run-waiting">
            {' '}
            {t('myJobs.waiting')}
          </span>
        )}
      </p>
      {queued.refused.map((r) => (
        <p key={r.id} role="alert" className="form-error">
          {t('myJobs.refused', { reason: r.message })}
        </p>
      ))}
      {SHIPMENT_STATE[state].phase === 'cancelled' ? (
        <p role="status" className="notice" data-testid="run-cancelled">
          {t('myJobs.cancelledBySender')}
        </p>
      ) : (
        <NextStateButton shipmentId={id} state={state} proofsTaken={taken} />
      )}
      {problem.data?.problem && (
        <Suspense fallback={null}>
          <ProblemCard job={j} problem={problem.data.problem} mayAnswer={problem.data.may_answer} />
        </Suspense>
      )}
      {active && (
        <div className="run-position">
          <p>{t('myJobs.keepOpen')}</p>
          {position.denied && <p role="alert">{t('myJobs.positionDenied')}</p>}
          <p data-testid="position-sent">
            {position.lastSent ? t(positionWaiting ? 'myJobs.positionQueued' : 'myJobs.positionSent', { time: clock(position.lastSent.at) }) : t('myJobs.positionNone')}
          </p>
        </div>
      )}
      <p>
        <a className="button button-secondary" href={directionsUrl(nextStop)} target="_blank" rel="noreferrer">
          {t('myJobs.navigate', { place: town(nextStop) })}
        </a>{' '}
        <a href={geoUri(nextStop)}>{t('myJobs.geo')}</a>
      </p>
      <Stop title={t('myJobs.pickup')} place={j.pickup_location} window={timeWindow(j.pickup_date_from, j.pickup_date_till, j.pickup_timezone)} />
      <Stop title={t('myJobs.delivery')} place={j.delivery_location} window={timeWindow(j.delivery_date_from, j.delivery_date_till, j.delivery_timezone)} />
      <h2>{t('myJobs.packages')}</h2>
      <ul className="run-packages">
        {j.packages.map((p) => (
          <li key={p.id}>
            <strong>{p.description}</strong> · {t('myJobs.size', { l: p.length, w: p.width, h: p.height, kg: p.weight })}
            {p.notes && <p>{p.notes}</p>}
          </li>
        ))}
      </ul>
      <h2>{t('myJobs.contact')}</h2>
      <p>
        <Link to={`/my-jobs/${id}/chat`}>{t('myJobs.chat')}</Link>
      </p>
      {/* Issue 22: until loading, a job the driver cannot do goes back to the open jobs. */}
      {canGiveBack(state) && queued.state === null && (
        <Suspense fallback={null}>
          <GiveBack shipmentId={id} onGivenBack={() => setGivenBack(true)} />
        </Suspense>
      )}
    </section>
  );
}

function Stop({ title, place, window }: { title: string; place: LocationRead; window: string }) {
  const { t } = useTranslation();
  return (
    <>
      <h2>{title}</h2>
      <address className="run-address">
        {place.address.name && (
          <>
            <span>{place.address.name}</span>
            <br />
          </>
        )}
        <span>{fullAddress(place)}</span>
      </address>
      <p>{t('myJobs.window', { window })}</p>
      {place.notes && <p>{t('myJobs.notes', { notes: place.notes })}</p>}
    </>
  );
}
