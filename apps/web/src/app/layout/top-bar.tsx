import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { StepTracker } from '../../features/wizard/components/step-tracker.tsx';
import { clearPhotos } from '../../features/wizard/photo-store.ts';
import { resetWizard } from '../../features/wizard/wizard-state.ts';
import { logOut, useCurrentUser, useSignedIn } from '../../lib/session.ts';
import { PushBell } from './notifications.tsx';

type Props = { menuOpen: boolean; onToggleMenu: () => void; sidebarId: string };

export function TopBar({ menuOpen, onToggleMenu, sidebarId }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signedIn = useSignedIn();
  const user = useCurrentUser().data;
  const onCreateRoute = pathname === '/jobs/create';

  return (
    <header className="top-bar">
      <button type="button" className="menu-toggle" aria-expanded={menuOpen} aria-controls={sidebarId} onClick={onToggleMenu}>
        <span aria-hidden="true">☰</span> {t('nav.toggle')}
      </button>
      <Link to="/" className="brand" aria-label={t('nav.home')}>
        {t('brand')}
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
          <button
            type="button"
            className="button button-ghost"
            onClick={() => {
              logOut();
              // A shared device keeps no draft of the person who left.
              resetWizard();
              clearPhotos();
              navigate('/login');
            }}
          >
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
