import { MAIL_KINDS, type MailKind } from '@vm/domain/events';
import { useTranslation } from 'react-i18next';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { useMailSettings } from '../api/get-mail-settings.ts';
import { useUpdateMailSettings } from '../api/update-mail-settings.ts';

/**
 * Notification settings: one switch per kind of mail, saved as soon as it is flipped. Switches stay
 * enabled while saving so keyboard focus never jumps away; each save sends only its own kind.
 */
export function MailSettingsBlock() {
  const { t } = useTranslation();
  const toast = useToast();
  const settings = useMailSettings();
  const save = useUpdateMailSettings();

  async function change(kind: MailKind, on: boolean) {
    try {
      await save.mutateAsync({ [kind]: on });
      toast(t('account.mailSettingsSaved'), 'success');
    } catch (err) {
      toast(err instanceof Error ? err.message : String(err), 'danger', TOAST_MS.long);
    }
  }

  return (
    <section className="card" aria-labelledby="mail-settings-title">
      <h2 id="mail-settings-title">{t('account.mailSettingsTitle')}</h2>
      <p className="muted">{t('account.mailSettingsHint')}</p>
      {settings.isPending ? (
        <p className="loading">{t('account.loading')}</p>
      ) : settings.data ? (
        <div className="mail-settings">
          {MAIL_KINDS.map((kind) => (
            <label key={kind} className="switch">
              <input type="checkbox" role="switch" checked={settings.data[kind]} onChange={(e) => change(kind, e.target.checked)} />
              {t(`account.mailKinds.${kind}`)}
            </label>
          ))}
        </div>
      ) : (
        <p role="alert">{t('account.mailSettingsFailed')}</p>
      )}
    </section>
  );
}
