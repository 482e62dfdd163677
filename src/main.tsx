import './index.css';
import { ConfigError, loadConfig, setConfig, setConfigNotice } from '@/lib/config';
import { scenarioFromSearch, setActiveScenario } from '@/lib/mock-scenarios';
import { rememberWorkerAtLoad } from './app/worker-at-load';
import { preloadContract } from './lib/api/contract-files';
import { nextTask } from './lib/next-task';
import { askSessionEarly } from './lib/session-early';
import { readFirstList } from './app/first-read';

function showConfigError(root: HTMLElement, error: unknown) {
  const message = error instanceof ConfigError ? error.message : 'Die App konnte nicht gestartet werden.';
  root.replaceChildren();
  const box = document.createElement('main');
  box.setAttribute('role', 'alert');
  box.style.cssText =
    'max-width:40rem;margin:4rem auto;padding:1.5rem;font-family:system-ui,sans-serif;border:1px solid #c00;border-radius:.75rem';
  const h1 = document.createElement('h1');
  h1.textContent = 'Konfigurationsfehler';
  const p = document.createElement('p');
  p.textContent = message;
  box.append(h1, p);
  root.append(box);
}

/** Warms what a dashboard's first render would do (tailwind-merge's map) while config.json loads. */
function warmUpWhileConfigLoads() {
  // Its chunk runs in one task, tailwind-merge's first call in the next: together they made one long task.
  void import('./lib/utils/cn').then(async ({ cn }) => {
    await nextTask();
    cn('p-0');
  });
}

// The last mode, a hint for what to preload while config.json loads, never the decision; async so no `caches` costs little.
// In Cache Storage, not localStorage: SPEC §3/§4 keep only `theme` there.
const hintCache = async () => caches.open('newsdesk-deployment');
const LAST_MODE_KEY = '/newsdesk/last-mode';

async function boot() {
  rememberWorkerAtLoad();
  const root = document.getElementById('root');
  if (!root) return;
  let startMocks: (() => Promise<unknown>) | undefined;
  // Read in parallel with config.json, which answers later than the cache.
  const hint = hintCache()
    .then((cache) => cache.match(LAST_MODE_KEY))
    .then((response) => response?.text())
    .catch(() => {});
  if (window.location.pathname.startsWith('/dashboard')) {
    warmUpWhileConfigLoads();
    // A demo browser fetches the mock chunk alongside config.json (offline warm start: one wait fewer in the chain).
    // Loading it starts nothing: the mock network is started below only if config.json says mock.
    void hint.then((mode) => (mode === 'mock' ? import('./mocks/mock-network') : undefined)).catch(() => {});
  }
  try {
    const { config, notice } = await loadConfig();
    setConfig(config);
    setConfigNotice(notice);
    // Written on every start (one small cache entry, off the way to the first render).
    void hintCache()
      .then((cache) => cache.put(LAST_MODE_KEY, new Response(config.apiMode)))
      .catch(() => {});
    if (config.apiMode === 'mock') {
      // Started once: before any dashboard screen loads, or when the landing page is idle (it makes no calls).
      // The scenario of the URL the page opened with; it also picks the page's database (db/db.ts).
      const scenario = scenarioFromSearch(window.location.search);
      setActiveScenario(scenario);
      let started: Promise<unknown> | undefined;
      startMocks = () =>
        (started ??= import('./mocks/mock-network').then(({ startMockNetwork }) => startMockNetwork({ scenario })));
      if (window.location.pathname.startsWith('/dashboard')) await startMocks();
    } else if (window.location.pathname.startsWith('/dashboard')) {
      // Who is signed in is asked at once, from this script: a new tab of a desk signed in by cookie holds every data
      // call until the answer. The session's code, and the shell's LiveDesk after it, take this one question's answer.
      // A deep link's first list goes out with the answer, before the app's code for it has run.
      askSessionEarly(config.apiBaseUrl, () => readFirstList(window.location.pathname));
      void import('./lib/session-flow').then(({ startSession }) => startSession()).catch(() => undefined);
      // Every other call waits for the contract: its files download beside that answer.
      void preloadContract();
      // A list is parsed by a worker, and a worker takes a while to start on a slow phone: started now, ready for it.
      void import('./lib/http/json-reader').then(({ warmJsonReader }) => warmJsonReader()).catch(() => undefined);
      // The query cache is given that first list, for the screen to show it without asking again.
      void import('./app/first-data')
        .then(({ prefetchFirstData }) => prefetchFirstData(window.location.pathname))
        .catch(() => undefined);
    }
  } catch (error) {
    showConfigError(root, error);
    return;
  }
  // The app is imported after the mock network so that nothing binds fetch or WebSocket before it. The landing page
  // renders without the router (app/landing-shell), which loads with the first link into the app.
  if ((window.location.pathname.replace(/\/+$/, '') || '/') === '/') {
    const { renderLanding } = await import('./app/landing-shell');
    renderLanding(root, { beforeDashboard: startMocks });
    return;
  }
  const { renderApp } = await import('./app/render');
  await renderApp(root, { beforeDashboard: startMocks });
}

void boot();
