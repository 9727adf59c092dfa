import { SHIPMENT_STATE } from '@vm/domain/shipment-states';
import type { ShipmentRead } from '@vm/domain/shipment';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@vm/ui/modal.tsx';
import { useToast } from '@vm/ui/toast.tsx';
import { clockTime, dayMonth } from '@vm/client/zoned-format.ts';
import { type CreatedTrackingLink, useCreateTrackingLink } from '../api/create-tracking-link.ts';
import { useTrackingLinkStatus } from '../api/get-tracking-link.ts';
import { useRevokeTrackingLink } from '../api/revoke-tracking-link.ts';

/** 'Deel tracking': a public link to this job's progress, once an offer is accepted. */
export function ShareTracking({ shipment: s }: { shipment: ShipmentRead }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!s.accepted_offer || SHIPMENT_STATE[s.current_state.state].phase === 'cancelled') return null;
  return (
    <>
      <button type="button" className="button button-ghost share-tracking" onClick={() => setOpen(true)}>
        {t('tracking.share.button')}
      </button>
      {open && <ShareTrackingModal shipment={s} onClose={() => setOpen(false)} />}
    </>
  );
}

function ShareTrackingModal({ shipment: s, onClose }: { shipment: ShipmentRead; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const status = useTrackingLinkStatus(s.id, true);
  // Known only right after creating it: the server keeps just a hash of the token.
  const [created, setCreated] = useState<CreatedTrackingLink | null>(null);
  const creating = useCreateTrackingLink();
  const revoking = useRevokeTrackingLink();
  const busy = creating.isPending || revoking.isPending;
  const failed = (err: Error) => toast(err.message, 'danger');

  const create = () => creating.mutate(s.id, { onSuccess: setCreated, onError: failed });
  const revoke = () =>
    revoking.mutate(s.id, {
      onSuccess: () => {
        setCreated(null);
        toast(t('tracking.share.revoked'), 'success');
      },
      onError: failed,
    });
  async function copy() {
    if (!created) return;
    input.current?.select();
    try {
      await navigator.clipboard.writeText(created.url);
      toast(t('tracking.share.copied'), 'success');
    } catch {
      // No clipboard (an insecure page or a refusal): the link is selected for Ctrl+C.
      toast(t('tracking.share.copyManually'), 'info');
    }
  }

  const active = status.data?.active ?? false;
  const createdAt = status.data?.created_at;
  const tz = s.pickup_timezone;
  return (
    <Modal open title={t('tracking.share.title')} onClose={onClose}>
      <p>{t('tracking.share.intro')}</p>
      {created ? (
        <div className="field">
          <label htmlFor={inputId}>{t('tracking.share.link')}</label>
          <div className="field-row tracking-link">
            <input id={inputId} ref={input} type="text" readOnly value={created.url} onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className="button button-primary" onClick={copy}>
              {t('tracking.share.copy')}
            </button>
          </div>
        </div>
      ) : status.isPending ? (
        <p className="loading">{t('tracking.loading')}</p>
      ) : active && createdAt ? (
        <p data-testid="tracking-active">{t('tracking.share.activeUnknown', { date: dayMonth(createdAt, tz), time: clockTime(createdAt, tz) })}</p>
      ) : null}
      <div className="form-actions">
        {!created && (
          <button type="button" className="button button-primary" onClick={create} disabled={busy || status.isPending}>
            {active ? t('tracking.share.createNew') : t('tracking.share.create')}
          </button>
        )}
        {(created || active) && (
          <button type="button" className="button button-danger" onClick={revoke} disabled={busy}>
            {t('tracking.share.revoke')}
          </button>
        )}
      </div>
    </Modal>
  );
}
