import { useEffect, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { shellMessages } from './messages';
import { decideUpdate, hasUnsavedInput } from './unsaved-input';

// Read lazily so that Dexie stays out of the first render.
async function readAutoUpdates(): Promise<boolean> {
  try {
    const { getSetting } = await import('@/db/settings');
    return (await getSetting('system')).autoUpdates;
  } catch {
    return true; // SPEC §9: automatic updates default on
  }
}

// Requests made before the worker controlled the page bypassed it; fetch them again so the runtime caches hold them.
function warmRuntimeCaches() {
  const urls = new Set<string>(['/config.json']);
  for (const entry of performance.getEntriesByType('resource')) {
    const { pathname } = new URL(entry.name, location.href);
    if (/\/assets\/mock-network-[^/]+\.js$/.test(pathname)) urls.add(pathname);
  }
  for (const url of urls) void fetch(url, { cache: 'no-cache' }).catch(() => undefined);
}

/** How often an open console asks the server for a new version (it stays open for days). */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let updateTimer: ReturnType<typeof setInterval> | undefined;
/** Looks for a new version every hour; a failed check (offline) is tried again at the next one. */
function checkForUpdatesPeriodically(registration: ServiceWorkerRegistration | undefined) {
  if (!registration) return;
  clearInterval(updateTimer);
  updateTimer = setInterval(() => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    registration.update().catch((error: unknown) => console.warn('Update-Prüfung fehlgeschlagen.', error instanceof Error ? error.message : error));
  }, UPDATE_CHECK_INTERVAL_MS);
}

/**
 * Offers a new version whenever one is waiting while an older one controls the page. workbox-window (through
 * vite-plugin-pwa) announces one only in the orders of events it expects: it misses a version the browser found before
 * the app registered (workbox issue 2199) and every update after its first (issue 3285), which a console that stays
 * open for days and checks every hour meets. So the registration is watched here as well.
 */
export function watchForWaitingVersion(registration: ServiceWorkerRegistration, onWaiting: () => void): void {
  const offer = () => {
    if (registration.waiting && navigator.serviceWorker?.controller) onWaiting();
  };
  const follow = (worker: ServiceWorker | null) => {
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer();
    });
  };
  follow(registration.installing);
  registration.addEventListener('updatefound', () => follow(registration.installing));
  offer();
}

const reloadPage = () => window.location.reload();

/** Registers the PWA's service worker (the only one) and applies or offers a waiting update. */
export function UpdatePrompt({ reload = reloadPage }: { reload?: () => void }) {
  // A waiting version found by watchForWaitingVersion, besides the one workbox-window announces (needRefresh).
  const [waitingFound, setWaitingFound] = useState(false);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_swUrl: string, registration: ServiceWorkerRegistration | undefined) {
      checkForUpdatesPeriodically(registration);
      if (registration) watchForWaitingVersion(registration, () => setWaitingFound(true));
      void navigator.serviceWorker?.ready.then(() => {
        if (navigator.serviceWorker.controller) warmRuntimeCaches();
        else navigator.serviceWorker.addEventListener('controllerchange', warmRuntimeCaches, { once: true });
      });
    },
    onRegisterError(error: unknown) {
      console.warn('Service worker registration failed', error);
    },
  });
  const waiting = needRefresh || waitingFound;

  useEffect(() => {
    if (!waiting) return;
    let cancelled = false;
    // The waiting version takes over; the page reloads once it controls it (workbox-window reloads only for a
    // version it announced itself).
    const apply = () => {
      navigator.serviceWorker?.addEventListener('controllerchange', reload, { once: true });
      void updateServiceWorker(true);
    };
    void readAutoUpdates().then((autoUpdates) => {
      if (cancelled) return;
      if (decideUpdate({ autoUpdates, unsaved: hasUnsavedInput() }) === 'apply') {
        apply();
        return;
      }
      toast.info(shellMessages.updateTitle, {
        id: 'pwa-update',
        description: shellMessages.updateText,
        duration: Infinity,
        action: { label: shellMessages.updateApply, onClick: apply },
        cancel: {
          label: shellMessages.updateLater,
          onClick: () => {
            setNeedRefresh(false);
            setWaitingFound(false);
          },
        },
      });
    });
    return () => {
      cancelled = true;
    };
  }, [waiting, setNeedRefresh, updateServiceWorker, reload]);

  return null;
}
