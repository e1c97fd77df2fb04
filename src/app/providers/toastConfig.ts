/** Toasts sit top-right and hide after 5 s (seed section 9). */
export const TOAST_AUTO_HIDE_MS = 5000;
export const TOAST_ANCHOR = { vertical: 'top', horizontal: 'right' } as const;
