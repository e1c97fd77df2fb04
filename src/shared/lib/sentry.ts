// The parts of Sentry the app uses, imported on demand by monitoring.ts. Named here so the bundler
// leaves out the rest: `import('@sentry/react')` alone keeps the whole SDK (about three times the size).
export { browserTracingIntegration, captureException, init } from '@sentry/react';
