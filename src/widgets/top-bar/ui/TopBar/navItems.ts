/** The sections of the app, in the top bar and in the phone menu. */
export const NAV_ITEMS = [
  { to: '/waybills', labelKey: 'nav.waybills' },
  { to: '/worklogs', labelKey: 'nav.worklogs' },
  { to: '/invoices', labelKey: 'nav.invoices' },
  { to: '/users', labelKey: 'nav.users' },
] as const;
