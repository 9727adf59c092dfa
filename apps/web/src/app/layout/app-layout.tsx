import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useEventStreamWhileSignedIn } from '../../lib/event-stream.ts';
import { useCurrentUser, useSignedIn } from '../../lib/session.ts';
import { ProgressBar } from './progress-bar.tsx';
import { ActivityFeed, OutcomeBoxes, PushToasts } from './notifications.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

const SIDEBAR_ID = 'app-sidebar';

export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The drawer belongs to the page it was opened on, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  const signedIn = useSignedIn();
  const user = useCurrentUser();
  // The main area waits until we know who is signed in (SPEC section 2).
  const authReady = !signedIn || !user.isPending;
  useEventStreamWhileSignedIn();

  return (
    <div className={`app${signedIn ? ' app-signed-in' : ''}`}>
      <ProgressBar />
      <TopBar menuOpen={menuOpen} onToggleMenu={() => setMenuOpen(!menuOpen)} sidebarId={SIDEBAR_ID} />
      <div className="app-body">
        <Sidebar id={SIDEBAR_ID} open={menuOpen} onNavigate={() => setMenuOpen(false)} />
        {menuOpen && <div className="sidebar-backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
        <main className="main" id="main">
          {signedIn && (
            <Suspense fallback={null}>
              <OutcomeBoxes />
            </Suspense>
          )}
          {authReady ? (
            <Suspense fallback={<p className="loading">{t('loading')}</p>}>
              <Outlet />
            </Suspense>
          ) : (
            <p className="loading">{t('loading')}</p>
          )}
        </main>
        {signedIn && (
          <aside className="activity" aria-labelledby="activity-title">
            <h2 id="activity-title">{t('activity.title')}</h2>
            <Suspense fallback={<p className="muted">{t('loading')}</p>}>
              <ActivityFeed />
            </Suspense>
          </aside>
        )}
      </div>
      {signedIn && (
        <Suspense fallback={null}>
          <PushToasts />
        </Suspense>
      )}
      <footer className="footer">{t('footer.text', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}
