import type * as SentryParts from './sentry';

type SentryModule = typeof SentryParts;

/** Share of page loads whose performance traces are sent (product rules: Constants). */
export const TRACES_SAMPLE_RATE = 0.2;

let sentry: Promise<SentryModule> | null = null;
/** Set by `deferMonitoring`: what the first error starts monitoring with. */
let deferred: { readonly options: MonitoringOptions; readonly stopListening: () => void } | null = null;

/** Query parameters and fragments that carry secrets: the reset link's token, export download tokens. */
const SECRET_PARAMS = /([?&#](?:token|refresh|access|access_?token|refresh_?token|password|key)=)[^&#\s"']+/gi;
const BEARER = /\b(Bearer\s+)[\w.~+/=-]+/g;
const JWT = /\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]+/g;
export const FILTERED = '[Filtered]';

/** A text with its tokens replaced: secret query parameters, bearer headers and anything shaped like a JWT. */
export const scrubText = (text: string): string =>
  text.replace(SECRET_PARAMS, `$1${FILTERED}`).replace(BEARER, `$1${FILTERED}`).replace(JWT, FILTERED);

/**
 * A copy of what is sent to monitoring (an event, a transaction, a breadcrumb) with every string
 * in it scrubbed of tokens: page and request URLs (the reset page carries its token in the
 * address, download links theirs), breadcrumbs of fetches and navigations, messages.
 */
export function scrubSecrets<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return scrubText(value) as T;
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => scrubSecrets(item, depth + 1)) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = /^(authorization|cookie|password|token|refresh|access_?token|refresh_?token)$/i.test(key)
      ? FILTERED
      : scrubSecrets(item, depth + 1);
  }
  return copy as T;
}

export interface MonitoringOptions {
  readonly dsn: string;
  readonly environment: string;
  readonly release?: string;
}

/**
 * Starts error reporting. Sentry is imported on demand so that it stays out of the first
 * page's JavaScript; errors reported before it has loaded are sent once it has.
 */
export function initMonitoring({ dsn, environment, release }: MonitoringOptions): Promise<void> {
  // From here on Sentry's own handlers see the page's errors.
  deferred?.stopListening();
  deferred = null;
  sentry ??= import('./sentry').then((Sentry) => {
    Sentry.init({
      dsn,
      environment,
      release,
      integrations: [Sentry.browserTracingIntegration()],
      tracesSampleRate: TRACES_SAMPLE_RATE,
      // Tokens never leave the browser for monitoring: not in URLs, headers, breadcrumbs or messages.
      beforeSend: (event) => scrubSecrets(event),
      beforeSendTransaction: (event) => scrubSecrets(event),
      beforeBreadcrumb: (breadcrumb) => scrubSecrets(breadcrumb),
    });
    return Sentry;
  });
  return sentry.then(() => undefined);
}

/**
 * Monitoring for a page that should not load Sentry up front (a visitor's sign-in page): Sentry
 * loads with the first error (an uncaught one, a rejected promise nobody handled, or
 * `reportError`), which it then reports; `initMonitoring` starts it outright, e.g. once signed in.
 */
export function deferMonitoring(options: MonitoringOptions): void {
  if (sentry || deferred) return;
  const onError = (event: ErrorEvent) => captureLater(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => captureLater(event.reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  deferred = {
    options,
    stopListening: () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    },
  };
}

function captureLater(error: unknown, extra?: Record<string, unknown>): void {
  if (!sentry && deferred) void initMonitoring(deferred.options);
  if (!sentry) return;
  void sentry.then((Sentry) => Sentry.captureException(error, extra ? { extra } : undefined));
}

/** Reports an error to monitoring when it is on (or deferred: see `deferMonitoring`), and to the console always. */
export function reportError(error: unknown, extra?: Record<string, unknown>): void {
  console.error(error);
  captureLater(error, extra);
}
