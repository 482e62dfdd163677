import {
  Component,
  createElement,
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { addBusySource } from '@/lib/idle';
import { Button } from './button';
import { Skeleton } from './skeleton';

// A panel whose code is still on its way is the screen still loading: extras wait for it, so they are not drawn in the
// same commit as the panel (React reveals parts that arrive close together at once, in one long task).
let loadingPanels = 0;
addBusySource(() => loadingPanels > 0);

function PanelSkeleton({ className }: { className: string }) {
  useEffect(() => {
    loadingPanels += 1;
    return () => {
      loadingPanels -= 1;
    };
  }, []);
  return <Skeleton data-lazy-panel="" className={className} />;
}

// Run by „Erneut versuchen“: React keeps a failed lazy's error, and swapping at the failure itself would import in a loop.
const resets = new Set<() => void>();

/** React.lazy for a part that may fail to load; the frame's „Erneut versuchen“ imports it again. `preload` fetches it. */
export function retryableLazy<T extends (props: never) => ReactNode>(
  load: () => Promise<{ default: T }>,
): T & { preload: () => Promise<void> } {
  let loaded: ComponentType<object> | undefined;
  const loadOnce = () =>
    load().then(
      (module) => {
        loaded = module.default as unknown as ComponentType<object>;
        return { default: loaded };
      },
      (error: unknown) => {
        resets.add(reset);
        throw error;
      },
    );
  const fresh = () => lazy(loadOnce);
  let current = fresh();
  function reset() {
    current = fresh();
  }
  function Retryable(props: object) {
    // Loaded already: drawn at once. A lazy suspends for a moment even then, and React shows a part that suspended up
    // to 300 ms late (its fallback throttle). Chosen once per mount: a changed type would remount the part.
    const [type] = useState<ComponentType<object>>(() => loaded ?? current);
    return createElement(type, props);
  }
  Retryable.preload = () => loadOnce().then(() => undefined);
  // Called with the props the loaded component takes, which this wrapper hands on unchanged.
  return Retryable as unknown as T & { preload: () => Promise<void> };
}

/** What a part that could not load shows in its own frame; the screen around it and its data stay. */
class LoadFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  retry = () => {
    for (const reset of resets) reset();
    resets.clear();
    this.setState({ failed: false });
  };

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="rounded-lg border border-destructive/50 p-4 text-sm">
        <p className="font-medium">Dieser Bereich konnte nicht geladen werden.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={this.retry}>
          Erneut versuchen
        </Button>
      </div>
    );
  }
}

/** Suspense for a tab or panel whose code loads when it is opened: a skeleton keeps its space meanwhile. */
export function LazyPanel({ children, className = 'h-64 w-full' }: { children: ReactNode; className?: string }) {
  return (
    <LoadFailure>
      <Suspense fallback={<PanelSkeleton className={className} />}>{children}</Suspense>
    </LoadFailure>
  );
}

/** Mounts a lazy dialog from its first opening on and keeps it, so a never-opened dialog costs the first render nothing. */
export function WhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open ? (
    <LoadFailure>
      <Suspense fallback={null}>{children}</Suspense>
    </LoadFailure>
  ) : null;
}
