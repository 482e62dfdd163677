import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { loadChunk } from './chunk-reload';
import { whenIdle } from './idle';
import { createRouter, type RouterOptions } from './router';

const AppExtras = lazy(() => loadChunk(() => import('./app-extras')));

type AppRouter = ReturnType<typeof createRouter>;

// Toaster, update prompt and offline banner come after the first screen, so they cost the first render nothing.
function DeferredExtras({ router, onIdle }: { router: AppRouter; onIdle?: () => void }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancel: (() => void) | undefined;
    const start = () => {
      cancel = whenIdle(() => {
        setReady(true);
        onIdle?.();
      });
    };
    if (router.state.initialized) start();
    const unsubscribe = router.state.initialized
      ? () => undefined
      : router.subscribe((state) => {
          if (!state.initialized || cancel) return;
          start();
        });
    return () => {
      unsubscribe();
      cancel?.();
    };
  }, [router, onIdle]);
  return ready ? (
    <Suspense fallback={null}>
      <AppExtras />
    </Suspense>
  ) : null;
}

/**
 * Renders the app into the root element (called by main.tsx once the deployment setting is known).
 * `beforeDashboard` (mock mode) is awaited before any dashboard screen loads and warmed up once idle.
 */
export function renderApp(root: HTMLElement, options: RouterOptions = {}): void {
  const router = createRouter(options);
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
      <DeferredExtras router={router} onIdle={options.beforeDashboard} />
    </StrictMode>,
  );
}
