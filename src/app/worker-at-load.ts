let atLoad: ServiceWorker | null = null;

/** Notes the service worker controlling the page as it starts, before anything async: the update prompt mounts later. */
export function rememberWorkerAtLoad(): void {
  atLoad = typeof navigator === 'undefined' ? null : (navigator.serviceWorker?.controller ?? null);
}

/** The worker that controlled the page when it loaded (null: none, the first visit). */
export function workerAtLoad(): ServiceWorker | null {
  return atLoad;
}
