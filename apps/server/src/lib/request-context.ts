import { can, type Locale, type StaffCapability, type StaffRole } from '@vm/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accessDenied, ApiError } from './errors.ts';

/** Who a request's bearer token belongs to (a client-credentials token has no user). */
export type Auth = {
  clientId: string;
  userId: number | null;
  role: 'sender' | 'driver' | 'admin' | null;
  scope: string;
};

/** Who a staff session's token belongs to (set on /api/ops requests only; decision 0025). */
export type StaffAuth = { staffId: number; sessionId: number; role: StaffRole; name: string; email: string };

declare module 'fastify' {
  // Module augmentation needs an interface.
  interface FastifyRequest {
    auth: Auth | null;
    /** The staff session of an /api/ops request; always null elsewhere (a staff token is never a user's). */
    staff: StaffAuth | null;
    locale: Locale;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)$/i.exec(header.trim());
  return m?.[1] ?? null;
}

export type SignedIn = Auth & { userId: number };

/** Guard: a user's access token (not a client-only one). */
export async function requireUser(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!req.auth || req.auth.userId === null) throw accessDenied();
}

/** Guard: any valid token, a client-credentials one included (registration calls). */
export async function requireToken(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!req.auth) throw accessDenied();
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(req: FastifyRequest): SignedIn {
  if (!req.auth || req.auth.userId === null) throw accessDenied();
  return req.auth as SignedIn;
}

const forbiddenRole = () => new ApiError(403, 'forbidden', 'forbidden_role');

/** Guard: a signed-in sender (shipper). Drivers have their own routes under /api/driver. */
export async function requireSender(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!req.auth || req.auth.userId === null) throw accessDenied();
  if (req.auth.role !== 'sender') throw forbiddenRole();
}

/** Guard: a signed-in driver. */
export async function requireDriver(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!req.auth || req.auth.userId === null) throw accessDenied();
  if (req.auth.role !== 'driver') throw forbiddenRole();
}

// Staff: a guard per capability (staff-roles.ts). Staff are known people, so a role without it is a
// 403, not a 404; no session (or a user's token) is a 401. A staff route that names no capability
// is open to no role, so a forgotten one fails closed.
export function requireStaff(capability: StaffCapability | undefined): (req: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async (req) => {
    if (!req.staff) throw accessDenied();
    if (!capability || !can(req.staff.role, capability)) throw forbiddenRole();
  };
}

/** The signed-in staff member of a route guarded by requireStaff. */
export function currentStaff(req: FastifyRequest): StaffAuth {
  if (!req.staff) throw accessDenied();
  return req.staff;
}
