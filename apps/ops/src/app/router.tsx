import { createHashRouter, Navigate } from 'react-router';
import { GuestOnly, RequireCapability, RequireStaff } from './guards.tsx';
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
          // Issue 23 part 1: problems and claims; every staff member reads them, finance and admins decide (in the page).
          { path: 'problems', lazy: () => import('../features/problems/components/problems-queue-page.tsx').then((m) => ({ Component: m.ProblemsQueuePage })) },
          { path: 'problems/:id', lazy: () => import('../features/problems/components/problem-page.tsx').then((m) => ({ Component: m.ProblemPage })) },
          // Issue 23 part 2: the support desk; every staff member searches and reads, support and admins restrict (in the page).
          { path: 'search', lazy: () => import('../features/desk/components/search-page.tsx').then((m) => ({ Component: m.SearchPage })) },
          { path: 'users/:id', lazy: () => import('../features/desk/components/user-page.tsx').then((m) => ({ Component: m.UserPage })) },
          { path: 'restrictions', lazy: () => import('../features/desk/components/restrictions-page.tsx').then((m) => ({ Component: m.RestrictionsPage })) },
          // Issue 22: finance staff import a bank statement; its texts come with the page's chunk.
          {
            element: <RequireCapability capability="handle_money" />,
            children: [
              { path: 'bank-statements', lazy: () => import('../features/bank-statements/components/bank-statements-page.tsx').then((m) => ({ Component: m.BankStatementsPage })) },
              // Issue 23: the approvals that were admin commands.
              { path: 'invoice-requests', lazy: () => import('../features/finance/components/invoice-requests-page.tsx').then((m) => ({ Component: m.InvoiceRequestsPage })) },
              { path: 'payouts', lazy: () => import('../features/finance/components/payouts-page.tsx').then((m) => ({ Component: m.PayoutsPage })) },
              { path: 'unpaid-invoices', lazy: () => import('../features/finance/components/unpaid-invoices-page.tsx').then((m) => ({ Component: m.UnpaidInvoicesPage })) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
