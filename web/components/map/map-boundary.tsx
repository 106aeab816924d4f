import { Component, type ReactNode } from 'react';

interface Props {
  /** What to show instead of a map that failed (its code did not load, or Leaflet threw). */
  fallback: ReactNode;
  children: ReactNode;
}

/** A map that fails takes only itself down, never the page around it. */
export class MapBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
