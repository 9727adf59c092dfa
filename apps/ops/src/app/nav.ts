import type { StaffRole } from '@vm/domain';

/** The signed-in nav: each entry with the roles that see it (the server checks the same roles per route). */
export type NavEntry = { to: string; label: string; roles: readonly StaffRole[] };

export const NAV: NavEntry[] = [
  { to: '/', label: 'nav.home', roles: ['support', 'finance', 'admin'] },
  // The drivers' verification queue (issue 21) comes here: { to: '/drivers', label: 'nav.drivers', roles: [...] }.
];
