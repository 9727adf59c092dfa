import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RouteMap } from '@vm/ui/map/route-map.tsx';
import { formatDay } from '@vm/domain/window-format';
import { clockTime, dayMonth, timeWindow } from '@vm/client/zoned-format.ts';
import type { TrackingSide, TrackingView } from '@vm/domain/tracking';
import { isGone, useTracking } from '../api/tracking.ts';
import { localeTag } from '@vm/client/locale.ts';

/** The public page behind a shared link: no login, nothing personal, refreshed every 10 s. */
export function TrackingPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const { data, error, isPending, dataUpdatedAt } = useTracking(token);
  // A revoked link shows as invalid at its next refresh, even though the old data is still cached.
  const body = isGone(error) ? (
    <p className="form-error" role="alert">
      {t('tracking.invalid')}
    </p>
  ) : isPending ? (
    <p className="loading">{t('tracking.loading')}</p>
  ) : data ? (
    <Tracking view={data} answeredAt={dataUpdatedAt} />
  ) : (
    <p className="form-error" role="alert">
      {t('tracking.loadFailed')}
    </p>
  );
  return (
    <section className="page tracking">
      <h1>{t('tracking.title')}</h1>
      {body}
    </section>
  );
}

/** `answeredAt`: when the server answered (ms), the 'today' of the arrival time. */
function Tracking({ view, answeredAt }: { view: TrackingView; answeredAt: number }) {
  const { t } = useTranslation();
  const { state, pickup, delivery, eta } = view;
  const tz = pickup.timezone;
  const place = (s: TrackingSide) => `${s.zip} ${s.city}`.trim();
  const etaSide = eta ? view[eta.leg] : null;
  const etaText = () => {
    if (!eta || !etaSide) return '';
    const sameDay = dayMonth(eta.at, etaSide.timezone) === dayMonth(answeredAt / 1000, etaSide.timezone);
    const time = clockTime(eta.at, etaSide.timezone);
    const text = sameDay ? t('tracking.eta', { time }) : t('tracking.etaOn', { date: formatDay(eta.at, etaSide.timezone, localeTag()), time });
    return eta.estimated ? `${text} ${t('tracking.estimate')}` : text;
  };

  return (
    <>
      <p className="tracking-trip">
        {pickup.city} → {delivery.city}
      </p>
      <p>
        <span className={`badge badge-${state}`} data-testid="tracking-state">
          {t(`jobs.states.${state}`)}
        </span>
      </p>
      {eta && etaSide && (
        <p className="tracking-eta" data-testid="tracking-eta">
          <strong>{etaText()}</strong>
          <br />
          <span className="muted">{t(eta.leg === 'pickup' ? 'tracking.toPickup' : 'tracking.toDelivery', { city: etaSide.city })}</span>
        </p>
      )}

      <RouteMap
        from={pickup}
        to={delivery}
        route={view.route}
        current={view.current_location}
        labels={{ map: t('tracking.map'), pickup: t('tracking.pickup'), delivery: t('tracking.delivery'), current: t('tracking.currentLocation') }}
        testId="tracking-map"
      />
      {!view.current_location && <p className="muted">{t('tracking.noPosition')}</p>}

      <div className="tracking-columns">
        <section className="card" aria-labelledby="tracking-places">
          <h2 id="tracking-places">{t('tracking.windows')}</h2>
          <dl className="details">
            <dt>{t('tracking.pickup')}</dt>
            <dd>
              {place(pickup)}
              <br />
              <span className="muted">{timeWindow(pickup.date_from, pickup.date_till, pickup.timezone)}</span>
            </dd>
            <dt>{t('tracking.delivery')}</dt>
            <dd>
              {place(delivery)}
              <br />
              <span className="muted">{timeWindow(delivery.date_from, delivery.date_till, delivery.timezone)}</span>
            </dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="tracking-history">
          <h2 id="tracking-history">{t('tracking.history')}</h2>
          <ol className="state-list">
            {view.states.map((s, i) => (
              <li key={`${s.state}-${i}`}>
                <span>{t(`jobs.states.${s.state}`)}</span>
                <time className="muted" dateTime={new Date(s.created_at * 1000).toISOString()}>
                  {dayMonth(s.created_at, tz)} {clockTime(s.created_at, tz)}
                </time>
              </li>
            ))}
          </ol>
        </section>
      </div>
      <p className="muted tracking-note">{t('tracking.refreshes')}</p>
    </>
  );
}
