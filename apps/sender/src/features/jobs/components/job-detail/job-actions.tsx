import { changeableBySender, type ShipmentRead } from '@vm/domain/shipment';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Change the job while no offer is accepted; book the same trip again at any time (both open the wizard). */
export function JobActions({ shipment: s }: { shipment: ShipmentRead }) {
  const { t } = useTranslation();
  return (
    <div className="job-actions">
      {changeableBySender(s) && (
        <Link className="button button-secondary" to={`/jobs/${s.id}/change`}>
          {t('booking.changeJob')}
        </Link>
      )}
      <Link className="button button-ghost" to={`/jobs/${s.id}/again`} title={t('booking.bookAgainHint')}>
        {t('booking.bookAgain')}
      </Link>
    </div>
  );
}
