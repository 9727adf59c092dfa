import { DRIVER_VERIFIERS, FINANCE_ROLES, STAFF_ROLES, type StaffRole } from '@vm/domain/staff-roles';

/** The signed-in nav: each entry with the roles that see it (the server checks the same roles per route). */
export type NavEntry = { to: string; label: string; roles: readonly StaffRole[] };

export const NAV: NavEntry[] = [
  { to: '/', label: 'nav.home', roles: ['support', 'finance', 'admin'] },
  // Issue 21 part 1: the drivers' verification queue (the server's DRIVER_VERIFIERS).
  { to: '/drivers', label: 'nav.drivers', roles: DRIVER_VERIFIERS },
  // Issue 22: finance staff import the bank's CAMT.053 statements (the server's FINANCE_ROLES).
  { to: '/bank-statements', label: 'nav.bankStatements', roles: FINANCE_ROLES },
  // Issue 23 part 1: problems and claims (all staff read; finance and admins decide).
  { to: '/problems', label: 'nav.problems', roles: STAFF_ROLES },
  // Issue 23 part 2: the support desk (the server's SUPPORT_DESK_ROLES read; support and admins act).
  { to: '/search', label: 'nav.search', roles: STAFF_ROLES },
  { to: '/restrictions', label: 'nav.restrictions', roles: STAFF_ROLES },
  // Issue 23: the approvals that were admin commands (the server's FINANCE_ROLES).
  { to: '/invoice-requests', label: 'nav.invoiceRequests', roles: FINANCE_ROLES },
  { to: '/payouts', label: 'nav.payouts', roles: FINANCE_ROLES },
  { to: '/unpaid-invoices', label: 'nav.unpaidInvoices', roles: FINANCE_ROLES },
];
