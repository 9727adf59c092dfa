import type { CardRead } from '@vm/domain/marketplace';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteCards } from '@vm/client/api/delete-cards.ts';
import { Modal } from '@vm/ui/modal.tsx';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';

/**
 * The stored card (SPEC section 2, Account): last four digits, expiry and 'Remove Credit Card',
 * which asks first: the card is gone for every later payment.
 */
export function CardWidget({ card }: { card: CardRead }) {
  const { t } = useTranslation();
  const toast = useToast();
  const deleteCards = useDeleteCards();
  const busy = deleteCards.isPending;
  const [asking, setAsking] = useState(false);
  // Awaited rather than mutate's callbacks: the widget is gone once the cards are, and the toast still shows.
  async function remove() {
    try {
      await deleteCards.mutateAsync();
      toast(t('billing.cardRemoved'), 'success', TOAST_MS.long);
    } catch (err) {
      toast(err instanceof Error ? err.message : String(err), 'danger', TOAST_MS.long);
    } finally {
      setAsking(false);
    }
  }
  return (
    <div className="card-widget">
      <p>{t('billing.chargedToCard')}</p>
      <p className="card-number">
        {card.brand} •••• {card.last4}
        <span className="muted"> · {t('billing.expires', { month: String(card.exp_month).padStart(2, '0'), year: card.exp_year })}</span>
      </p>
      <button type="button" className="button button-ghost" onClick={() => setAsking(true)} disabled={busy}>
        {t('billing.removeCard')}
      </button>
      <Modal open={asking} title={t('billing.removeTitle')} onClose={() => setAsking(false)}>
        <p>{t('billing.removeQuestion', { brand: card.brand, last4: card.last4 })}</p>
        <div className="form-actions">
          <button type="button" className="button button-danger" onClick={remove} disabled={busy}>
            {t('billing.removeYes')}
          </button>
          <button type="button" className="button button-ghost" onClick={() => setAsking(false)} disabled={busy}>
            {t('billing.removeNo')}
          </button>
        </div>
      </Modal>
    </div>
  );
}
