import { lazy, startTransition, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { loadChunk } from './chunk-reload';
import { whenSettled } from '@/lib/idle';
import { createRouter, evaluateScreenCode, type RouterOptions } from './router';

const AppExtras = lazy(() => loadChunk(() => import('./app-extras')));

type AppRouter = ReturnType<typeof createRouter>;

// Toaster, update prompt and offline banner come after the first screen, so they cost the first render nothing.
function DeferredExtras({ router, onIdle }: { router: AppRouter; onIdle?: () => void }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancel: (() => void) | undefined;
    const start = () => {
      // Once the screen has drawn its data: they would compete with it for the network and the main thread.
      cancel = whenSettled(() => {
        // A transition: the toaster, update prompt and banner render in slices, not in one long task.
        startTransition(() => setReady(true));
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

function routerElement(router: AppRouter, options: RouterOptions, extras: boolean) {
  return (
    <>
      <RouterProvider router={router} />
      {extras && <DeferredExtras router={router} onIdle={options.beforeDashboard} />}
    </>
  );
}

/** The app's router and, unless the landing shell already shows them, the deferred extras (toaster, update prompt…). */
export function appElement(options: RouterOptions = {}, { extras = true }: { extras?: boolean } = {}) {
  return routerElement(createRouter(options), options, extras);
}

/** Resolves once the router has loaded the opened route's lazy parts (or failed to: its error page is ready then). */
function initialized(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Renders the app into the root element (called by main.tsx once the deployment setting is known).
 * `beforeDashboard` (mock mode) is awaited before any dashboard screen loads and warmed up once idle.
 * The first render waits for the route's code: React's first commit empties the root, so the route document's
 * prerendered shell (app/prerender) stays on screen until the screen takes its place in that same commit.
 */
export async function renderApp(root: HTMLElement, options: RouterOptions = {}): Promise<void> {
  await evaluateScreenCode(window.location.pathname);
  const router = createRouter(options);
  await initialized(router);
  const app = createRoot(root);
  startTransition(() => app.render(<StrictMode>{routerElement(router, options, true)}</StrictMode>));
}
