import { Component, type ErrorInfo, type ReactNode } from 'react';

import { isConnectionError, reportError, retryFailedLoads } from '@/shared/lib';

import { ErrorFallback } from './ErrorFallback';
import { NetworkErrorFallback } from './NetworkErrorFallback';

interface Props {
  readonly children: ReactNode;
}

interface State {
  readonly error: unknown;
  readonly failed: boolean;
}

/**
 * Catches render errors outside the router's own error handling. A screen whose code or data did
 * not arrive (the connection) offers Retry and retries by itself when the server is back; anything
 * else is a bug: reported, with the "please report it" screen.
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (isConnectionError(error)) return;
    reportError(error, { componentStack: info.componentStack });
  }

  private readonly retry = (): void => {
    retryFailedLoads();
    this.setState({ error: null, failed: false });
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return isConnectionError(this.state.error) ? <NetworkErrorFallback onRetry={this.retry} /> : <ErrorFallback />;
  }
}
