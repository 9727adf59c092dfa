import { invoiceToggleAction } from '@vm/domain/user';
import type { User } from '@vm/domain/user';
import { useTranslation } from 'react-i18next';
import { CardEntry } from '../../../components/payments/card-entry.tsx';
import { CardWidget } from '../../../components/payments/card-widget.tsx';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { useCards } from '@vm/client/api/get-cards.ts';
import { useToggleInvoice } from '../api/toggle-invoice.ts';

/** SPEC section 2, Account: the card widget, the invoice payment status and its toggle. */
export function PaymentBlock({ user }: { user: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const cards = useCards();
  const toggleInvoice = useToggleInvoice();
  const status = user.company?.invoice_approved ?? null;
  const action = invoiceToggleAction(status);

  const toggle = () => toggleInvoice.mutate(action, { onError: (err) => toast(err.message, 'danger', TOAST_MS.long) });

  const card = cards.data?.[0];
  return (
    <section className="card" aria-labelledby="payment-title">
      <h2 id="payment-title">{t('account.paymentTitle')}</h2>
      {cards.isPending ? <p className="loading">{t('account.loading')}</p> : card ? <CardWidget card={card} /> : <CardEntry />}
      <h3>{t('account.invoiceTitle')}</h3>
      <p data-testid="invoice-status">{t(`account.invoiceStatus.${status ?? 'none'}`)}</p>
      {!user.company?.vat && <p className="muted">{t('account.invoiceNeedsCompany')}</p>}
      <button type="button" className="button button-secondary" onClick={toggle} disabled={toggleInvoice.isPending || !user.company?.vat}>
        {t(action === 'request' ? 'account.invoiceRequest' : 'account.invoiceCancel')}
      </button>
    </section>
  );
}
