import { getConfig } from '@/shared/config';

/**
 * An address the API handed out (an export's `fileUrl`, a list's `next`) as a full URL: the server
 * answers relative addresses unless it knows its public URL, and they are relative to the API's
 * origin, not the app's (in development the app and the API run on different ports).
 */
export function resolveApiUrl(url: string, backendUrl: string = getConfig().backendUrl): string {
  return new URL(url, backendUrl || window.location.origin).toString();
}
