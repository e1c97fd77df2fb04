import type * as SentryNamespace from '@sentry/react';

type SentryModule = typeof SentryNamespace;

/** Share of page loads whose performance traces are sent (seed section 9). */
export const TRACES_SAMPLE_RATE = 0.2;

let sentry: Promise<SentryModule> | null = null;

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
  sentry ??= import('@sentry/react').then((Sentry) => {
    Sentry.init({
      dsn,
      environment,
      release,
      integrations: [Sentry.browserTracingIntegration()],
      tracesSampleRate: TRACES_SAMPLE_RATE,
    });
    return Sentry;
  });
  return sentry.then(() => undefined);
}

/** Reports an error to monitoring when it is on, and to the console always. */
export function reportError(error: unknown, extra?: Record<string, unknown>): void {
  console.error(error);
  if (!sentry) return;
  void sentry.then((Sentry) => Sentry.captureException(error, extra ? { extra } : undefined));
}
