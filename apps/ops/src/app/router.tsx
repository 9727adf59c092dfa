import { createHashRouter, Navigate } from 'react-router';
import { GuestOnly, RequireStaff } from './guards.tsx';
import { OpsLayout } from './layout.tsx';

// The back office's routes: sign-in and the set-up link for everyone, the rest for signed-in staff.
export const router = createHashRouter([
  {
    element: <OpsLayout />,
    HydrateFallback: () => null,
    children: [
      { element: <GuestOnly />, children: [{ path: 'sign-in', lazy: () => import('../features/sign-in/components/sign-in-page.tsx').then((m) => ({ Component: m.SignInPage })) }] },
      { path: 'setup/:token', lazy: () => import('../features/setup/components/setup-page.tsx').then((m) => ({ Component: m.SetupPage })) },
      {
        element: <RequireStaff />,
        children: [
          { index: true, lazy: () => import('./home-page.tsx').then((m) => ({ Component: m.HomePage })) },
          // Issue 21 part 1: staff verify drivers.
          { path: 'drivers', lazy: () => import('../features/drivers/components/drivers-queue-page.tsx').then((m) => ({ Component: m.DriversQueuePage })) },
          { path: 'drivers/:id', lazy: () => import('../features/drivers/components/driver-page.tsx').then((m) => ({ Component: m.DriverPage })) },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
