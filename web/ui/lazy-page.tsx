import { Component, type ComponentType, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { codeOnce } from '../lib/code-once';
import LoadFailure from './LoadFailure';
import PageLoading from './PageLoading';

interface BoundaryProps {
  children: ReactNode;
  resetKey: string;
  /** Imports the page's code again. */
  reimport: () => Promise<unknown>;
}

class LoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  /**
   * Imports again before showing the page. Some browsers (Chromium 150) keep a module that failed to load and reject
   * every later import of it at once, so when the second try fails too while online, the page is reloaded, which
   * fetches it afresh; offline, the failure screen stays and says so.
   */
  private readonly retry = () => {
    this.props.reimport().then(
      () => this.setState({ failed: false }),
      () => {
        if (navigator.onLine) window.location.reload();
      },
    );
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return <LoadFailure onRetry={this.retry} />;
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
  const code = codeOnce(load);

  function Page(props: P) {
    const Loaded = code.useLoaded();
    if (!Loaded) return <PageLoading />;
    return <Loaded {...props} />;
  }

  function LazyPage(props: P) {
    const { pathname } = useLocation();
    return (
      <LoadBoundary resetKey={pathname} reimport={code.preload}>
        <Suspense fallback={<PageLoading />}>
          <Page {...props} />
        </Suspense>
      </LoadBoundary>
    );
  }
  // A failed preload is forgotten: the page imports again when it renders, and shows the failure then.
  LazyPage.preload = () => void code.preload().catch(() => undefined);
  return LazyPage;
}
