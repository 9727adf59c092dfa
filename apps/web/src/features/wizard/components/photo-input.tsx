import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { getPhotos, setPhotos, subscribePhotos } from '../photo-store.ts';

const MAX_BYTES = 10 * 1024 * 1024;

/** Photos of one package; wrong files are named under the field (the server checks them again). */
export function PhotoInput({ photoKey, max }: { photoKey: string; max: number }) {
  const { t } = useTranslation();
  const files = useSyncExternalStore(subscribePhotos, () => getPhotos(photoKey));
  const [error, setError] = useState<string | undefined>();
  return (
    <Field
      label={t('wizard.photos')}
      type="file"
      accept="image/*"
      multiple={max > 1}
      hint={files.length ? files.map((f) => f.name).join(', ') : t('wizard.photosHint', { count: max })}
      error={error}
      onChange={(e) => {
        const chosen = [...(e.target.files ?? [])];
        const bad = chosen.find((f) => !f.type.startsWith('image/') || f.size > MAX_BYTES);
        if (chosen.length > max) setError(t('wizard.photosTooMany', { count: max }));
        else if (bad) setError(bad.size > MAX_BYTES ? t('validation.file_too_large') : t('wizard.photoNotImage', { name: bad.name }));
        else {
          setError(undefined);
          setPhotos(photoKey, chosen);
        }
      }}
    />
  );
}
