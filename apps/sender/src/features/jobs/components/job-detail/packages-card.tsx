import { PACKAGE_TAGS, type PackageTag } from '@vm/domain/packages';
import type { PackageRead, ShipmentRead } from '@vm/domain/shipment';
import { useTranslation } from 'react-i18next';
import { ProtectedImage } from '@vm/ui/protected-image.tsx';
import { localeTag } from '@vm/client/locale.ts';

/** A package's flags in the wizard's order; pallet exchange only for a pallet (its switch or its tag). */
const flagsOf = (p: PackageRead): PackageTag[] => {
  const tags = PACKAGE_TAGS.filter((tag) => tag !== 'pallet_exchange' && p.tags.includes(tag));
  return p.type === 'pallet' && (p.must_be_traded || p.tags.includes('pallet_exchange')) ? [...tags, 'pallet_exchange'] : tags;
};

/** Each package with its size (width × height × depth, as entered), weight, flags, description and photos. */
export function PackagesCard({ shipment: s }: { shipment: ShipmentRead }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="packages-title">
      <h2 id="packages-title">{t('job.packages')}</h2>
      <ul className="package-list">
        {s.packages.map((p) => (
          <li key={p.id}>
            <p>
              <strong>{t(`jobs.packageTypes.${p.type}`)}</strong> · {t('job.size', p)} · {t('job.weight', { weight: p.weight.toLocaleString(localeTag()) })}
            </p>
            {flagsOf(p).length > 0 && <p className="package-flags">{flagsOf(p).map((tag) => t(`wizard.tags.${tag}`)).join(' · ')}</p>}
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
