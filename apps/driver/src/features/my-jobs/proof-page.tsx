import { SHIPMENT_STATE, stateAfterProof } from '@vm/domain/shipment-states';
import './my-jobs.css';
import type { ProofKind } from '@vm/domain/proof';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { QueuedFile } from '../../lib/offline-queue.ts';
import { currentPosition, type Fix, lastKnownPosition } from '../../lib/position.ts';
import { queuedFor, shownState, useQueueSnapshot, useRunJob } from './api.ts';
import { clock, town } from './format.ts';
import { compressPhoto, type ProofValues, validateProof } from './proof-form.ts';
import { queueProof } from './queue-actions.ts';
import { SignatureField } from './signature-field.tsx';


type Where = { fix: Fix; source: 'now' | 'last' | 'address' };

/** The proof at pickup or at delivery; saving queues it, then the state change it allows. */
export function ProofPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.jobId);
  const kind: ProofKind = params.kind === 'delivery' ? 'delivery' : 'pickup';
  const job = useRunJob(id);
  const snap = useQueueSnapshot();
  const [values, setValues] = useState<ProofValues>({ photos: {}, condition: 'good', reservations: '', signerName: '', signature: null });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [where, setWhere] = useState<Where | null>(null);
  const [denied, setDenied] = useState(false);
  const [busy, setBusy] = useState(false);
  const [openedAt] = useState(() => Date.now());

  useEffect(() => {
    let cancelled = false;
    void currentPosition().then((r) => {
      if (cancelled) return;
      if ('fix' in r) return setWhere({ fix: r.fix, source: 'now' });
      setDenied(true);
      const last = lastKnownPosition();
      if (last) setWhere({ fix: last, source: 'last' });
    });
    return () => {
      cancelled = true;
    };
  }, []);

  if (!job.data) return <p role="status">{t('myJobs.loading')}</p>;
  const j = job.data;
  const stop = kind === 'pickup' ? j.pickup_location : j.delivery_location;
  // Without any position at all, the stop's own place is recorded, with the widest accuracy (said on screen).
  const place: Where = where ?? { fix: { lat: stop.lat, lng: stop.lng, accuracy: 100_000, at: openedAt }, source: 'address' };
  const state = shownState(j.current_state.state, queuedFor(snap, id).state);
  const err = (k: string) => (errors[k] ? t(`myJobs.errors.${errors[k]}`) : undefined);
  const set = (patch: Partial<ProofValues>) => setValues((v) => ({ ...v, ...patch }));

  async function addPhotos(packageId: number, list: FileList | null) {
    if (!list?.length) return;
    setBusy(true);
    try {
      const files = await Promise.all([...list].map(compressPhoto));
      setValues((v) => ({ ...v, photos: { ...v.photos, [packageId]: [...(v.photos[packageId] ?? []), ...files] } }));
    } finally {
      setBusy(false);
    }
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const found = validateProof(values, j.packages.map((p) => p.id));
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await queueProof(
        id,
        {
          kind,
          fix: place.fix,
          signerName: values.signerName,
          condition: values.condition,
          reservations: values.reservations,
          photos: j.packages.map((p) => ({ packageId: p.id, files: values.photos[p.id] ?? [] })),
          signature: values.signature!,
        },
        stateAfterProof(kind),
      );
      void navigate(`/my-jobs/${id}`);
    } finally {
      setBusy(false);
    }
  }

  // Taken at its own address: in the states whose descriptor names this proof.
  const allowed = SHIPMENT_STATE[state].proofTaken === kind;
  return (
    <section className="page page-narrow proof-page">
      <h1>{t(`myJobs.proofTitle.${kind}`, { place: town(stop) })}</h1>
      {!allowed && <p role="alert">{t('myJobs.proofNotNow', { state: t(`states.${state}`) })}</p>}
      <form noValidate onSubmit={save}>
        {j.packages.map((p) => {
          const inputId = `proof-photos-${p.id}`;
          const photos = values.photos[p.id] ?? [];
          return (
            <fieldset key={p.id} className="proof-package">
              <legend>{p.description}</legend>
              <label htmlFor={inputId}>{t('myJobs.photosFor', { name: p.description })}</label>
              <input id={inputId} type="file" accept="image/*" capture="environment" multiple onChange={(e) => void addPhotos(p.id, e.target.files)} aria-describedby={err(`photos.${p.id}`) ? `${inputId}-error` : undefined} />
              <p data-testid={`photo-count-${p.id}`}>{t('myJobs.photoCount', { count: photos.length })}</p>
              {photos.length > 0 && (
                <button type="button" className="button button-secondary button-small" onClick={() => set({ photos: { ...values.photos, [p.id]: [] } })}>
                  {t('myJobs.photosClear', { name: p.description })}
                </button>
              )}
              {err(`photos.${p.id}`) && (
                <p id={`${inputId}-error`} className="form-error" role="alert">
                  {err(`photos.${p.id}`)}
                </p>
              )}
            </fieldset>
          );
        })}
        <fieldset className="proof-package">
          <legend>{t('myJobs.condition')}</legend>
          {(['good', 'reservations'] as const).map((c) => (
            <label key={c} className="radio">
              <input type="radio" name="condition" value={c} checked={values.condition === c} onChange={() => set({ condition: c })} /> {t(`myJobs.conditions.${c}`)}
            </label>
          ))}
        </fieldset>
        {values.condition === 'reservations' && (
          <div className="field">
            <label htmlFor="proof-reservations">{t('myJobs.reservations')}</label>
            <textarea id="proof-reservations" value={values.reservations} maxLength={2000} onChange={(e) => set({ reservations: e.target.value })} aria-invalid={!!err('reservations')} />
            {err('reservations') && (
              <p className="form-error" role="alert">
                {err('reservations')}
              </p>
            )}
          </div>
        )}
        <div className="field">
          <label htmlFor="proof-signer">{t(`myJobs.signer.${kind}`)}</label>
          <input id="proof-signer" value={values.signerName} maxLength={120} autoComplete="off" onChange={(e) => set({ signerName: e.target.value })} aria-invalid={!!err('signerName')} />
          {err('signerName') && (
            <p className="form-error" role="alert">
              {err('signerName')}
            </p>
          )}
        </div>
        <SignatureField label={t('myJobs.signature')} error={err('signature')} onChange={(png: QueuedFile | null) => set({ signature: png })} />
        <p data-testid="proof-where">
          {t('myJobs.proofTime', { time: clock(openedAt) })}{' '}
          {place.source === 'address' ? t('myJobs.proofNoPosition') : t('myJobs.proofPosition', { accuracy: place.fix.accuracy })}
        </p>
        {denied && <p role="alert">{t(place.source === 'last' ? 'myJobs.positionDeniedLast' : 'myJobs.positionDenied')}</p>}
        <button type="submit" className="button button-primary button-large" disabled={busy || !allowed}>
          {t(`myJobs.proofSave.${kind}`)}
        </button>
      </form>
    </section>
  );
}
