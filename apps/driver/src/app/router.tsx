import { setSessionEndedHandler } from '@vm/client/api-client.ts';
import { queryClient } from '@vm/client/query-client.ts';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { GuestOnly, HOME, RequireAuth } from './guards.tsx';
import { AppLayout } from './layout.tsx';

// The driver app's routes. Every screen is a lazy chunk of its own, so the first route loads only
// the shell and the login screen. The route's title is a catalogue key under 'titles'.
export type RouteHandle = { title: string };
const titled = (title: string): { handle: RouteHandle } => ({ handle: { title } });

/** The route table (the tests mount it in a memory router). */
export const routes: RouteObject[] = [
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
      // Signing in is part of registering: the page itself sends a driver already signed in away.
      { path: 'register', ...titled('titles.register'), lazy: () => import('../features/auth/components/register-page.tsx').then((m) => ({ Component: m.RegisterPage })) },
      {
        element: <RequireAuth />,
        children: [
          { path: 'work', ...titled('titles.work'), lazy: () => import('../features/work/components/board-page.tsx').then((m) => ({ Component: m.OpenJobsPage })) },
          { path: 'work/:jobId', ...titled('titles.job'), lazy: () => import('../features/work/components/job-page.tsx').then((m) => ({ Component: m.JobPage })) },
          // Issue 21 part 3 and 4: doing the job (my jobs, a job with its next-state button, proof, chat).
          { path: 'my-jobs', ...titled('titles.myJobs'), lazy: () => import('../features/my-jobs/my-jobs-page.tsx').then((m) => ({ Component: m.MyJobsPage })) },
          { path: 'my-jobs/:jobId', ...titled('myJobs.titles.job'), lazy: () => import('../features/my-jobs/job-run-page.tsx').then((m) => ({ Component: m.JobRunPage })) },
          { path: 'my-jobs/:jobId/proof/:kind', ...titled('myJobs.titles.proof'), lazy: () => import('../features/my-jobs/proof-page.tsx').then((m) => ({ Component: m.ProofPage })) },
          { path: 'my-jobs/:jobId/chat', ...titled('myJobs.titles.chat'), lazy: () => import('../features/my-jobs/chat-page.tsx').then((m) => ({ Component: m.ChatPage })) },
          // Issue 22 part 3: what each accepted job pays the driver and where the money is.
          { path: 'earnings', ...titled('titles.earnings'), lazy: () => import('../features/earnings/earnings-page.tsx').then((m) => ({ Component: m.EarningsPage })) },
          { path: 'account', ...titled('titles.account'), lazy: () => import('../features/account/components/account-page.tsx').then((m) => ({ Component: m.AccountPage })) },
          { path: 'account/vehicles/new', ...titled('titles.vehicle'), lazy: () => import('../features/account/components/vehicle-page.tsx').then((m) => ({ Component: m.VehiclePage })) },
          { path: 'account/vehicles/:vehicleId', ...titled('titles.vehicle'), lazy: () => import('../features/account/components/vehicle-page.tsx').then((m) => ({ Component: m.VehiclePage })) },
          // Issue 23 part 2: the statement of reasons of a restriction or suspension, and contesting it.
          { path: 'account/restrictions', ...titled('restriction.title'), lazy: () => import('@vm/ui/restrictions.tsx').then((m) => ({ Component: m.RestrictionPage })) },
          { path: 'account/documents', ...titled('titles.documents'), lazy: () => import('../features/account/components/documents-page.tsx').then((m) => ({ Component: m.DocumentsPage })) },
        ],
      },
      { path: '*', element: <Navigate to={HOME} replace /> },
    ],
  },
];

export const router = createHashRouter(routes);

// A refused refresh token ends the session: back to login.
setSessionEndedHandler(() => {
  queryClient.clear();
  void router.navigate('/login');
});
