// The back office's roles and what each may do (decision 0025), apart from the staff schemas in
// staff.ts so that a first page that only checks a capability (the ops app's router and menu) does
// not load zod and the schemas.

export const STAFF_ROLES = ['support', 'finance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (v: unknown): v is StaffRole => typeof v === 'string' && (STAFF_ROLES as readonly string[]).includes(v);

/**
 * What staff may do, each with the roles that may do it: the one place a role's rights are spelled.
 * The contract's routes name a capability (api-routes.ts), the server guards with it, and the ops
 * app's menu, router and pages ask `can`, so a screen never offers what the server would refuse.
 */
export const STAFF_CAPABILITIES = {
  /** Their own session and passkeys, and the home page: every staff member. */
  use_back_office: ['support', 'finance', 'admin'],
  /** Read problems and claims with their evidence, the consignment note and the claim file (each view audited). */
  read_cases: ['support', 'finance', 'admin'],
  /** Search people, read a user's history, the restrictions and the proposals (each view audited). */
  read_users: ['support', 'finance', 'admin'],
  /** The drivers' verification queue: their papers and the decision. */
  verify_drivers: ['support', 'admin'],
  /** Restrict or suspend an account, lift a restriction, decide an automated proposal. */
  restrict_users: ['support', 'admin'],
  /** Money: bank statements, invoice requests, payouts, unpaid invoices and a problem's money decision. */
  handle_money: ['finance', 'admin'],
  /** The audit log and its export. */
  audit_log: ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffCapability = keyof typeof STAFF_CAPABILITIES;

/** The roles that have a capability. */
export const rolesWith = (capability: StaffCapability): readonly StaffRole[] => STAFF_CAPABILITIES[capability];

/** Whether a role (none when signed out) may do something. */
export const can = (role: StaffRole | null | undefined, capability: StaffCapability): boolean => !!role && rolesWith(capability).includes(role);
