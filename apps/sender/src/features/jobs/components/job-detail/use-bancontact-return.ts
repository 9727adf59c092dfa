import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { useConfirmPayment } from '../../api/confirm-payment.ts';

/** Back from Bancontact with ?payment=: the server asks the provider; only a succeeded payment accepts. */
export function useBancontactReturn(shipmentId: number) {
  const { t } = useTranslation();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const payment = Number(params.get('payment'));
  const handled = useRef<number | null>(null);
  const { mutateAsync: confirmPayment } = useConfirmPayment();
  useEffect(() => {
    if (!payment || handled.current === payment) return;
    handled.current = payment;
    confirmPayment(payment)
      .then((r) => toast(r.status === 'succeeded' ? t('job.accepted') : t('job.paymentPending'), r.status === 'succeeded' ? 'success' : 'info', TOAST_MS.long))
      .catch((err) => toast(err instanceof Error ? err.message : String(err), 'danger', TOAST_MS.long))
      .finally(() => setParams({}, { replace: true }));
  }, [payment, shipmentId, setParams, t, toast, confirmPayment]);
}
