import type { ShipmentRead } from '@vm/domain/shipment';
import { useTranslation } from 'react-i18next';
import { ProtectedImage } from '../../../../components/ui/protected-image.tsx';

/** Each package with its size, weight, description and photos. */
export function PackagesCard({ shipment: s }: { shipment: ShipmentRead }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="packages-title">
      <h2 id="packages-title">{t('job.packages')}</h2>
      <ul className="package-list">
        {s.packages.map((p) => (
          <li key={p.id}>
            <p>
              <strong>{t(`jobs.packageTypes.${p.type}`)}</strong> · {p.width} × {p.length} × {p.height} cm · {p.weight} kg
            </p>
            <p>{p.description}</p>
            {p.attachments.length > 0 && (
              <ul className="photo-list">
                {p.attachments.map((a, i) => (
                  <li key={a.id}>
                    <ProtectedImage src={a.image.thumb.url} alt={t('job.photo', { n: i + 1, description: p.description })} className="package-photo" fallback={<span className="muted">{t('job.photoMissing')}</span>} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
