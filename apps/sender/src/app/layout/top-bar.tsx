import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSelect, useUserLanguage } from '../../components/language-select.tsx';
import { Avatar } from '@vm/ui/avatar.tsx';
import { StepTracker } from '../../features/wizard/components/step-tracker.tsx';
import { useCurrentUser, useSignedIn } from '@vm/client/session.ts';
import { PushBell } from './notifications.tsx';
import { useLogOut } from './use-log-out.ts';

type Props = { menuOpen: boolean; onToggleMenu: () => void; sidebarId: string };

export function TopBar({ menuOpen, onToggleMenu, sidebarId }: Props) {
  const { t } = useTranslation();
  const logOut = useLogOut();
  const { pathname } = useLocation();
  const signedIn = useSignedIn();
  const user = useCurrentUser().data;
  const onCreateRoute = pathname === '/jobs/create';
  useUserLanguage(user);

  return (
    <header className="top-bar">
      <button type="button" className="menu-toggle" aria-expanded={menuOpen} aria-controls={sidebarId} onClick={onToggleMenu}>
        <span aria-hidden="true">☰</span> <span className="menu-toggle-text">{t('nav.toggle')}</span>
      </button>
      <Link to="/" className="brand" aria-label={t('nav.home')}>
        <img src="favicon.svg" alt="" width="32" height="32" className="brand-logo" />
        <span className="brand-name">{t('brand')}</span>
      </Link>
      <div className="top-bar-center">
        {onCreateRoute ? (
          <StepTracker />
        ) : (
          <Link to="/jobs/create" className="button button-primary">
            {t('nav.createJob')}
          </Link>
        )}
      </div>
      {/* On a phone the choice is in the menu (sidebar.tsx), so the top bar stays one row. */}
      <LanguageSelect variant="compact" className="top-bar-language" />
      {signedIn && user && (
        <Suspense fallback={null}>
          <PushBell />
        </Suspense>
      )}
      {signedIn && user ? (
        <div className="user-widget" data-testid="user-widget">
          <Avatar user={user} size="thumb" alt={t('nav.userMenu', { name: `${user.first_name} ${user.last_name}` })} />
          <div className="user-names">
            <span className="user-name">
              {user.first_name} {user.last_name}
            </span>
            <span className="user-email">{user.email}</span>
          </div>
          {/* On a phone this button is in the menu, so the top bar stays one row. */}
          <button type="button" className="button button-ghost top-bar-logout" onClick={logOut}>
            {t('nav.logout')}
          </button>
        </div>
      ) : (
        !signedIn && (
          <Link to="/login" className="top-bar-login">
            {t('nav.login')}
          </Link>
        )
      )}
    </header>
  );
}
