/** Toasts sit top-right and hide after 5 s (product rules: Constants). */
export const TOAST_AUTO_HIDE_MS = 5000;
export const TOAST_ANCHOR = { vertical: 'top', horizontal: 'right' } as const;
/** At most four toasts at once; more wait their turn. */
export const TOAST_MAX_VISIBLE = 4;
