import { can, type StaffCapability } from '@vm/domain/staff-roles';
import { Navigate, Outlet } from 'react-router';
import { useOpsSession } from '../lib/ops-session.ts';

/** Signed-in staff only; anyone else goes to sign in. */
export function RequireStaff() {
  return useOpsSession() ? <Outlet /> : <Navigate to="/sign-in" replace />;
}

/** The sign-in page is for signed-out people; signed in, it opens the app. */
export function GuestOnly() {
  return useOpsSession() ? <Navigate to="/" replace /> : <Outlet />;
}

/** A page for those with a capability only (the server refuses the others anyway): anyone else goes home. */
export function RequireCapability({ capability }: { capability: StaffCapability }) {
  const session = useOpsSession();
  return session && can(session.staff.role, capability) ? <Outlet /> : <Navigate to="/" replace />;
}
