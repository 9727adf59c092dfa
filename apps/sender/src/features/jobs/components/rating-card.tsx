import type { ShipmentRead } from '@vm/domain/shipment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@vm/client/session.ts';
import { useRateShipment } from '../api/rate-shipment.ts';
import { Stars } from './stars.tsx';

/** SPEC section 2: Received and Given ratings; the 1-5 star control while none is given. */
export function RatingCard({ shipment }: { shipment: ShipmentRead }) {
  const { t } = useTranslation();
  const me = useCurrentUser().data;
  const [hover, setHover] = useState(0);
  const rating = useRateShipment();
  if (!me) return null;
  const given = shipment.ratings.find((r) => r.author_id === me.id);
  const received = shipment.ratings.find((r) => r.ratingable_id === me.id);

  function rate(n: number) {
    rating.mutate(
      { shipmentId: shipment.id, rating: n },
      // SPEC section 8: a rating failure is only logged.
      { onError: (err) => console.warn('rating failed', err) },
    );
  }

  return (
    <section className="card" aria-labelledby="ratings-title">
      <h2 id="ratings-title">{t('job.ratings')}</h2>
      <dl className="details">
        <dt>{t('job.received')}</dt>
        <dd>{received ? <Stars value={received.rating} /> : <span className="muted">{t('job.noRating')}</span>}</dd>
        <dt>{t('job.given')}</dt>
        <dd data-testid="given-rating">
          {given ? (
            <Stars value={given.rating} />
          ) : (
            <fieldset className="star-input" onMouseLeave={() => setHover(0)} disabled={rating.isPending}>
              <legend className="visually-hidden">{t('job.rateDriver')}</legend>
              {[1, 2, 3, 4, 5].map((n) => (
                <button key={n} type="button" className={n <= hover ? 'star-button star-on' : 'star-button'} aria-label={t('job.stars', { count: n })} onMouseEnter={() => setHover(n)} onFocus={() => setHover(n)} onClick={() => rate(n)}>
                  ★
                </button>
              ))}
            </fieldset>
          )}
        </dd>
      </dl>
    </section>
  );
}
