import { Component, type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import LoadFailure from './LoadFailure';
import PageLoading from './PageLoading';

interface BoundaryProps {
  children: ReactNode;
  resetKey: string;
  onRetry: () => void;
}

class LoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <LoadFailure
        onRetry={() => {
          this.props.onRetry();
          this.setState({ failed: false });
        }}
      />
    );
  }
}

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * A route page loaded on first use, with a loading indicator and the load-failure screen. React.lazy remembers
 * a rejected import for good, so Retry swaps in a fresh lazy component and the import runs again.
 */
export function lazyPage<P extends object = Record<string, never>>(load: Loader<P>): ComponentType<P> {
  let failed = false;
  const track: Loader<P> = () =>
    load().catch((error: unknown) => {
      failed = true;
      throw error;
    });
  let current: LazyExoticComponent<ComponentType<P>> = lazy(track);

  function Page(props: P) {
    const Loaded = current as ComponentType<P>;
    return <Loaded {...props} />;
  }

  return function LazyPage(props: P) {
    const { pathname } = useLocation();
    const retry = () => {
      if (!failed) return;
      failed = false;
      current = lazy(track);
    };
    return (
      <LoadBoundary resetKey={pathname} onRetry={retry}>
        <Suspense fallback={<PageLoading />}>
          <Page {...props} />
        </Suspense>
      </LoadBoundary>
    );
  };
}
