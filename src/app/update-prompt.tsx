import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { extrasMessages } from './extras-messages';
import { decideUpdate, hasUnsavedInput } from './unsaved-input';
import { workerAtLoad } from './worker-at-load';

/** How long a waiting update waits for Admin's saved 'automatic updates' before it goes by SPEC §9's default (on). */
export const AUTO_UPDATES_WAIT_MS = 2000;

// Read lazily so that Dexie stays out of the first render; at most AUTO_UPDATES_WAIT_MS: a database that another tab's
// upgrade blocks (or a storage that does not answer) must not hold the update forever. Typed input is still protected.
async function readAutoUpdates(): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const read = import('@/db/settings').then(async ({ getSetting }) => (await getSetting('system')).autoUpdates);
  const waited = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => {
      console.warn('Die Einstellung „automatische Updates“ kam nicht rechtzeitig; es gilt die Voreinstellung.');
      resolve(true);
    }, AUTO_UPDATES_WAIT_MS);
  });
  try {
    return await Promise.race([read, waited]);
  } catch {
    return true; // SPEC §9: automatic updates default on
  } finally {
    clearTimeout(timer);
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
    // A snapshot at each hourly check, in a timer outside React: useOnline is for components.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    registration
      .update()
      .catch((error: unknown) =>
        console.warn('Update-Prüfung fehlgeschlagen.', error instanceof Error ? error.message : error),
      );
  }, UPDATE_CHECK_INTERVAL_MS);
}

/**
 * Offers a new version whenever one is waiting while an older one controls the page. workbox-window (through
 * vite-plugin-pwa) announces one only in the orders of events it expects: it misses a version the browser found before
 * the app registered (workbox issue 2199) and every update after its first (workbox issue 3285), which a console that stays
 * open for days and checks every hour meets. So the registration is watched here as well.
 */
export function watchForWaitingVersion(registration: ServiceWorkerRegistration, onWaiting: () => void): () => void {
  let stopped = false;
  const offer = () => {
    if (!stopped && registration.waiting && navigator.serviceWorker?.controller) onWaiting();
  };
  const follow = (worker: ServiceWorker | null) => {
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer();
    });
  };
  const onUpdateFound = () => follow(registration.installing);
  follow(registration.installing);
  registration.addEventListener('updatefound', onUpdateFound);
  offer();
  return () => {
    stopped = true;
    registration.removeEventListener('updatefound', onUpdateFound);
  };
}

const reloadPage = () => window.location.reload();

/**
 * A new version took control of this tab — applied in another tab of the desk, which hands every tab over at once. The
 * tab reloads only when nothing typed would be lost; otherwise it stays as it is and says so.
 */
function newVersionControls(reload: () => void): void {
  if (!hasUnsavedInput()) {
    reload();
    return;
  }
  toast.info(extrasMessages.updateActiveTitle, {
    id: 'pwa-update',
    description: extrasMessages.updateActiveText,
    duration: Infinity,
    action: { label: extrasMessages.updateReload, onClick: () => reload() },
  });
}

/** Registers the PWA's service worker (the only one) and applies or offers a waiting update. */
export function UpdatePrompt({ reload = reloadPage }: { reload?: () => void }) {
  // A waiting version found by watchForWaitingVersion, besides the one workbox-window announces (needRefresh).
  const [waitingFound, setWaitingFound] = useState(false);
  const registrationRef = useRef<ServiceWorkerRegistration | undefined>(undefined);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // Without this the plugin reloads every tab the moment any tab applies an update, over whatever is typed there. It
    // also calls it only when its own guess of which tab found the version holds; the controllerchange listener below
    // decides instead, in every tab.
    onNeedReload: () => undefined,
    onRegisterError(error: unknown) {
      console.warn('Service worker registration failed', error);
    },
  });
  const waiting = needRefresh || waitingFound;
  // Set once this tab has told the waiting version to take over: its hand-over then reloads this tab.
  const applyingRef = useRef(false);
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  }, [reload]);

  // Every hand-over reaches every tab of the desk (the worker claims its clients): the first installation's, after
  // which the runtime caches are filled, and each update's, applied here or in another tab.
  useEffect(() => {
    const container = navigator.serviceWorker;
    if (!container) return;
    const atLoad = workerAtLoad();
    let controlled = Boolean(atLoad ?? container.controller);
    const onControllerChange = () => {
      const update = controlled;
      controlled = Boolean(container.controller);
      if (!update) {
        warmRuntimeCaches();
        return;
      }
      // The version this tab was offering now runs: nothing is waiting any more.
      setNeedRefresh(false);
      setWaitingFound(false);
      if (applyingRef.current) reloadRef.current();
      else newVersionControls(() => reloadRef.current());
    };
    container.addEventListener('controllerchange', onControllerChange);
    // This prompt mounts once the page is idle: a hand-over before that is the same news, seen late.
    if (atLoad && container.controller && container.controller !== atLoad) onControllerChange();
    return () => container.removeEventListener('controllerchange', onControllerChange);
  }, [setNeedRefresh]);

  // The registration is watched from the mounted component, not from useRegisterSW's callbacks: those belong to the
  // render that first called it, and a render React throws away (a transition restarted on a busy machine) registers
  // too, with callbacks whose state no mounted component reads. A fresh-clone CI run showed three such registrations
  // and an update that waited, installed, for a minute without being applied.
  useEffect(() => {
    const container = navigator.serviceWorker;
    if (!container) return;
    let cancelled = false;
    let stopWatching: (() => void) | undefined;
    void container.ready.then((registration) => {
      if (cancelled) return;
      registrationRef.current = registration;
      stopWatching = watchForWaitingVersion(registration, () => setWaitingFound(true));
      checkForUpdatesPeriodically(registration);
      if (container.controller) warmRuntimeCaches();
    });
    return () => {
      cancelled = true;
      stopWatching?.();
      clearInterval(updateTimer);
    };
  }, []);

  useEffect(() => {
    if (!waiting) return;
    let cancelled = false;
    // The waiting version takes over; the page reloads once it controls it. The version is told directly as well:
    // workbox-window tells only the waiting version of the registration its own instance holds.
    const apply = () => {
      applyingRef.current = true;
      registrationRef.current?.waiting?.postMessage({ type: 'SKIP_WAITING' });
      void updateServiceWorker(true);
    };
    void readAutoUpdates().then((autoUpdates) => {
      if (cancelled) return;
      // Taken over meanwhile (another tab applied it): the hand-over's notice stands, not an offer of what now runs.
      if (registrationRef.current && !registrationRef.current.waiting) {
        setNeedRefresh(false);
        setWaitingFound(false);
        return;
      }
      if (decideUpdate({ autoUpdates, unsaved: hasUnsavedInput() }) === 'apply') {
        apply();
        return;
      }
      toast.info(extrasMessages.updateTitle, {
        id: 'pwa-update',
        description: extrasMessages.updateText,
        duration: Infinity,
        action: { label: extrasMessages.updateApply, onClick: apply },
        cancel: {
          label: extrasMessages.updateLater,
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
  }, [waiting, setNeedRefresh, updateServiceWorker]);

  return null;
}
