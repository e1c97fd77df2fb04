export type NotifyVariant = 'default' | 'success' | 'error' | 'warning' | 'info';

export interface NotifyOptions {
  readonly variant?: NotifyVariant;
  /** Keeps the toast open until closed, e.g. for progress. */
  readonly persist?: boolean;
  readonly key?: string;
}

/**
 * Shows a toast. notistack is imported on demand (it is not needed for the first paint); the
 * app renders its toast area once loaded, see app/providers.
 */
export async function notify(message: string, { variant = 'default', persist, key }: NotifyOptions = {}): Promise<void> {
  const { enqueueSnackbar } = await import('notistack');
  enqueueSnackbar(message, { variant, persist, key, preventDuplicate: key !== undefined });
}
