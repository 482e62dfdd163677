import {
  lazy,
  startTransition,
  StrictMode,
  Suspense,
  useCallback,
  useEffect,
  useState,
  type ReactElement,
} from 'react';
import { createRoot } from 'react-dom/client';
import { LandingPage } from '@/features/landing';
import { loadChunk } from './chunk-reload';
import { whenIdle } from '@/lib/idle';
import type { RouterOptions } from './router';

const AppExtras = lazy(() => loadChunk(() => import('./app-extras')));

/**
 * The landing page without the data router (react-router's data router is ~32 KB gzip of the dashboard's shell): the
 * first link into the app loads app/render, moves the address there and hands the page to the router.
 */
function LandingShell({ options }: { options: RouterOptions }) {
  const [app, setApp] = useState<ReactElement | null>(null);
  const [idle, setIdle] = useState(false);
  const { beforeDashboard } = options;

  useEffect(
    () =>
      whenIdle(() => {
        // A transition, as on the dashboard (app/render): the extras' first render and the import of their chunk run in
        // slices, not in one task after the first paint (36–53 ms at 4× CPU here before).
        startTransition(() => setIdle(true));
        void beforeDashboard?.();
      }),
    [beforeDashboard],
  );

  const navigate = useCallback(
    (to: string) => {
      loadChunk(() => import('./render')).then(
        ({ appElement }) => {
          window.history.pushState(null, '', to);
          // The extras stay mounted here (one toaster, one service-worker registration).
          setApp(appElement(options, { extras: false }));
        },
        // The app's code could not load: an ordinary page load of the address instead (it shows the route error if that fails too).
        () => window.location.assign(to),
      );
    },
    [options],
  );

  return (
    <>
      {app ?? <LandingPage navigate={navigate} />}
      {idle && (
        <Suspense fallback={null}>
          <AppExtras />
        </Suspense>
      )}
    </>
  );
}

/** Renders the landing page (main.tsx, when the page opens on /). */
export function renderLanding(root: HTMLElement, options: RouterOptions = {}): void {
  createRoot(root).render(
    <StrictMode>
      <LandingShell options={options} />
    </StrictMode>,
  );
}
