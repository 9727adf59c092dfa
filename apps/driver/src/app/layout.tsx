import { useCurrentUser, useSignedIn } from '@vm/client/session.ts';
import { useRouteFocus } from '@vm/ui/route-focus.ts';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useMatches } from 'react-router';
import { useUserLanguage } from '../lib/language.tsx';
import { OfflineStatus } from './offline-status.tsx';
import type { RouteHandle } from './router.tsx';

// Issue 23 part 2: the restriction banner, its query and its texts in a lazy chunk (the first page's size budget).
const RestrictionBanner = lazy(() => import('@vm/ui/restrictions.tsx').then((m) => ({ default: m.RestrictionBanner })));

/** The shell: a skip link, the brand, the offline state, the page, and (signed in) the tab bar at the bottom. */
export function AppLayout() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const user = useCurrentUser();
  useUserLanguage(user.data);
  const { pathname } = useLocation();
  const title = useDocumentTitle();
  const main = useRef<HTMLElement>(null);
  const announcement = useRouteFocus(pathname, title, main);
  useLayoutEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);

  return (
    <div className={`driver-app${signedIn ? ' driver-signed-in' : ''}`}>
      <a className="skip-link" href="#main" onClick={(e) => (e.preventDefault(), main.current?.focus())}>
        {t('nav.skipToContent')}
      </a>
      <header className="driver-top">
        <span className="driver-brand">{t('brand')}</span>
      </header>
      {signedIn && <OfflineStatus />}
      <main id="main" ref={main} tabIndex={-1} className="driver-main">
        {signedIn && (
          <Suspense fallback={null}>
            <RestrictionBanner />
          </Suspense>
        )}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <p className="visually-hidden" aria-live="polite" key={announcement.key}>
        {announcement.text}
      </p>
      {signedIn && <TabBar />}
    </div>
  );
}

function TabBar() {
  const { t } = useTranslation();
  const tabs = [
    { to: '/work', label: t('nav.work'), icon: '▦' },
    { to: '/my-jobs', label: t('nav.myJobs'), icon: '⇄' },
    { to: '/earnings', label: t('nav.earnings'), icon: '€' },
    { to: '/account', label: t('nav.account'), icon: '◉' },
  ];
  return (
    <nav className="tab-bar" aria-label={t('nav.label')}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} className="tab">
              <span aria-hidden="true" className="tab-icon">
                {tab.icon}
              </span>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function useDocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const key = (matches.findLast((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as RouteHandle | undefined)?.title;
  const text = key ? t('titles.page', { page: t(key) }) : t('brand');
  useEffect(() => {
    document.title = text;
  }, [text]);
  return text;
}
