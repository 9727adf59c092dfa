import { createHashRouter, Navigate } from 'react-router';
import { senderShipmentsQuery } from '../features/jobs/api/list-shipments.ts';
import { shipmentQuery } from '../features/jobs/api/get-shipment.ts';
import { invoicesQuery } from '@vm/client/api/get-invoices.ts';
import { setSessionEndedHandler } from '@vm/client/api-client.ts';
import { loadAllTexts } from '../lib/i18n.ts';
import { queryClient } from '@vm/client/query-client.ts';
import { readToken } from '@vm/client/token-store.ts';
import { routeId } from '../lib/route-id.ts';
import { GuestOnly, HOME, RequireAuth } from './guards.tsx';
import { AppLayout } from './layout/app-layout.tsx';

// The route table of SPEC section 2. Every screen is its own lazy chunk, so the login route
// loads only what it shows; every other screen also waits for the rest of the texts.
const withTexts =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), loadAllTexts()]).then(([route]) => route);

/**
 * A route loader that starts a prefetch and answers at once. Signed out, it asks nothing: the
 * guard sends the visitor to the login page, and a request without a token would only answer 401.
 */
const started = (prefetch: () => Promise<void>) => {
  if (readToken()) void prefetch();
  return null;
};

/** The route's name in the document title: a catalogue key under 'titles' (app-layout.tsx). */
export type RouteHandle = { title: string | ((params: Record<string, string | undefined>) => string) };
const titled = (title: RouteHandle['title']): { handle: RouteHandle } => ({ handle: { title } });

export const router = createHashRouter([
  {
    element: <AppLayout />,
    HydrateFallback: () => null,
    children: [
      {
        element: <GuestOnly />,
        children: [
          { path: 'login', ...titled('titles.login'), lazy: () => import('../features/auth/components/login-page.tsx').then((m) => ({ Component: m.LoginPage })) },
        ],
      },
      { path: 'register', ...titled('titles.register'), lazy: withTexts(() => import('../features/auth/components/register-page.tsx').then((m) => ({ Component: m.RegisterPage }))) },
      { path: 'social', ...titled('titles.social'), lazy: withTexts(() => import('../features/auth/components/social-page.tsx').then((m) => ({ Component: m.SocialPage }))) },
      { path: 'forgot-password', ...titled('titles.forgotPassword'), lazy: withTexts(() => import('../features/auth/components/forgot-password-page.tsx').then((m) => ({ Component: m.ForgotPasswordPage }))) },
      { path: 'reset-password', ...titled('titles.resetPassword'), lazy: withTexts(() => import('../features/auth/components/reset-password-page.tsx').then((m) => ({ Component: m.ResetPasswordPage }))) },
      // Public: whoever holds a tracking link, signed in or not.
      { path: 'track/:token', ...titled('titles.tracking'), lazy: withTexts(() => import('../features/tracking/components/tracking-page.tsx').then((m) => ({ Component: m.TrackingPage }))) },
      // Public: help and the contact form, signed in or not (issue 20, defect 12).
      { path: 'help', ...titled('help.pageTitle'), lazy: withTexts(() => import('../features/help/components/help-page.tsx').then((m) => ({ Component: m.HelpPage }))) },
      // Public: the privacy statement and the terms of use (issue 23 part 4).
      { path: 'privacy', ...titled('titles.privacy'), lazy: withTexts(() => import('../features/legal/components/legal-page.tsx').then((m) => ({ Component: m.PrivacyPage }))) },
      { path: 'terms', ...titled('titles.terms'), lazy: withTexts(() => import('../features/legal/components/legal-page.tsx').then((m) => ({ Component: m.TermsPage }))) },
      { path: 'jobs/create', ...titled('titles.createJob'), lazy: withTexts(() => import('./wizard-routes.tsx').then((m) => ({ Component: m.CreateJobRoute }))) },
      {
        element: <RequireAuth />,
        children: [
          { path: 'jobs', element: <Navigate to={HOME} replace /> },
          // A static loader runs alongside the lazy chunk, so the data is on its way while the screen
          // loads; it does not wait for the data (the screen shows its own loading state).
          { path: 'jobs/status/:state', ...titled(({ state }) => `titles.jobs.${state}`), loader: () => started(() => queryClient.prefetchQuery(senderShipmentsQuery)), lazy: withTexts(() => import('../features/jobs/components/job-list-page.tsx').then((m) => ({ Component: m.JobListPage }))) },
          {
            path: 'jobs/:jobId',
            ...titled('titles.jobLoading'),
            // Only a real id is fetched: '#/jobs/abc' is answered by the page, with no request.
            loader: ({ params }) => {
              const id = routeId(params.jobId);
              return id === null ? null : started(() => queryClient.prefetchQuery(shipmentQuery(id)));
            },
            lazy: withTexts(() => import('../features/jobs/components/job-detail-page.tsx').then((m) => ({ Component: m.JobDetailPage }))) },
          { path: 'jobs/:jobId/change', ...titled('titles.changeJob'), lazy: withTexts(() => import('./wizard-routes.tsx').then((m) => ({ Component: m.ChangeJobRoute }))) },
          { path: 'jobs/:jobId/again', ...titled('titles.createJob'), lazy: withTexts(() => import('./wizard-routes.tsx').then((m) => ({ Component: m.BookAgainRoute }))) },
          { path: 'chat', ...titled('titles.chat'), lazy: withTexts(() => import('../features/chat/components/chat-page.tsx').then((m) => ({ Component: m.ChatPage }))) },
          { path: 'chat/:jobId', ...titled('titles.chat'), lazy: withTexts(() => import('../features/chat/components/chat-page.tsx').then((m) => ({ Component: m.ChatPage }))) },
          { path: 'account', ...titled('titles.account'), lazy: withTexts(() => import('../features/account/components/account-page.tsx').then((m) => ({ Component: m.AccountPage }))) },
          { path: 'account/invoices', ...titled('titles.invoices'), loader: () => started(() => queryClient.prefetchQuery(invoicesQuery)), lazy: withTexts(() => import('../features/invoices/components/invoices-page.tsx').then((m) => ({ Component: m.InvoicesPage }))) },
          // Issue 23 part 2: the statement of reasons of a restriction or suspension, and contesting it.
          { path: 'account/restrictions', ...titled('restriction.title'), lazy: withTexts(() => import('@vm/ui/restrictions.tsx').then((m) => ({ Component: m.RestrictionPage }))) },
          { path: 'edit-user', ...titled('titles.editUser'), lazy: withTexts(() => import('../features/account/components/edit-user-page.tsx').then((m) => ({ Component: m.EditUserPage }))) },
        ],
      },
      { path: '*', element: <Navigate to={HOME} replace /> },
    ],
  },
]);

// A refused refresh token ends the session: back to login (SPEC section 8).
setSessionEndedHandler(() => {
  queryClient.clear();
  void router.navigate('/login');
});
