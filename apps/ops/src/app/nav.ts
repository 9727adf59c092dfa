import type { StaffCapability } from '@vm/domain/staff-roles';

/** The signed-in nav: each entry with the capability that shows it (the server guards its routes with the same). */
export type NavEntry = { to: string; label: string; capability: StaffCapability };

export const NAV: NavEntry[] = [
  { to: '/', label: 'nav.home', capability: 'use_back_office' },
  { to: '/drivers', label: 'nav.drivers', capability: 'verify_drivers' },
  // Finance staff import the bank's CAMT.053 statements.
  { to: '/bank-statements', label: 'nav.bankStatements', capability: 'handle_money' },
  // Every staff member reads problems; deciding their money is in the page, for those who handle money.
  { to: '/problems', label: 'nav.problems', capability: 'read_cases' },
  // The support desk: everyone reads; restricting is in the pages, for those who may.
  { to: '/search', label: 'nav.search', capability: 'read_users' },
  { to: '/restrictions', label: 'nav.restrictions', capability: 'read_users' },
  // The approvals that were admin commands.
  { to: '/invoice-requests', label: 'nav.invoiceRequests', capability: 'handle_money' },
  { to: '/payouts', label: 'nav.payouts', capability: 'handle_money' },
  { to: '/unpaid-invoices', label: 'nav.unpaidInvoices', capability: 'handle_money' },
];
