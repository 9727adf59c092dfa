import { SHIPMENT_STATE, type ShipmentStateName } from '@vm/domain/shipment-states';
import type { ProofRead } from '@vm/domain/proof';
import type { ShipmentRead } from '@vm/domain/shipment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, fetchImageUrl } from '@vm/client/api-client.ts';
import { ProtectedImage } from '@vm/ui/protected-image.tsx';
import { useAnswerDelivery } from '../../api/answer-delivery.ts';
import { useProofs } from '../../api/get-proofs.ts';
import { when } from './format.ts';

// Issue 21 part 3: the proof the driver took at pickup and delivery (photos, signatures,
// reservations), the consignment note, and the confirm / report buttons while the 24 hours run.

/** A proof may exist once the driver takes the pickup's (its state's descriptor): from arriving at the pickup. */
export const proofMayExist = (state: ShipmentStateName) => SHIPMENT_STATE[state].proofTaken !== null || SHIPMENT_STATE[state].pickedUp;

/** `onReport` opens the problem report (issue 23) while the sender may report one; `reported`: a problem was reported. */
export function ProofCard({ shipment: s, onReport, reported = false }: { shipment: ShipmentRead; onReport?: () => void; reported?: boolean }) {
  const { t } = useTranslation();
  const { data } = useProofs(s.id, proofMayExist(s.current_state.state));
  if (!data || data.proofs.length === 0) return null;
  return (
    <section className="card" aria-labelledby="proof-title">
      <h2 id="proof-title">{t('job.proof.title')}</h2>
      {data.proofs.map((p) => (
        <ProofBlock key={p.id} proof={p} shipment={s} />
      ))}
      {data.note_url && <NoteLink url={data.note_url} reference={s.reference_id} />}
      <DeliveryAnswer shipmentId={s.id} delivery={data.delivery} timeZone={s.pickup_timezone} onReport={onReport} reported={reported} />
    </section>
  );
}

function ProofBlock({ proof: p, shipment: s }: { proof: ProofRead; shipment: ShipmentRead }) {
  const { t } = useTranslation();
  const description = (packageId: number) => s.packages.find((x) => x.id === packageId)?.description ?? '';
  return (
    <div className="proof" data-testid={`proof-${p.kind}`}>
      <h3>{t(`job.proof.${p.kind}`)}</h3>
      <dl className="details">
        <dt>{t('job.proof.when')}</dt>
        <dd>
          <time dateTime={new Date(p.taken_at * 1000).toISOString()}>{when(p.taken_at, s.pickup_timezone)}</time>
        </dd>
        <dt>{t('job.proof.condition')}</dt>
        <dd>{p.condition === 'good' ? t('job.proof.good') : p.reservations}</dd>
        <dt>{t(p.kind === 'pickup' ? 'job.proof.handedOverBy' : 'job.proof.receivedBy')}</dt>
        <dd>
          {p.signer_name}
          <ProtectedImage src={p.signature_url} alt={t('job.proof.signature', { name: p.signer_name })} className="proof-signature" fallback={null} />
        </dd>
      </dl>
      <ul className="proof-photos">
        {p.packages.flatMap((pkg) =>
          pkg.photo_urls.map((url, i) => (
            <li key={url}>
              <ProtectedImage src={url} alt={t('job.photo', { n: i + 1, description: description(pkg.package_id) })} className="package-photo" fallback={<span className="muted">{t('job.photoMissing')}</span>} />
            </li>
          )),
        )}
      </ul>
    </div>
  );
}

/** The PDF needs the bearer header: fetched as a blob, then opened. */
function NoteLink({ url, reference }: { url: string; reference: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  async function open() {
    setFailed(false);
    try {
      const blob = await fetchImageUrl(url);
      const a = document.createElement('a');
      a.href = blob;
      a.download = `CMR-${reference}.pdf`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(blob), 60_000);
    } catch {
      setFailed(true);
    }
  }
  return (
    <p>
      <button type="button" className="button button-secondary" onClick={() => void open()}>
        {t('job.proof.note')}
      </button>
      {failed && (
        <span role="alert" className="form-error">
          {t('job.proof.noteFailed')}
        </span>
      )}
    </p>
  );
}

type Delivery = NonNullable<ReturnType<typeof useProofs>['data']>['delivery'];

/** Confirm the delivery, or report a problem: that opens the problem report (issue 23) rather than answering here. */
function DeliveryAnswer({ shipmentId, delivery, timeZone, onReport, reported }: { shipmentId: number; delivery: Delivery; timeZone: string; onReport?: () => void; reported: boolean }) {
  const { t } = useTranslation();
  const answer = useAnswerDelivery();
  switch (delivery.status) {
    case 'not_delivered':
      return null;
    case 'confirmed':
    case 'problem':
      return <p role="status">{t(`job.proof.answer.${delivery.status}`, { time: when(delivery.answered_at, timeZone) })}</p>;
    case 'assumed_confirmed':
      return <p role="status">{t('job.proof.answer.assumed')}</p>;
    case 'waiting':
      break;
  }
  if (reported) return <p role="status">{t('job.proof.answer.reported')}</p>;
  const error = answer.error instanceof ApiError ? answer.error.message : answer.error ? t('job.proof.answer.failed') : null;
  return (
    <div className="delivery-answer">
      <p>{t('job.proof.answer.ask', { time: when(delivery.answer_by, timeZone) })}</p>
      <p>
        <button type="button" className="button" disabled={answer.isPending} onClick={() => answer.mutate({ shipmentId, answer: { outcome: 'confirmed' } })}>
          {t('job.proof.answer.confirm')}
        </button>{' '}
        {onReport && (
          <button type="button" className="button button-secondary" onClick={onReport}>
            {t('job.proof.answer.report')}
          </button>
        )}
      </p>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}
