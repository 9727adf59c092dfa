import { birthdayToMask } from '@vm/domain/user';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelect } from '../../../components/language-select.tsx';
import { Avatar } from '@vm/ui/avatar.tsx';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { useCurrentUser } from '@vm/client/session.ts';
import { useUploadProfilePicture } from '@vm/client/api/upload-profile-picture.ts';
import { CompanyBlock } from './company-block.tsx';
import { MailSettingsBlock } from './mail-settings-block.tsx';
import { PaymentBlock } from './payment-block.tsx';
import { DataRightsSection } from '@vm/ui/data-rights.tsx';
import { useLogOut } from '../../../app/layout/use-log-out.ts';

export function AccountPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const user = useCurrentUser().data;
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProfilePicture();
  const logOut = useLogOut();
  if (!user) return null;

  function uploadPicture(file: File | undefined) {
    if (!file || !user) return;
    upload.mutate(
      { userId: user.id, file },
      {
        onSuccess: () => toast(t('account.pictureSaved'), 'success'),
        onError: (err) => toast(err.message, 'danger', TOAST_MS.long),
        onSettled: () => {
          if (input.current) input.current.value = '';
        },
      },
    );
  }

  const none = <span className="muted">{t('account.none')}</span>;
  return (
    <section className="page">
      <h1>{t('account.title')}</h1>
      <div className="card profile-card">
        <button type="button" className="avatar-button" onClick={() => input.current?.click()} disabled={upload.isPending} aria-describedby="picture-hint">
          <Avatar user={user} size="medium" alt={t('account.picture')} />
          <span className="visually-hidden">{t('account.picture')}</span>
        </button>
        <input ref={input} type="file" accept="image/*" className="visually-hidden" tabIndex={-1} aria-label={t('account.picture')} onChange={(e) => uploadPicture(e.target.files?.[0])} />
        <p id="picture-hint" className="field-hint">
          {t('account.pictureHint')}
        </p>
        <dl className="details">
          <dt>{t('account.name')}</dt>
          <dd>
            {user.first_name} {user.last_name}
          </dd>
          <dt>{t('account.email')}</dt>
          <dd>{user.email}</dd>
          <dt>{t('account.birthday')}</dt>
          <dd>{user.birthday ? birthdayToMask(user.birthday) : none}</dd>
          <dt>{t('account.cellphone')}</dt>
          <dd>{user.cellphone || none}</dd>
          <dt>{t('account.address')}</dt>
          <dd>{user.address.formatted || none}</dd>
        </dl>
        <Link to="/edit-user" className="button button-secondary">
          {t('account.edit')}
        </Link>
      </div>
      <p className="account-links">
        <Link to="/account/invoices" className="button button-secondary">
          {t('account.invoices')}
        </Link>
      </p>
      <CompanyBlock user={user} />
      <PaymentBlock user={user} />
      <MailSettingsBlock />
      <section className="card" aria-labelledby="language-title">
        <h2 id="language-title">{t('language.title')}</h2>
        <LanguageSelect variant="field" />
      </section>
      {/* Issue 23 part 4: download the data, or delete the account (then signed out). */}
      <DataRightsSection
        prefix="account.data"
        onDeleted={() => {
          toast(t('account.data.deleted'), 'success');
          logOut();
        }}
      />
    </section>
  );
}
