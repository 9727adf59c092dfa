import { useMutation } from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { isLanguage, languageName, LANGUAGES } from '@vm/client/locale.ts';
import { queryClient } from '@vm/client/query-client.ts';
import { focusHeading, useRouteFocus } from '@vm/ui/route-focus.ts';
import { opsCall } from '../lib/ops-api.ts';
import { clearOpsSession, useOpsSession } from '../lib/ops-session.ts';
import { setLanguage } from '../i18n.ts';
import { can } from '@vm/domain/staff-roles';
import { NAV } from './nav.ts';

/** Every screen's frame: the brand, the nav of the staff member's role, the language, sign-out. */
/** Each page's title by the start of its path (the overview otherwise). */
const PAGE_TITLES = [
  ['/drivers', 'titles.drivers'],
  ['/bank-statements', 'titles.bankStatements'],
  ['/invoice-requests', 'titles.invoiceRequests'],
  ['/payouts', 'titles.payouts'],
  ['/unpaid-invoices', 'titles.unpaidInvoices'],
  ['/problems', 'titles.problems'],
  // Issue 23 part 2: the support desk.
  ['/search', 'titles.search'],
  ['/users', 'titles.user'],
  ['/restrictions', 'titles.restrictions'],
] as const;

export function OpsLayout() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const session = useOpsSession();
  const main = useRef<HTMLElement>(null);
  const title = !session ? t('titles.signIn') : t(PAGE_TITLES.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? 'titles.home');
  const announcement = useRouteFocus(pathname, title, main);
  useLayoutEffect(() => {
    document.title = t('titles.page', { page: title });
  }, [t, title]);
  const signOut = useMutation({
    mutationFn: () => opsCall('POST /api/ops/sign-out', {}),
    // Signed out here whatever the server answered (a session that already ended is as good).
    onSettled: () => {
      clearOpsSession();
      queryClient.removeQueries({ queryKey: ['ops'] });
    },
  });

  return (
    <div className="app ops-app">
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
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement.text && <span key={announcement.key}>{announcement.text}</span>}
      </p>
      <header className="top-bar">
        <span className="brand">
          <span className="brand-name">{t('brand')}</span>
        </span>
        {session && (
          <nav aria-label={t('nav.label')} className="ops-nav">
            <ul className="menu">
              {NAV.filter((n) => can(session.staff.role, n.capability)).map((n) => (
                <li key={n.to}>
                  <NavLink to={n.to} end={n.to === '/'} className="menu-link">
                    {t(n.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="ops-tools">
          <label className="language-compact">
            <span className="visually-hidden">{t('nav.language')}</span>
            <select
              value={i18n.language}
              onChange={(e) => {
                const language = e.target.value;
                if (isLanguage(language)) void setLanguage(language);
              }}
            >
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {languageName(language)}
                </option>
              ))}
            </select>
          </label>
          {session && (
            <button type="button" className="button button-ghost" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
              {t('nav.signOut')}
            </button>
          )}
        </div>
      </header>
      <main className="main" id="main" ref={main} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
