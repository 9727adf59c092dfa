import { useSignedIn } from '@vm/client/session.ts';
import { Navigate, Outlet } from 'react-router';

export const HOME = '/work';

/** Screens for a signed-in driver: a signed-out visitor goes to /login. */
export function RequireAuth() {
  return useSignedIn() ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Login and register are for signed-out visitors. */
export function GuestOnly() {
  return useSignedIn() ? <Navigate to={HOME} replace /> : <Outlet />;
}
