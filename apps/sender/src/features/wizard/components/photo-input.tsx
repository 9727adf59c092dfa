import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@vm/ui/field.tsx';
import { checkPhotos, type PhotoProblem } from '../../../lib/photo-check.ts';
import { getMissingPhotos, getPhotos, setPhotos, subscribePhotos } from '../photo-store.ts';

/**
 * Photos of one package, checked the moment they are chosen (type by content, size, count): a
 * wrong choice is named under the field and keeps the photos chosen before (SPEC section 2). The
 * server checks them again on upload.
 */
export function PhotoInput({ photoKey, max }: { photoKey: string; max: number }) {
  const { t } = useTranslation();
  const files = useSyncExternalStore(subscribePhotos, () => getPhotos(photoKey));
  const [problem, setProblem] = useState<PhotoProblem | null>(null);
  return (
    <>
      <Field
        label={t('wizard.photos')}
        type="file"
        accept="image/*"
        multiple={max > 1}
        hint={files.length ? files.map((f) => f.name).join(', ') : t('wizard.photosHint', { count: max })}
        error={problem ? t(problem.key, problem) : undefined}
        onChange={(e) => {
          const input = e.currentTarget;
          const chosen = [...(input.files ?? [])];
          void checkPhotos(chosen, max).then((found) => {
            setProblem(found);
            if (found) input.value = '';
            else setPhotos(photoKey, chosen);
          });
        }}
      />
      <MissingPhotos photoKey={photoKey} />
    </>
  );
}

/** A wizard restored from an earlier visit whose photos did not come back says which. */
export function MissingPhotos({ photoKey }: { photoKey: string }) {
  const { t } = useTranslation();
  const missing = useSyncExternalStore(subscribePhotos, () => getMissingPhotos(photoKey));
  if (missing.length === 0) return null;
  return (
    <p className="notification-box notification-box-warning photo-missing" role="status">
      {t('wizard.photosMissing', { count: missing.length, names: missing.join(', ') })}
    </p>
  );
}
