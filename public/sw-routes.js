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
    // The desk's API goes to the network without waking the worker (it has nothing to add there): a fetch reaching the
    // outgoing worker just as a new version activates can leave that version waiting, and a signed-in console calls the
    // API all the time.
    { condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' },
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

// A navigation to a dashboard screen gets that route's own precached document (dist/dashboard/posts.html, …), whose
// prerendered shell paints before any script; workbox's navigateFallback would answer every one with index.html,
// which carries the landing page's. Registered before workbox's fetch listener (importScripts runs first), which it
// then keeps out of the way. A path without a document of its own, and a cache miss, get what workbox would give.
const routeDocument = (pathname) => {
  const path = pathname.replace(/\/+$/, '');
  return path === '/dashboard' || path.startsWith('/dashboard/') ? `${path}.html` : null;
};

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  const url = new URL(request.url);
  const file = url.origin === self.location.origin ? routeDocument(url.pathname) : null;
  if (!file) return;
  event.stopImmediatePropagation();
  event.respondWith(
    (async () => {
      const cache = await caches.open(precache);
      // Precached under their revision (…/posts.html?__WB_REVISION__=…): matched without the query.
      const own = await cache.match(new URL(file, url.origin).href, { ignoreSearch: true });
      if (own) return own;
      const index = await cache.match(new URL('/index.html', url.origin).href, { ignoreSearch: true });
      return index ?? fetch(request);
    })(),
  );
});
