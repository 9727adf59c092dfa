import { invoiceToggleAction } from '@vm/domain/user';
import type { User } from '@vm/domain/user';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardEntry } from '../../../components/payments/card-entry.tsx';
import { CardWidget } from '../../../components/payments/card-widget.tsx';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { api } from '@vm/client/api-client.ts';
import { useCards } from '../../../lib/billing-api.ts';
import { queryClient } from '@vm/client/query-client.ts';

/** SPEC section 2, Account: the card widget, the invoice payment status and its toggle. */
export function PaymentBlock({ user }: { user: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const cards = useCards();
  const [busy, setBusy] = useState(false);
  const status = user.company?.invoice_approved ?? null;
  const action = invoiceToggleAction(status);

  async function toggle() {
    setBusy(true);
    try {
      const saved = await api<User>('/api/user/invoice', { body: { action } });
      queryClient.setQueryData(['user'], saved);
    } catch (err) {
      toast(err instanceof Error ? err.message : String(err), 'danger', TOAST_MS.long);
    } finally {
      setBusy(false);
    }
  }

  const card = cards.data?.[0];
  return (
    <section className="card" aria-labelledby="payment-title">
      <h2 id="payment-title">{t('account.paymentTitle')}</h2>
      {cards.isPending ? <p className="loading">{t('account.loading')}</p> : card ? <CardWidget card={card} /> : <CardEntry />}
      <h3>{t('account.invoiceTitle')}</h3>
      <p data-testid="invoice-status">{t(`account.invoiceStatus.${status ?? 'none'}`)}</p>
      {!user.company?.vat && <p className="muted">{t('account.invoiceNeedsCompany')}</p>}
      <button type="button" className="button button-secondary" onClick={toggle} disabled={busy || !user.company?.vat}>
        {t(action === 'request' ? 'account.invoiceRequest' : 'account.invoiceCancel')}
      </button>
    </section>
  );
}
