/** Toasts sit top-right and hide after TOAST_AUTO_HIDE_MS, 5 s (product rules: Constants). */
export { TOAST_AUTO_HIDE_MS } from '@/shared/lib';
export const TOAST_ANCHOR = { vertical: 'top', horizontal: 'right' } as const;
/** At most four toasts at once; more wait their turn. */
export const TOAST_MAX_VISIBLE = 4;
