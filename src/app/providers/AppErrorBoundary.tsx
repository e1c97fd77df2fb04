import { Component, type ErrorInfo, type ReactNode } from 'react';

import { reportError } from '@/shared/lib';

import { ErrorFallback } from './ErrorFallback';

interface Props {
  readonly children: ReactNode;
}

interface State {
  readonly failed: boolean;
}

/** Catches render errors outside the router's own error handling, reports them, shows the fallback. */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError(error, { componentStack: info.componentStack });
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
