import type { EventPayloads, PushRead } from '@vm/domain/events';
import type { NotificationBoxType } from '@vm/ui/notification-box.tsx';

// Which pushes get a box that stays (instead of a toast): payment and invoice outcomes. The
// acceptance itself has none: the page that accepted says so, and the job shows the payment.

const INVOICE: Record<'requested' | 'approved' | 'rejected' | 'none', { type: NotificationBoxType; titleKey: string }> = {
  requested: { type: 'info', titleKey: 'notifications.box.invoiceRequested' },
  approved: { type: 'success', titleKey: 'notifications.box.invoiceApproved' },
  rejected: { type: 'danger', titleKey: 'notifications.box.invoiceRejected' },
  none: { type: 'warning', titleKey: 'notifications.box.invoiceStopped' },
};

/** The box a push gets, if any. */
export function boxFor(push: PushRead): { type: NotificationBoxType; titleKey: string } | null {
  switch (push.type) {
    case 'payment.failed':
      return { type: 'danger', titleKey: 'notifications.box.paymentFailed' };
    case 'company.invoice.status':
      return INVOICE[(push.payload as EventPayloads['company.invoice.status']).status ?? 'none'];
    default:
      return null;
  }
}
