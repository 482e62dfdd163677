// Static routes of the service worker (InstallEvent.addRoutes, Chromium 123+; w3c.github.io/ServiceWorker "static
// routing"): the hashed build files under /assets/ are answered from the precache by the browser itself, without
// starting the worker's fetch handler for each one. A warm start requests some 70 of them, and each trip through the
// fetch handler cost this 2-core host 2–3 ms in a queue (navigation → <h1> offline 430–490 ms before, see the commit).
// The mock chunk is cached at run time in a cache of its own, so it stays with the fetch handler. A cache miss goes to
// the network, as the fetch handler's would. Browsers without the API ignore this file.
const precache = `workbox-precache-v2-${self.registration.scope}`;
const isAsset = (url) => new URL(url).pathname.startsWith('/assets/');

self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function') return;
  const routes = [
    { condition: { urlPattern: { pathname: '/assets/mock-network-*' } }, source: 'fetch-event' },
    { condition: { urlPattern: { pathname: '/assets/*' }, requestMethod: 'GET' }, source: { cacheName: precache } },
  ];
  // A rule this browser does not understand must not cost the worker its installation: it then works as before.
  event.waitUntil(Promise.resolve(event.addRoutes(routes)).catch(() => undefined));
});

// The browser matches a static route's cache with the page's own request, Vary included: a server that varies on
// Origin (vite preview does; module scripts carry an Origin header, the worker's precache requests none) would make
// every file miss, and offline every file fail. Once installed, the precached files are kept without a Vary header
// (workbox itself looks them up by URL only, so nothing else changes).
self.addEventListener('activate', (event) => {
  if (!('addRoutes' in (self.InstallEvent?.prototype ?? {}))) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(precache);
      for (const request of await cache.keys()) {
        if (!isAsset(request.url)) continue;
        const response = await cache.match(request, { ignoreVary: true });
        if (!response?.headers.has('Vary')) continue;
        const headers = new Headers(response.headers);
        headers.delete('Vary');
        await cache.put(
          request,
          new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers }),
        );
      }
    })().catch(() => undefined),
  );
});
