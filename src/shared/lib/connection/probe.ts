import { getConfig } from '@/shared/config';

/**
 * What the app asks while the server is away. A public route without work behind it: HEAD sends
 * no body, and any answer at all (even an error status) proves the server is there again.
 */
export const PROBE_PATH = '/api/schema/';
/** A probe that hangs this long counts as no answer. */
const PROBE_TIMEOUT_MS = 10_000;

/** Whether the server answers now; never throws. */
export async function probeServer(backendUrl?: string): Promise<boolean> {
  try {
    await fetch(new URL(PROBE_PATH, (backendUrl ?? getConfig().backendUrl) || window.location.origin), {
      method: 'HEAD',
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return true;
  } catch {
    return false;
  }
}
