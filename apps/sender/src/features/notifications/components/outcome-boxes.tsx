import type { EventPayloads, PushRead } from '@vm/domain/events';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationBox, type NotificationBoxType } from '@vm/ui/notification-box.tsx';
import { usePushListener } from '@vm/client/event-stream.ts';
import { pushText } from '../push-text.ts';

type Box = { id: number; type: NotificationBoxType; titleKey: string; text: string };

const INVOICE: Record<'requested' | 'approved' | 'rejected' | 'none', { type: NotificationBoxType; titleKey: string }> = {
  requested: { type: 'info', titleKey: 'notifications.box.invoiceRequested' },
  approved: { type: 'success', titleKey: 'notifications.box.invoiceApproved' },
  rejected: { type: 'danger', titleKey: 'notifications.box.invoiceRejected' },
  none: { type: 'warning', titleKey: 'notifications.box.invoiceStopped' },
};

/** Which pushes deserve a box that stays until dismissed: payment and invoice outcomes. */
function boxFor(push: PushRead): Omit<Box, 'id' | 'text'> | null {
  switch (push.type) {
    case 'payment.failed':
      return { type: 'danger', titleKey: 'notifications.box.paymentFailed' };
    case 'shipment.offer.accepted':
      return { type: 'success', titleKey: 'notifications.box.offerAccepted' };
    case 'company.invoice.status':
      return INVOICE[(push.payload as EventPayloads['company.invoice.status']).status ?? 'none'];
    default:
      return null;
  }
}

/** Shown at the top of the main area until the user closes them. */
export function OutcomeBoxes() {
  const { t, i18n } = useTranslation();
  const [boxes, setBoxes] = useState<Box[]>([]);
  const onPush = useCallback(
    (push: PushRead) => {
      const box = boxFor(push);
      if (box) setBoxes((all) => [{ ...box, id: push.id, text: pushText(push, i18n.language) }, ...all.filter((b) => b.id !== push.id)]);
    },
    [i18n.language],
  );
  usePushListener(onPush);
  if (boxes.length === 0) return null;
  return (
    <div className="outcome-boxes">
      {boxes.map((b) => (
        <NotificationBox key={b.id} type={b.type} title={t(b.titleKey)} text={b.text} onClose={() => setBoxes((all) => all.filter((x) => x.id !== b.id))} />
      ))}
    </div>
  );
}
