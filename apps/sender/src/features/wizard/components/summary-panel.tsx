import { timeWindow } from '@vm/client/zoned-format.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sideWindow } from '../to-shipment.ts';
import type { WizardState } from '../wizard-state.ts';

type Props = { state: WizardState; now: Date; onChange: (step: number) => void };

/** Everything the sender entered, checked before placing (or saving a change): each part links to its step. */
export function SummaryPanel({ state, now, onChange }: Props) {
  const { t } = useTranslation();
  const part = (key: string, title: string, step: number, body: ReactNode) => (
    <div className="summary-part" key={key}>
      <div className="summary-head">
        <h3>{title}</h3>
        <button type="button" className="link-button" aria-label={t('booking.changeLabel', { part: title })} onClick={() => onChange(step)}>
          {t('booking.change')}
        </button>
      </div>
      {body}
    </div>
  );
  const side = (key: 'pickup' | 'delivery') => {
    const v = state[key];
    const w = sideWindow(state, key, now);
    return (
      <ul className="summary-lines" data-testid={`summary-${key}`}>
        <li>{v.address?.formatted ?? t('booking.notChosen')}</li>
        {v.isBusiness === '1' && v.companyName && <li>{t('booking.company', { name: v.companyName })}</li>}
        <li>{w ? timeWindow(w.from, w.till, v.timezone) : t('booking.notChosen')}</li>
        {v.instructions && <li className="summary-text">{t('booking.instructions', { text: v.instructions })}</li>}
      </ul>
    );
  };
  const goods =
    state.type === 'custom' ? (
      <ul className="summary-lines" data-testid="summary-goods">
        {state.items.map((item) => (
          <li key={item.id}>
            {t(`wizard.itemTypes.${item.type}`)} · {item.description} · {t('wizard.itemSummary', item)}
          </li>
        ))}
      </ul>
    ) : (
      <ul className="summary-lines" data-testid="summary-goods">
        <li>{state.type ? t(`wizard.types.${state.type}.name`) : t('booking.notChosen')}</li>
        {state.description && <li className="summary-text">{state.description}</li>}
      </ul>
    );
  return (
    <section className="card summary" aria-labelledby="summary-title">
      <h2 id="summary-title">{t('booking.summaryTitle')}</h2>
      <p className="muted">{t('booking.summaryIntro')}</p>
      {part('goods', t('booking.goods'), 2, goods)}
      {part('pickup', t('booking.pickup'), 3, side('pickup'))}
      {part('delivery', t('booking.delivery'), 4, side('delivery'))}
      {!state.editing && part('price', t('booking.price'), 5, <p>{t('booking.priceText')}</p>)}
    </section>
  );
}
