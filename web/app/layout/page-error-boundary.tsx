import { Component, type ReactNode } from 'react';
import { reportError } from '../../lib/report-error';
import { PageError } from '../pages/page-error';

interface Props {
  /** The address: moving elsewhere clears the error. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  key: string;
}

/** A page that fails to render or to load its code shows the error page inside the shell. */
export class PageErrorBoundary extends Component<Props, State> {
  state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  componentDidCatch(error: unknown) {
    reportError(error, 'boundary');
    if (import.meta.env.DEV) console.error(error);
  }

  render() {
    return this.state.error ? <PageError /> : this.props.children;
  }
}
