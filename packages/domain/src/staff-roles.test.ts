import { describe, expect, it } from 'vitest';
import { apiRoutes } from './api-routes.ts';
import { can, rolesWith, STAFF_CAPABILITIES, STAFF_ROLES, type StaffRole } from './staff-roles.ts';

// Who may call each staff route, as it was when routes listed roles by hand. Moving a route to
// another capability, or a role into or out of one, changes a row here on purpose or fails.
const ALL: readonly StaffRole[] = ['admin', 'finance', 'support'];
const SUPPORT_ADMIN: readonly StaffRole[] = ['admin', 'support'];
const FINANCE_ADMIN: readonly StaffRole[] = ['admin', 'finance'];
const ADMIN: readonly StaffRole[] = ['admin'];
const MATRIX: Record<string, readonly StaffRole[]> = {
  opsMe: ALL,
  opsSignOut: ALL,
  opsPasskeyRegisterOptions: ALL,
  opsPasskeyRegister: ALL,
  opsSearch: ALL,
  opsUser: ALL,
  opsRestrictions: ALL,
  opsRestrictionProposals: ALL,
  opsProblems: ALL,
  opsProblem: ALL,
  opsProblemFile: ALL,
  opsConsignmentNote: ALL,
  opsClaimFile: ALL,
  opsAudit: ADMIN,
  opsAuditExport: ADMIN,
  opsDrivers: SUPPORT_ADMIN,
  opsDriver: SUPPORT_ADMIN,
  opsDriverDocumentFile: SUPPORT_ADMIN,
  opsDriverDecision: SUPPORT_ADMIN,
  opsRestrict: SUPPORT_ADMIN,
  opsLiftRestriction: SUPPORT_ADMIN,
  opsDecideProposal: SUPPORT_ADMIN,
  opsBankStatement: FINANCE_ADMIN,
  opsInvoiceRequests: FINANCE_ADMIN,
  opsInvoiceDecision: FINANCE_ADMIN,
  opsPayouts: FINANCE_ADMIN,
  opsPayoutsRun: FINANCE_ADMIN,
  opsInvoices: FINANCE_ADMIN,
  opsProblemDecision: FINANCE_ADMIN,
};

describe('staff capabilities', () => {
  it('give every staff route exactly the roles it had', () => {
    const effective: Record<string, readonly StaffRole[]> = {};
    for (const [name, route] of Object.entries(apiRoutes)) {
      if (route.auth !== 'staff') continue;
      const capability = 'capability' in route ? route.capability : undefined;
      effective[name] = STAFF_ROLES.filter((role) => capability !== undefined && can(role, capability)).sort();
    }
    expect(effective).toEqual(MATRIX);
  });

  it('names only known roles, each at most once, and gives every capability to admins', () => {
    for (const [capability, roles] of Object.entries(STAFF_CAPABILITIES)) {
      expect(new Set(roles).size, capability).toBe(roles.length);
      for (const role of roles) expect(STAFF_ROLES, capability).toContain(role);
      expect(roles, capability).toContain('admin');
    }
  });

  it('answers can() from the descriptor, and no for nobody', () => {
    expect(can('support', 'verify_drivers')).toBe(true);
    expect(can('finance', 'verify_drivers')).toBe(false);
    expect(can('support', 'handle_money')).toBe(false);
    expect(can('finance', 'audit_log')).toBe(false);
    expect(can(undefined, 'use_back_office')).toBe(false);
    expect(can(null, 'read_cases')).toBe(false);
    expect(rolesWith('handle_money')).toEqual(['finance', 'admin']);
  });
});
