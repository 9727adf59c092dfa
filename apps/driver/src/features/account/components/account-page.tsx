import '../data-texts.ts';
import { logOut, useCurrentUser } from '@vm/client/session.ts';
import { DataRightsSection } from '@vm/ui/data-rights.tsx';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageField } from '../../../lib/language.tsx';
import { LegalLinks } from '../../../lib/legal-links.tsx';
import { disablePushBeforeSignOut } from '../../../lib/push.ts';
import { useProfile } from '../api/onboarding.ts';
import { ChecklistSection } from './checklist.tsx';
import { ProfilePictureSection } from './profile-picture-section.tsx';
import { PushSection } from './push-section.tsx';
import { SelfBillingNotice } from './self-billing-notice.tsx';

/** Account: who is signed in, the onboarding checklist and verification status, the profile picture, notifications, the language, signing out, and the driver's data (export, deletion). */
export function AccountPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const approved = useProfile().data?.profile?.status === 'approved';
  return (
    <section className="page page-narrow">
      <h1>{user.data ? t('account.greeting', { name: user.data.first_name }) : t('account.title')}</h1>
      {approved && <p className="page-intro">{t('account.approvedIntro')}</p>}
      <SelfBillingNotice />
      <ChecklistSection />
      <ProfilePictureSection />
      <PushSection />
      <div className="card">
        <LanguageField />
        <button
          type="button"
          className="button button-secondary button-block"
          onClick={async () => {
            // This phone stops getting the driver's pushes first (it needs the driver's token).
            await disablePushBeforeSignOut();
            logOut();
            void navigate('/login', { replace: true });
          }}
        >
          {t('account.logOut')}
        </button>
      </div>
      {/* Issue 23 part 4: download the data, or delete the account (then signed out). */}
      <DataRightsSection
        prefix="dataRights"
        onDeleted={async () => {
          // The server dropped this phone's subscription with the account; the browser forgets it too.
          await disablePushBeforeSignOut();
          logOut();
          void navigate('/login', { replace: true });
        }}
      />
      <LegalLinks />
    </section>
  );
}

