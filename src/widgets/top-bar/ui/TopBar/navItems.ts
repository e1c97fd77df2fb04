/** The sections of the app every user has, in the top bar and in the phone menu (staff's own: StaffLinks). */
export const NAV_ITEMS = [
  { to: '/waybills', labelKey: 'nav.waybills' },
  { to: '/worklogs', labelKey: 'nav.worklogs' },
  { to: '/invoices', labelKey: 'nav.invoices' },
] as const;
