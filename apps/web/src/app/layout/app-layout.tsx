import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { ActivityFeed } from '../../features/notifications/components/activity-feed.tsx';
import { OutcomeBoxes } from '../../features/notifications/components/outcome-boxes.tsx';
import { PushToasts } from '../../features/notifications/components/push-toasts.tsx';
import { useEventStreamWhileSignedIn } from '../../lib/event-stream.ts';
import { useCurrentUser, useSignedIn } from '../../lib/session.ts';
import { ProgressBar } from './progress-bar.tsx';
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
          {signedIn && <OutcomeBoxes />}
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
            <ActivityFeed />
          </aside>
        )}
      </div>
      {signedIn && <PushToasts />}
      <footer className="footer">{t('footer.text', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}
