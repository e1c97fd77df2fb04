import type { AppConfig } from '../infra/config.js';

/**
 * A link the API hands out: absolute on PUBLIC_URL when it is set, otherwise relative to the
 * server (`/api/...`). Never built from the request's Host or X-Forwarded-Host headers, which a
 * caller (or a misconfigured proxy) controls: a forged one would send download tokens elsewhere.
 */
export function apiLink(config: Pick<AppConfig, 'publicUrl'>, pathAndQuery: string): string {
  return config.publicUrl ? `${config.publicUrl.replace(/\/+$/, '')}${pathAndQuery}` : pathAndQuery;
}
