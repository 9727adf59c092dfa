import { useTranslation } from 'react-i18next';
import { refusalText } from '../../../lib/errors.ts';
import { passkeysSupported } from '../../../lib/passkeys.ts';
import { useAddPasskey } from '../api/add-passkey.ts';

/** "Add a passkey on this device": for staff who set up with a password, or use a second device. */
export function AddPasskey({ passkeys }: { passkeys: number }) {
  const { t } = useTranslation();
  const add = useAddPasskey();
  if (!passkeysSupported()) return null;
  const count = add.data?.passkeys ?? passkeys;
  return (
    <section aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">{t('passkeys.title')}</h2>
      <p>{t('passkeys.count', { count })}</p>
      {add.isSuccess && <p role="status">{t('passkeys.added')}</p>}
      {add.isError && (
        <p className="form-error" role="alert">
          {refusalText(add.error, t('passkeys.failed'))}
        </p>
      )}
      <button type="button" className="button button-secondary" disabled={add.isPending} onClick={() => add.mutate()}>
        {t('passkeys.add')}
      </button>
    </section>
  );
}
