import { useEffect, useState, type DependencyList } from 'react';
import { isChunkLoadError } from '@/lib/chunk-error';
import { addBusySource } from '@/lib/idle';
import { loadDatabase, loadedDatabase, type DatabaseModule } from './lazy';

// The next frame, or 200 ms if none comes (a background tab draws no frames).
function afterFrame(run: () => void): { cancel: () => void } {
  if (typeof requestAnimationFrame !== 'function') {
    run();
    return { cancel: () => undefined };
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    run();
  };
  const frame = requestAnimationFrame(once);
  const timer = setTimeout(once, 200);
  return {
    cancel: () => {
      done = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    },
  };
}

interface LiveState<T> {
  value: T;
  error: unknown;
  /** The first result (or failure) is in: the screen draws its stored data, not the default. */
  received: boolean;
}

// Mounted live queries still waiting for their first result: the shell holds its extras back meanwhile.
let pendingReads = 0;
addBusySource(() => pendingReads > 0);

/**
 * dexie-react-hooks' useLiveQuery without Dexie in the screen's chunk: Dexie is imported after the first render and
 * the query then observed as before (`defaultResult` until its first result; a changed `deps` re-runs it, keeping the
 * last result until the new one arrives; a failed query is thrown to the error boundary).
 */
export function useLiveQuery<T, D = undefined>(
  querier: () => Promise<T> | T,
  deps: DependencyList = [],
  defaultResult?: D,
): T | D {
  const [database, setDatabase] = useState<typeof DatabaseModule | undefined>(loadedDatabase);
  const [state, setState] = useState<LiveState<T | D>>({
    value: defaultResult as D,
    error: null,
    received: false,
  });

  useEffect(() => {
    if (database) return;
    let active = true;
    // Not in the first render's frame: the screen's heading paints before Dexie is fetched and evaluated.
    let frame = { cancel: () => {} };
    const load = () => {
      frame = afterFrame(() =>
        loadDatabase().then(
          (module) => active && setDatabase(module),
          (error: unknown) => {
            if (!active) return;
            // The database's code could not be fetched (offline before the worker had it): the default stays, and it
            // is fetched again when the connection is back — not thrown, which would take the whole screen down.
            if (isChunkLoadError(error)) {
              window.addEventListener('online', load, { once: true });
              setState((s) => (s.received ? s : { ...s, received: true }));
            } else setState((s) => ({ ...s, error, received: true }));
          },
        ),
      );
    };
    load();
    return () => {
      active = false;
      frame.cancel();
      window.removeEventListener('online', load);
    };
  }, [database]);

  useEffect(() => {
    if (!database) return;
    const subscription = database.liveQuery(querier).subscribe(
      (value) =>
        setState((s) =>
          s.value === value && s.error === null && s.received ? s : { value, error: null, received: true },
        ),
      (error: unknown) => setState((s) => (s.error === error ? s : { ...s, error, received: true })),
    );
    return () => subscription.unsubscribe();
    // The caller's deps decide when the query re-runs, as in dexie-react-hooks (querier is a new closure each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [database, ...deps]);

  useEffect(() => {
    if (state.received) return;
    pendingReads += 1;
    return () => {
      pendingReads -= 1;
    };
  }, [state.received]);

  if (state.error) throw state.error;
  return state.value;
}
