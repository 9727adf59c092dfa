// The sidebar menu as data (SPEC section 2): links, separators, nested children and expandable groups.

export type MenuItem =
  | { kind: 'link'; labelKey: string; to: string; icon?: string }
  | { kind: 'separator' }
  | { kind: 'group'; labelKey: string; icon?: string; children: MenuItem[]; expanded?: boolean };

export const MENU: MenuItem[] = [
  { kind: 'link', labelKey: 'nav.active', to: '/jobs/status/active', icon: '●' },
  { kind: 'link', labelKey: 'nav.delivering', to: '/jobs/status/delivering', icon: '➜' },
  { kind: 'link', labelKey: 'nav.previous', to: '/jobs/status/previous', icon: '✓' },
  { kind: 'link', labelKey: 'nav.cancelled', to: '/jobs/status/cancelled', icon: '×' },
  { kind: 'link', labelKey: 'nav.chat', to: '/chat', icon: '✉' },
  { kind: 'separator' },
  { kind: 'link', labelKey: 'nav.profile', to: '/account', icon: '☺' },
  { kind: 'link', labelKey: 'help.nav', to: '/help', icon: '?' },
];
