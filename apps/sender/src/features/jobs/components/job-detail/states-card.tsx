import type { ShipmentRead } from '@vm/domain/shipment';
import { useTranslation } from 'react-i18next';
import { cancellableBySender } from './cancellation-ladder.ts';
import { when } from './format.ts';

/** The job's history of states; a job can be cancelled from here while new and, for the ladder's fee, until loading. */
export function StatesCard({ shipment: s, onCancel }: { shipment: ShipmentRead; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="states-title">
      <h2 id="states-title">{t('job.states')}</h2>
      <ol className="state-list">
        {s.states.map((x, i) => (
          <li key={`${x.state}-${i}`}>
            <span>{t(`jobs.states.${x.state}`)}</span>
            <time className="muted" dateTime={new Date(x.created_at * 1000).toISOString()}>
              {when(x.created_at, s.pickup_timezone)}
            </time>
          </li>
        ))}
      </ol>
      {cancellableBySender(s) && (
        <button type="button" className="button button-danger" onClick={onCancel}>
          {t('job.cancel')}
        </button>
      )}
    </section>
  );
}
