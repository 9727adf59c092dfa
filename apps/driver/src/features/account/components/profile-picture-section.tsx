import { ApiError } from '@vm/client/api-client.ts';
import { useUploadProfilePicture } from '@vm/client/api/upload-profile-picture.ts';
import { useCurrentUser } from '@vm/client/session.ts';
import { Avatar } from '@vm/ui/avatar.tsx';
import { Field } from '@vm/ui/field.tsx';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compressPicture, isPictureType, PICTURE_TYPES } from '../profile-picture.ts';

type Outcome = { kind: 'saved' } | { kind: 'failed'; message: string } | null;

/**
 * Account, Profile picture: the driver's face (or initials) as senders see it on an offer.
 * Chosen from the phone, made smaller here, sent with the same call as the sender app's.
 */
export function ProfilePictureSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const user = useCurrentUser().data;
  const upload = useUploadProfilePicture();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  if (!user) return null;
  const userId = user.id;

  async function choose(file: File | undefined) {
    // One upload at a time: the picture on its way is the one shown next.
    if (!file || busy) return;
    setOutcome(null);
    if (!isPictureType(file)) {
      setOutcome({ kind: 'failed', message: t('picture.wrongType') });
      if (input.current) input.current.value = '';
      return;
    }
    setBusy(true);
    try {
      await upload.mutateAsync({ userId, file: await compressPicture(file) });
      setOutcome({ kind: 'saved' });
    } catch (err) {
      // The server's sentence (a refused image says why); a lost network or a 5xx gets ours.
      setOutcome({ kind: 'failed', message: err instanceof ApiError && ApiError.describe(err.body) ? err.message : t('picture.failed') });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <section className="card picture-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('picture.title')}</h2>
      <div className="picture-row">
        <Avatar user={user} size="medium" alt={t('picture.current')} />
        <p className="picture-why">{t('picture.why')}</p>
      </div>
      <Field
        ref={input}
        label={t('picture.choose')}
        type="file"
        accept={PICTURE_TYPES.join(',')}
        hint={t('picture.hint')}
        aria-busy={busy || undefined}
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <p role="status" className="field-hint">
        {busy ? t('picture.saving') : outcome?.kind === 'saved' ? t('picture.saved') : ''}
      </p>
      {outcome?.kind === 'failed' && (
        <p role="alert" className="form-error">
          {outcome.message}
        </p>
      )}
    </section>
  );
}
