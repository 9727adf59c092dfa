import { DRIVER_VERIFIERS, type StaffRole } from '@vm/domain/staff';

/** The signed-in nav: each entry with the roles that see it (the server checks the same roles per route). */
export type NavEntry = { to: string; label: string; roles: readonly StaffRole[] };

export const NAV: NavEntry[] = [
  { to: '/', label: 'nav.home', roles: ['support', 'finance', 'admin'] },
  // Issue 21 part 1: the drivers' verification queue (the server's DRIVER_VERIFIERS).
  { to: '/drivers', label: 'nav.drivers', roles: DRIVER_VERIFIERS },
];
