import { Navigate, Outlet, useLocation } from 'react-router';
import { safeRedirect } from '../lib/safe-redirect.ts';
import { useSignedIn } from '@vm/client/session.ts';

export const HOME = '/jobs/status/active';

/** Routes flagged auth: a signed-out visitor goes to /login and comes back after signing in. */
export function RequireAuth() {
  const signedIn = useSignedIn();
  const { pathname, search } = useLocation();
  if (!signedIn) return <Navigate to={`/login?redirect=${encodeURIComponent(pathname + search)}`} replace />;
  return <Outlet />;
}

/** Login and register are for signed-out visitors. */
export function GuestOnly() {
  const signedIn = useSignedIn();
  const { search } = useLocation();
  if (signedIn) return <Navigate to={safeRedirect(new URLSearchParams(search).get('redirect')) ?? HOME} replace />;
  return <Outlet />;
}
