import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { useEventStreamWhileSignedIn } from '@vm/client/event-stream.ts';
import { usePageTitleOverride } from '../../lib/page-title.ts';
import { focusHeading, useRouteFocus } from '@vm/ui/route-focus.ts';
import { useCurrentUser, useSignedIn } from '@vm/client/session.ts';
import { ProgressBar } from './progress-bar.tsx';
import { ActivityFeed, OutcomeBoxes, PushToasts } from './notifications.tsx';
import { Sidebar } from './sidebar.tsx';
import type { RouteHandle } from '../router.tsx';
import { TopBar } from './top-bar.tsx';

const SIDEBAR_ID = 'app-sidebar';
// Issue 23 part 2: while the account is restricted or suspended, a banner on every signed-in page (a lazy chunk).
const RestrictionBanner = lazy(() => import('@vm/ui/restrictions.tsx').then((m) => ({ default: m.RestrictionBanner })));

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
  const title = useDocumentTitle();
  // After a route change focus goes to the page's heading and the title is announced.
  const main = useRef<HTMLElement>(null);
  const announcement = useRouteFocus(pathname, title, main);
  // Every navigation starts at the top of the new page (a hash change keeps the old scroll).
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className={`app${signedIn ? ' app-signed-in' : ''}`}>
      {/* The first stop of the keyboard: past the top bar and the menu to the page itself. A
          script link, since a '#main' address would be taken for a route by the hash router. */}
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          if (!focusHeading(main.current)) main.current?.focus();
        }}
      >
        {t('nav.skipToContent')}
      </a>
      <ProgressBar />
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
        {announcement.text && <span key={announcement.key}>{announcement.text}</span>}
      </p>
      <TopBar menuOpen={menuOpen} onToggleMenu={() => setMenuOpen(!menuOpen)} sidebarId={SIDEBAR_ID} />
      <div className="app-body">
        <Sidebar id={SIDEBAR_ID} open={menuOpen} onNavigate={() => setMenuOpen(false)} />
        {menuOpen && <div className="sidebar-backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
        <main className="main" id="main" ref={main} tabIndex={-1}>
          {signedIn && (
            <Suspense fallback={null}>
              <RestrictionBanner />
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
      <footer className="footer">
        {t('footer.text', { year: new Date().getFullYear() })}
        {/* Issue 23 part 4: the privacy statement and the terms, public. */}
        <nav className="footer-links" aria-label={t('footer.links')}>
          <Link to="/privacy">{t('footer.privacy')}</Link>
          <Link to="/terms">{t('footer.terms')}</Link>
        </nav>
      </footer>
    </div>
  );
}

/** '<page> · Vrachtmarkt': the page's own name (a job's reference) or the route's. */
function useDocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const override = usePageTitleOverride();
  const match = matches.findLast((m) => (m.handle as RouteHandle | undefined)?.title);
  const title = (match?.handle as RouteHandle | undefined)?.title;
  const key = typeof title === 'function' ? title(match!.params) : title;
  const page = override ?? (key ? t(key, { defaultValue: t('titles.jobsAll') }) : null);
  const text = page ? t('titles.page', { page }) : t('brand');
  useEffect(() => {
    document.title = text;
  }, [text]);
  return text;
}
