import { Component, type ComponentType, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import LoadFailure from './LoadFailure';
import PageLoading from './PageLoading';

interface BoundaryProps {
  children: ReactNode;
  resetKey: string;
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
    return <LoadFailure onRetry={() => this.setState({ failed: false })} />;
  }
}

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** A route page whose code can be fetched before the router renders it (the page a reload lands on). */
export type LazyPage<P> = ((props: P) => ReactNode) & { preload: () => void };

/**
 * A route page loaded on first use, with a loading indicator and the load-failure screen; Retry imports again.
 *
 * Not React.lazy: a page that suspends shows its fallback, and React then holds the page back until 300 ms after
 * that fallback appeared, whenever the code arrives. Here the page renders at once when its code is already
 * loaded (preloaded at start-up), and otherwise the code's arrival is an ordinary state update, shown when it comes.
 */
export function lazyPage<P extends object = Record<string, never>>(load: Loader<P>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<unknown> | null = null;
  const start = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  function Page(props: P) {
    // true once the code has arrived (a re-render is all it takes), or the import's failure for the boundary.
    const [outcome, setOutcome] = useState<boolean | { error: unknown }>(false);
    useEffect(() => {
      // After an unmount these updates are no-ops.
      if (!loaded)
        start().then(
          () => setOutcome(true),
          (error: unknown) => setOutcome({ error }),
        );
    }, []);
    if (typeof outcome === 'object') throw outcome.error;
    if (!loaded) return <PageLoading />;
    const Loaded = loaded;
    return <Loaded {...props} />;
  }

  function LazyPage(props: P) {
    const { pathname } = useLocation();
    return (
      <LoadBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoading />}>
          <Page {...props} />
        </Suspense>
      </LoadBoundary>
    );
  }
  // A failed preload is forgotten: the page imports again when it renders, and shows the failure then.
  LazyPage.preload = () => void start().catch(() => undefined);
  return LazyPage;
}
