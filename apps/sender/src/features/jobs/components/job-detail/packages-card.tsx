import { MAX_PHOTOS, PACKAGE_TAGS, type PackageTag } from '@vm/domain/packages';
import { changeableBySender, type PackageRead, type ShipmentRead } from '@vm/domain/shipment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@vm/ui/field.tsx';
import { ProtectedImage } from '@vm/ui/protected-image.tsx';
import { localeTag } from '@vm/client/locale.ts';
import { checkPhotos } from '../../../../lib/photo-check.ts';
import { useAddPhotos, useRemovePhoto } from '../../api/package-photos.ts';

/** A package's flags in the wizard's order; pallet exchange only for a pallet (its switch or its tag). */
const flagsOf = (p: PackageRead): PackageTag[] => {
  const tags = PACKAGE_TAGS.filter((tag) => tag !== 'pallet_exchange' && p.tags.includes(tag));
  return p.type === 'pallet' && (p.must_be_traded || p.tags.includes('pallet_exchange')) ? [...tags, 'pallet_exchange'] : tags;
};

/**
 * Each package with its size (width × height × depth, as entered), weight, flags, description and
 * photos; while the job can still change, photos are added and removed here (decision 0023).
 */
export function PackagesCard({ shipment: s }: { shipment: ShipmentRead }) {
  const { t } = useTranslation();
  const editable = changeableBySender(s);
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
            {p.attachments.length > 0 && <Photos shipmentId={s.id} pkg={p} editable={editable} />}
            {editable && p.attachments.length < MAX_PHOTOS[p.type] && <AddPhotos shipmentId={s.id} pkg={p} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Photos({ shipmentId, pkg, editable }: { shipmentId: number; pkg: PackageRead; editable: boolean }) {
  const { t } = useTranslation();
  const remove = useRemovePhoto();
  return (
    <ul className="photo-list">
      {pkg.attachments.map((a, i) => (
        <li key={a.id}>
          <ProtectedImage src={a.image.thumb.url} alt={t('job.photo', { n: i + 1, description: pkg.description })} className="package-photo" fallback={<span className="muted">{t('job.photoMissing')}</span>} />
          {editable && (
            <button type="button" className="link-button" disabled={remove.isPending} onClick={() => remove.mutate({ id: shipmentId, photoId: a.id })}>
              {t('job.removePhoto', { n: i + 1 })}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Photos chosen are checked as in the wizard (type by content, size, how many), then uploaded at once. */
function AddPhotos({ shipmentId, pkg }: { shipmentId: number; pkg: PackageRead }) {
  const { t } = useTranslation();
  const add = useAddPhotos();
  const [problem, setProblem] = useState<string | undefined>();
  const room = MAX_PHOTOS[pkg.type] - pkg.attachments.length;
  return (
    <Field
      label={t('job.addPhotos', { description: pkg.description })}
      type="file"
      accept="image/*"
      multiple={room > 1}
      disabled={add.isPending}
      hint={t('wizard.photosHint', { count: room })}
      error={problem}
      onChange={(e) => {
        const input = e.currentTarget;
        const chosen = [...(input.files ?? [])];
        void checkPhotos(chosen, room).then(async (found) => {
          setProblem(found ? t(found.key, found) : undefined);
          if (found || chosen.length === 0) return;
          try {
            await add.mutateAsync({ id: shipmentId, packageId: pkg.id, files: chosen });
          } catch (err) {
            setProblem(err instanceof Error ? err.message : String(err));
          } finally {
            input.value = '';
          }
        });
      }}
    />
  );
}
