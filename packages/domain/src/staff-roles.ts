// The back office's roles (decision 0025), apart from the staff schemas in staff.ts so that a first
// page that only checks a role (the ops app's router and menu) does not load zod and the schemas.

export const STAFF_ROLES = ['support', 'finance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** Issue 21 part 1: the staff roles that verify drivers (finance does not). */
export const DRIVER_VERIFIERS = ['support', 'admin'] as const satisfies readonly StaffRole[];
/** Money: bank statements, refunds and payouts on hold (issue 22). */
export const FINANCE_ROLES = ['finance', 'admin'] as const satisfies readonly StaffRole[];
export const isStaffRole = (v: unknown): v is StaffRole => typeof v === 'string' && (STAFF_ROLES as readonly string[]).includes(v);
