// npm run bench — the performance budgets of DESIGN.md (listed in README's Scripts table), on production builds.
// Options: --dist <dir> reuses a build; --only sizes,lists,warm,live,lighthouse,desk,pipeline; --screens /,/dashboard/posts.
// Env: BENCH_PORT (and the next four), BENCH_LIGHTHOUSE_RUNS, BENCH_CALIBRATED_RUNS, BENCH_TRACE_DIR (reports, traces).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../test/chromium';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';
import { preview as vitePreview } from 'vite';
import puppeteer from 'puppeteer-core';
import { DESK_TOKEN, formatCalls, screenCalls, SIGN_IN, signInArgs, startSeededDesk } from './bench-desk.mjs';
import { startMockBackend } from '../test/mock-backend';
import { describeHost, hostFigures } from './trace-host';

const DEFAULT_THROTTLING = throttling.mobileSlow4G;
import { benchList, FLOOR_ROWS, formatListResult, KEYSTROKE_BUDGET_MS, LISTS } from './bench-lists.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const VITE = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const PORT = Number(process.env.BENCH_PORT ?? 4310);
const BASE = `http://127.0.0.1:${PORT}`;
const BUDGET = { landing: 100, dashboard: 160, screen: 60 };
const LIGHTHOUSE = { performance: 95, accessibility: 100, tbtMs: 200, lcpMs: 2000, cls: 0.05, longTaskMs: 50 };
const SCREENS = [
  '/dashboard',
  '/dashboard/workflow',
  '/dashboard/ai-news',
  '/dashboard/posts',
  '/dashboard/media',
  '/dashboard/live',
  '/dashboard/social',
  '/dashboard/videos',
  '/dashboard/prompts',
  '/dashboard/admin',
];
const LIVE_CONFIG = JSON.stringify({ apiMode: 'live', apiBaseUrl: 'http://127.0.0.1:9/api' });
const API_PORT = PORT + 1;
const SECURE_PORT = PORT + 2;
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CALIBRATED_RUNS = Number(process.env.BENCH_CALIBRATED_RUNS ?? 1);
const TRACE_DIR = process.env.BENCH_TRACE_DIR;
const LONG_TASK_RUNS = 3;
// How long a screen stays watched after its data is drawn (a 4× CPU finishes the effects and deferred renders in it).
const LONG_TASK_QUIET_MS = 4_000;

const args = process.argv.slice(2);
const distArg = args.includes('--dist') ? path.resolve(args[args.indexOf('--dist') + 1]) : null;
const PARTS = ['sizes', 'lists', 'warm', 'live', 'lighthouse', 'desk', 'pipeline'];
const DESK_PORT = PORT + 3;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : PARTS;
const run = (part) => only.includes(part);
const LIGHTHOUSE_URLS = args.includes('--screens') ? args[args.indexOf('--screens') + 1].split(',') : ['/', ...SCREENS];
const tmp = mkdtempSync(path.join(tmpdir(), 'newsdesk-bench-'));

function build(outDir, env = {}) {
  console.log(
    `building ${path.relative(root, outDir) || outDir}${env.VITE_API_MODE ? ` (VITE_API_MODE=${env.VITE_API_MODE})` : ''} …`,
  );
  const r = spawnSync(process.execPath, [VITE, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`vite build failed (${r.status})`);
}

async function preview(dist) {
  const child = spawn(
    process.execPath,
    [VITE, 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort', '--outDir', dist],
    { cwd: root, stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${BASE}/index.html`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('vite preview did not start');
}

/** Serves `dist` like a production host: HTTPS with HTTP/2 (a PWA needs HTTPS), else plain HTTP/1.1, saying so. */
async function productionLikePreview(dist) {
  const key = path.join(tmp, 'key.pem');
  const cert = path.join(tmp, 'cert.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const https = made.status === 0 ? { key: readFileSync(key), cert: readFileSync(cert) } : undefined;
  const server = await vitePreview({
    configFile: false,
    root,
    logLevel: 'error',
    build: { outDir: dist },
    preview: { host: '127.0.0.1', port: SECURE_PORT, strictPort: true, https },
  });
  return {
    base: `${https ? 'https' : 'http'}://127.0.0.1:${SECURE_PORT}`,
    protocol: https ? 'HTTPS, HTTP/2' : 'HTTP/1.1 (no openssl for a certificate)',
    close: () => server.close(),
  };
}

/** One Lighthouse run (mobile defaults, optional `cpuSlowdown`) in its own Chromium; with `token`, signed in. */
async function lighthouseRun(url, cpuSlowdown, token) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath() ?? chromium.executablePath(),
    // The bench's own self-signed certificate (productionLikePreview).
    chromeFlags: ['--headless=new', '--ignore-certificate-errors', ...CHROMIUM_ARGS],
  });
  try {
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    };
    const config = cpuSlowdown
      ? {
          extends: 'lighthouse:default',
          settings: { throttling: { ...DEFAULT_THROTTLING, cpuSlowdownMultiplier: cpuSlowdown } },
        }
      : undefined;
    // The operator token lives in the tab's sessionStorage: Lighthouse is handed a tab (puppeteer-core, its own
    // dependency) whose every document gets it first.
    const connected = token ? await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` }) : undefined;
    let tab;
    if (connected) {
      tab = await connected.newPage();
      await tab.evaluateOnNewDocument(SIGN_IN, signInArgs(token));
    }
    const result = await lighthouse(url, flags, config, tab);
    await connected?.disconnect();
    if (TRACE_DIR) {
      const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${cpuSlowdown ?? 4}x-${Date.now()}`;
      mkdirSync(TRACE_DIR, { recursive: true });
      writeFileSync(path.join(TRACE_DIR, `${name}.lhr.json`), JSON.stringify(result.lhr));
      writeFileSync(path.join(TRACE_DIR, `${name}.trace.json`), JSON.stringify(result.artifacts?.Trace ?? {}));
    }
    // The trace is read here and dropped; a trace it cannot read costs the line its figures, never the run.
    let host = null;
    try {
      const events = result.artifacts?.Trace?.traceEvents;
      if (Array.isArray(events)) host = hostFigures(events);
    } catch {
      host = null;
    }
    return { lhr: result.lhr, host };
  } finally {
    await chrome.kill();
  }
}

/**
 * Long tasks after the app has drawn the screen as the page's Long Tasks API reports them at DevTools' 4× CPU, untraced:
 * recording a trace stretches the page's tasks on this host. Without `slow4G` the data's render crowds the first render,
 * the harder case. Counted from the app's own heading, not FCP: FCP is the route document's prerendered shell, which is
 * inert until the app replaces it, and the start-up before that is what Lighthouse's TBT judges.
 */
async function untracedLongTasks(url, { slow4G, token }) {
  const { width, height, deviceScaleFactor } = screenEmulationMetrics.mobile;
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    serviceWorkers: 'block',
    viewport: { width, height },
    deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: userAgents.mobile,
  });
  try {
    if (token) await context.addInitScript(SIGN_IN, signInArgs(token));
    await context.addInitScript(() => {
      const seen = [];
      Object.defineProperty(window, '__benchLongTasks', { value: seen });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) seen.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    await context.addInitScript(HEADING_PROBE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const net = DEFAULT_THROTTLING;
    if (slow4G) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: net.requestLatencyMs,
        downloadThroughput: (net.downloadThroughputKbps * 1024) / 8,
        uploadThroughput: (net.uploadThroughputKbps * 1024) / 8,
      });
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: net.cpuSlowdownMultiplier });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // The screen has drawn its data: its heading is in and no loading skeleton is left.
    await page.waitForFunction(
      () => document.querySelector('h1') && !document.querySelector('[data-slot="skeleton"]'),
      null,
      { timeout: 60_000, polling: 250 },
    );
    await page.waitForTimeout(LONG_TASK_QUIET_MS);
    const { drawn, tasks } = await page.evaluate(() => ({
      drawn: typeof window.__h1At === 'number' ? window.__h1At : null,
      tasks: window.__benchLongTasks,
    }));
    if (drawn === null) return { error: 'keine Überschrift der App gezeichnet' };
    const late = tasks.filter(([start]) => start >= drawn).map(([, duration]) => duration);
    return { late };
  } catch (error) {
    return { error: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  } finally {
    await context.close();
  }
}

/** Lighthouse's docs/throttling.md calibration of its 4× (which assumes a high-end desktop); for information only. */
function calibratedSlowdown(benchmarkIndex) {
  if (benchmarkIndex >= 1500) return 4;
  if (benchmarkIndex >= 800) return 2;
  return 1;
}

const WARM_START = { url: '/dashboard', budgetMs: 250, reloads: 7 };
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Warm start offline: one online visit fills the caches, then offline reloads time <h1>; stops `server`. */
async function warmStartOffline(browser, dist, url, reloads, server) {
  // Precache entries in sw.js (counted once each, should one be listed twice).
  const expected = new Set(readFileSync(path.join(dist, 'sw.js'), 'utf8').match(/\{url:"[^"]+"/g) ?? []).size;
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    await page.addInitScript(HEADING_PROBE);
    await page.goto(BASE + url);
    await page.waitForFunction(() => typeof window.__h1At === 'number', null, { timeout: 20_000 });
    // A first visit registers the worker after the first screen (app-extras); clientsClaim hands it this page once installed.
    let caches = null;
    for (
      let i = 0;
      i < 150 && !(caches?.controlled && caches.precached >= expected && caches.config > 0 && caches.mocks > 0);
      i++
    ) {
      if (i) await page.waitForTimeout(200);
      caches = await page.evaluate(async () => {
        const count = async (name) => (name ? (await (await window.caches.open(name)).keys()).length : 0);
        const names = await window.caches.keys();
        return {
          controlled: Boolean(navigator.serviceWorker.controller),
          precached: await count(names.find((n) => n.startsWith('workbox-precache'))),
          config: await count(names.find((n) => n === 'newsdesk-config')),
          mocks: await count(names.find((n) => n === 'newsdesk-mocks')),
        };
      });
    }
    if (!(caches.controlled && caches.precached >= expected && caches.config > 0 && caches.mocks > 0)) {
      throw new Error(`service worker not ready for offline use: ${JSON.stringify({ ...caches, expected })}`);
    }

    server.kill(); // offline for real: nothing answers on the preview port any more
    await context.setOffline(true);
    const times = [];
    let fromWorker = true;
    for (let i = 0; i < reloads; i++) {
      await page.reload({ waitUntil: 'commit' });
      await page.waitForFunction(() => typeof window.__h1At === 'number', null, { timeout: 20_000 });
      const run = await page.evaluate(() => ({
        h1At: window.__h1At,
        fromWorker:
          Boolean(navigator.serviceWorker.controller) && performance.getEntriesByType('navigation')[0]?.workerStart > 0,
      }));
      times.push(run.h1At);
      fromWorker &&= run.fromWorker;
    }
    return { times, fromWorker, precached: caches.precached };
  } finally {
    await context.close();
  }
}

const gzCache = new Map();
function gzipSize(dist, urlPath) {
  const file = path.join(dist, urlPath);
  if (!gzCache.has(file)) gzCache.set(file, existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0);
  return gzCache.get(file);
}
const kb = (bytes) => (bytes / 1024).toFixed(1);

// Records in the page when the app's first <h1> is put into the document (a MutationObserver: before the effects of the
// render that made it, which start the screen's data requests) and when it is first visible (the next frame). The route
// document's prerendered shell has an <h1> of its own from the start: that one is not the screen.
const HEADING_PROBE = () => {
  const appHeading = () => document.querySelector('h1:not([data-prerendered] h1)');
  new MutationObserver((_, observer) => {
    if (!appHeading()) return;
    window.__h1In = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
  const probe = () => {
    const h1 = appHeading();
    if (h1 && h1.getBoundingClientRect().height > 0) window.__h1At = performance.now();
    else requestAnimationFrame(probe);
  };
  requestAnimationFrame(probe);
};

/** Scripts requested before the <h1> was in the document (what it waited for); `paint` adds those until it showed. */
async function scriptsUntilHeading(browser, url, { live }) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(HEADING_PROBE);
  if (live)
    await page.route('**/config.json', (r) =>
      r.fulfill({ status: 200, contentType: 'application/json', body: LIVE_CONFIG }),
    );
  await page.goto(BASE + url);
  await page.waitForFunction(() => typeof window.__h1At === 'number' && typeof window.__h1In === 'number', null, {
    timeout: 20_000,
  });
  const [before, paint] = await page.evaluate(() => {
    const scripts = performance
      .getEntriesByType('resource')
      .filter((e) => /\.m?js($|\?)/.test(new URL(e.name).pathname));
    const names = (list) => list.map((e) => new URL(e.name).pathname);
    return [
      names(scripts.filter((e) => e.startTime <= window.__h1In)),
      names(scripts.filter((e) => e.startTime > window.__h1In && e.startTime <= window.__h1At)),
    ];
  });
  // The entry module is the document's own script, not a resource entry.
  const entry = await page.evaluate(() =>
    [...document.querySelectorAll('script[type="module"][src]')].map((s) => new URL(s.src).pathname),
  );
  await context.close();
  const files = [...new Set([...entry, ...before])];
  return Object.assign(files, { paint: [...new Set(paint)].filter((f) => !files.includes(f)) });
}

async function allRequestedScripts(browser, urls, { live }) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  if (live)
    await page.route('**/config.json', (r) =>
      r.fulfill({ status: 200, contentType: 'application/json', body: LIVE_CONFIG }),
    );
  const scripts = new Set();
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.add(new URL(req.url()).pathname);
  });
  for (const url of urls) {
    await page.goto(BASE + url);
    await page.locator('h1:not([data-prerendered] h1)').first().waitFor({ state: 'visible', timeout: 20_000 });
    await page.waitForTimeout(2500); // past the idle-time loads (toaster, update prompt, mock warm-up)
  }
  await context.close();
  return [...scripts];
}

const sum = (dist, files) => files.reduce((n, f) => n + gzipSize(dist, f), 0);
const results = [];
function check(name, value, budget, detail = '') {
  const pass = value <= budget * 1024;
  results.push(pass);
  console.log(
    `${pass ? 'PASS' : 'FAIL'}  ${name.padEnd(44)} ${kb(value).padStart(7)} KB gzip  (budget ≤ ${budget} KB)${detail ? `  ${detail}` : ''}`,
  );
}

const score = (r) => Math.round(r.categories.performance.score * 100);
const tbt = (r) => r.audits['total-blocking-time']?.numericValue ?? Infinity;
// Long tasks (as Lighthouse simulates them at 4×) that start after the first contentful paint: data arriving.
const lateLongTasks = (r) => {
  const fcp = r.audits['first-contentful-paint']?.numericValue ?? 0;
  return (r.audits['long-tasks']?.details?.items ?? []).filter(
    (t) => t.startTime >= fcp && t.duration > LIGHTHOUSE.longTaskMs,
  );
};
// The median run by performance score (Lighthouse's variability docs: take the median of several runs).
const medianRun = (runs) => [...runs].sort((a, b) => score(a) - score(b))[Math.floor(runs.length / 2)];

/** Lighthouse's and the long-task budgets for one screen at `base` (signed in with `token`), printed and recorded. */
async function judgeScreen(base, url, { token, label = '' } = {}) {
  const runs = [];
  const hosts = [];
  let failed = 0;
  while (runs.length < LIGHTHOUSE_RUNS) {
    const { lhr, host } = await lighthouseRun(base + url, undefined, token);
    // Lighthouse's own failure (a trace without its navigation, NO_NAVSTART) scores 0 without measuring the page: run
    // again, twice at most, and say so.
    if (lhr.runtimeError && failed < 2) {
      failed += 1;
      console.log(`      ${label}${url}: Lighthouse failed (${lhr.runtimeError.code}), run again`);
      continue;
    }
    runs.push(lhr);
    hosts.push(host);
  }
  const lhr = medianRun(runs);
  const index = Math.round(median(runs.map((r) => r.environment.benchmarkIndex)));
  const slowdown = calibratedSlowdown(index);
  const calibrated = [];
  if (slowdown !== 4)
    while (calibrated.length < CALIBRATED_RUNS) calibrated.push((await lighthouseRun(base + url, slowdown, token)).lhr);
  const perf = score(lhr);
  const a11y = Math.round(lhr.categories.accessibility.score * 100);
  const tbtMs = median(runs.map(tbt));
  const late = lateLongTasks(lhr);
  const metric = (id) => lhr.audits[id]?.displayValue ?? '?';
  const calText =
    slowdown === 4
      ? 'host calibrates to 4× too'
      : calibrated.length
        ? `calibrated ${slowdown}×: performance ${calibrated.map(score).join(', ')}, TBT ${Math.round(median(calibrated.map(tbt)))} ms`
        : `calibrated ${slowdown}×: not run`;
  console.log(
    `      ${url.padEnd(20)} 4×: performance ${runs.map(score).join(', ')}; median run FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}  |  BenchmarkIndex ${index}, ${calText}`,
  );
  console.log(`      ${describeHost(hosts)}`);
  if (token) {
    // What the signed-in median run fetched from /api (a 401 here would mean it measured the sign-in dialog).
    const api = (lhr.audits['network-requests']?.details?.items ?? []).filter((r) => /\/api\//.test(r.url));
    console.log(
      `      API in the median run: ${api.map((r) => `${new URL(r.url).pathname} ${r.statusCode} ${kb(r.transferSize ?? 0)} KB`).join(', ') || 'none'}`,
    );
  }
  const judge = (ok, name, value, budget) => {
    results.push(ok);
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${name.padEnd(44)} ${String(value).padStart(7)}         (budget ${budget})`);
  };
  judge(
    perf >= LIGHTHOUSE.performance,
    `Lighthouse 4× performance ${label}${url}`,
    perf,
    `≥ ${LIGHTHOUSE.performance}`,
  );
  judge(
    tbtMs <= LIGHTHOUSE.tbtMs,
    `Lighthouse 4× TBT ${label}${url} (median, ms)`,
    Math.round(tbtMs),
    `≤ ${LIGHTHOUSE.tbtMs} ms`,
  );
  const lcpMs = lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity;
  judge(
    lcpMs <= LIGHTHOUSE.lcpMs,
    `Lighthouse 4× LCP ${label}${url} (median run, ms)`,
    Math.round(lcpMs),
    `≤ ${LIGHTHOUSE.lcpMs} ms`,
  );
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? Infinity;
  judge(cls <= LIGHTHOUSE.cls, `Lighthouse 4× CLS ${label}${url} (median run)`, cls.toFixed(3), `≤ ${LIGHTHOUSE.cls}`);
  // Every run is judged, in both conditions (a long task in any of them fails the budget, and so does a run that
  // could not be judged).
  const untraced = [];
  for (const slow4G of [false, true])
    for (let i = 0; i < LONG_TASK_RUNS; i++)
      untraced.push({ slow4G, ...(await untracedLongTasks(base + url, { slow4G, token })) });
  const worst = Math.max(...untraced.map((r) => (r.error ? Infinity : r.late.length)));
  const runText = (r) =>
    r.error
      ? `nicht messbar: ${r.error}`
      : r.late.length
        ? `${r.late.length} (${r.late.map((d) => `${Math.round(d)} ms`).join(', ')})`
        : '0';
  const runsText = [false, true]
    .map(
      (slow4G) =>
        `${slow4G ? 'slow 4G' : 'data at once'} ${untraced
          .filter((r) => r.slow4G === slow4G)
          .map(runText)
          .join(', ')}`,
    )
    .join('; ');
  judge(
    worst === 0,
    `long tasks > ${LIGHTHOUSE.longTaskMs} ms once drawn ${label}${url} (4×, every run)`,
    Number.isFinite(worst) ? worst : '?',
    `0; ${runsText}`,
  );
  console.log(
    `      Lighthouse's simulated long tasks after FCP (median run; its trace stretches tasks here): ${late.length}${late.length ? `: ${late.map((t) => `${Math.round(t.duration)} ms ${path.basename(t.url ?? '')}`).join(', ')}` : ''}`,
  );
  judge(
    a11y >= LIGHTHOUSE.accessibility,
    `Lighthouse accessibility ${label}${url}`,
    a11y,
    `≥ ${LIGHTHOUSE.accessibility}`,
  );
  const refs = new Set(lhr.categories.accessibility.auditRefs.filter((r) => r.weight > 0).map((r) => r.id));
  const failing = Object.values(lhr.audits).filter((a) => refs.has(a.id) && a.score !== null && a.score < 1);
  if (failing.length) console.log(`      accessibility audits below 1: ${failing.map((a) => a.id).join(', ')}`);
  const bootup = (lhr.audits['bootup-time']?.details?.items ?? [])
    .slice(0, 3)
    .map((i) => `${path.basename(i.url)} ${Math.round(i.scripting)} ms`);
  if (bootup.length) console.log(`      scripting (4×): ${bootup.join(', ')}`);
}

let server;
let backend;
let secure;
let desk;
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const dist = distArg ?? path.join(tmp, 'dist');
  if (!distArg && (run('sizes') || run('lists') || run('warm'))) build(dist);
  if (run('sizes') || run('lists') || run('warm')) server = await preview(dist);

  if (run('sizes')) {
    console.log('\n== Production build, live deployment (the budgets)');
    const landing = await scriptsUntilHeading(browser, '/', { live: true });
    check('JS before / renders', sum(dist, landing), BUDGET.landing, `${landing.length} files`);
    console.log(`      / loads: ${landing.map((f) => `${path.basename(f)} ${kb(gzipSize(dist, f))}`).join(', ')}`);
    const perScreen = [];
    for (const url of SCREENS) perScreen.push([url, await scriptsUntilHeading(browser, url, { live: true })]);
    const shared = perScreen.map(([, f]) => new Set(f)).reduce((a, b) => new Set([...a].filter((x) => b.has(x))));
    console.log(`      shared by every screen: ${kb(sum(dist, [...shared]))} KB`);
    let largest = ['', 0];
    for (const [url, files] of perScreen) {
      const feature = url === '/dashboard' ? 'overview' : url.split('/')[2];
      const named = files.filter((f) => path.basename(f).startsWith(`${feature}-`));
      const size = sum(dist, named);
      const beyond = sum(
        dist,
        files.filter((f) => !shared.has(f)),
      );
      check(
        `JS before ${url} renders`,
        sum(dist, files),
        BUDGET.dashboard,
        `${files.length} files; screen chunk ${kb(size)} KB; beyond the shared shell ${kb(beyond)} KB`,
      );
      if (files.paint.length > 0)
        console.log(
          `      then, before it painted (not waited for): ${files.paint.map((f) => `${path.basename(f)} ${kb(gzipSize(dist, f))}`).join(', ')}`,
        );
      if (size > largest[1]) largest = [url, size];
    }
    check('largest screen chunk', largest[1], BUDGET.screen, largest[0]);

    console.log('\n== Same build, mock mode (the demo; for information)');
    const landingMock = await scriptsUntilHeading(browser, '/', { live: false });
    console.log(`info  JS before / renders (mock)                ${kb(sum(dist, landingMock)).padStart(7)} KB gzip`);
    const dashMock = await scriptsUntilHeading(browser, '/dashboard', { live: false });
    const mockFiles = dashMock.filter((f) => /mock-network/.test(f));
    console.log(
      `info  JS before /dashboard renders (mock)       ${kb(sum(dist, dashMock)).padStart(7)} KB gzip  (of which mock network ${kb(sum(dist, mockFiles))} KB)`,
    );
  }

  if (run('lists')) {
    console.log(
      `\n== Search keystroke, ${FLOOR_ROWS} and 10,000 items (mock mode, same build; not throttled: this host's own speed)`,
    );
    for (const list of Object.keys(LISTS)) {
      const listPage = await browser.newPage({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
      const r = await benchList({ page: listPage, baseUrl: BASE, list });
      const floor = await benchList({ page: listPage, baseUrl: BASE, list, rows: FLOOR_ROWS });
      await listPage.close();
      console.log(formatListResult(r, floor));
      for (const [m, rows, budget] of [
        [floor, FLOOR_ROWS, KEYSTROKE_BUDGET_MS.short],
        [r, 10_000, KEYSTROKE_BUDGET_MS.long],
      ]) {
        results.push(m.medianMs <= budget);
        console.log(
          `${m.medianMs <= budget ? 'PASS' : 'FAIL'}  search keystroke, ${rows.toLocaleString('en').padStart(6)} items: ${LISTS[list].name.padEnd(15)} ${m.medianMs.toFixed(1).padStart(7)} ms median to the list updated (budget ≤ ${budget} ms; to its frame rendered ${m.frameMedianMs.toFixed(1)} ms; a bare <input> there ${m.bareMedianMs.toFixed(1)} / ${m.bareFrameMedianMs.toFixed(1)} ms)`,
        );
      }
    }
  }

  if (run('warm')) {
    console.log('\n== Warm start from the service-worker cache, offline (mock mode, same build)');
    const warm = await warmStartOffline(browser, dist, WARM_START.url, WARM_START.reloads, server);
    server = undefined;
    const warmMs = median(warm.times);
    const warmOk = warm.fromWorker && warmMs <= WARM_START.budgetMs;
    results.push(warmOk);
    console.log(
      `      ${warm.precached} precached files; reloads offline (navigation → <h1> visible): ${warm.times.map((t) => Math.round(t)).join(', ')} ms`,
    );
    console.log(
      `${warmOk ? 'PASS' : 'FAIL'}  warm start offline, ${WARM_START.url} (median)          ${String(Math.round(warmMs)).padStart(7)} ms      (budget ≤ ${WARM_START.budgetMs} ms)${warm.fromWorker ? '' : '  NOT served by the worker'}`,
    );
  }
  if (server) server.kill();
  server = undefined;

  if (run('live') || run('lighthouse') || run('desk')) {
    console.log('\n== Live build (VITE_API_MODE=live, config.json live)');
    const liveDist = path.join(tmp, 'dist-live');
    build(liveDist, { VITE_API_MODE: 'live' });
    if (run('live')) {
      writeFileSync(path.join(liveDist, 'config.json'), LIVE_CONFIG);
      // A precache entry or a script tag would name the hashed file; sw.js's runtime route only holds a pattern.
      const referenced = ['index.html', 'sw.js'].filter((f) =>
        /mock-network-[A-Za-z0-9_-]+\.js/.test(readFileSync(path.join(liveDist, f), 'utf8')),
      );
      server = await preview(liveDist);
      const requested = (
        await allRequestedScripts(browser, ['/', '/dashboard', '/dashboard/live'], { live: false })
      ).filter((f) => /mock-network/.test(f));
      const clean = referenced.length === 0 && requested.length === 0;
      results.push(clean);
      console.log(
        `${clean ? 'PASS' : 'FAIL'}  live build contains no mock code               referenced in: ${referenced.join(', ') || 'none'}; requested: ${requested.join(', ') || 'none'}`,
      );
      server.kill();
      server = undefined;
    }

    if (run('lighthouse')) {
      // The live deployment as an operator meets it: served like production, with a backend that answers.
      backend = await startMockBackend(API_PORT);
      writeFileSync(
        path.join(liveDist, 'config.json'),
        JSON.stringify({ apiMode: 'live', apiBaseUrl: backend.apiBaseUrl }),
      );
      secure = await productionLikePreview(liveDist);
      console.log(
        `\n== Lighthouse (mobile, default settings: simulated slow 4G, 4× CPU), live build over ${secure.protocol}, API answered by the mock handlers`,
      );
      console.log(
        `      ${LIGHTHOUSE_RUNS} runs at 4× per screen decide; "calibrated" is ${CALIBRATED_RUNS} run(s) at the host-calibrated slowdown, for information only`,
      );
      for (const url of LIGHTHOUSE_URLS) await judgeScreen(secure.base, url);
      // The other host operators use: a plain static host, HTTP/1.1 with six connections per origin.
      server = await preview(liveDist);
      console.log(
        `\n== Lighthouse (mobile, default settings), the same live build on a plain HTTP/1.1 static host (vite preview)`,
      );
      for (const url of LIGHTHOUSE_URLS) await judgeScreen(BASE, url, { label: 'HTTP/1.1 ' });
      server.kill();
      server = undefined;
    }

    if (run('desk')) {
      // The real desk as an operator meets it: its own server and database, a realistic amount of data, signed in.
      const dataDir = process.env.BENCH_DESK_DIR
        ? path.resolve(process.env.BENCH_DESK_DIR)
        : path.join(tmp, 'desk-data');
      desk = await startSeededDesk({ dist: liveDist, dataDir, port: DESK_PORT, tmp });
      console.log(
        `\n== Real desk (Lighthouse mobile, default settings): the Newsdesk server over ${desk.protocol}, --seed large, signed in`,
      );
      console.log(`      up after ${(desk.startMs / 1000).toFixed(1)} s: ${desk.seeded}`);
      for (const url of LIGHTHOUSE_URLS) {
        console.log(`      ${url.padEnd(20)} ${formatCalls(await screenCalls(browser, desk.base, url))}`);
        await judgeScreen(desk.base, url, { token: DESK_TOKEN, label: 'desk ' });
      }
    }
  }
} finally {
  if (server) server.kill();
  await secure?.close();
  await backend?.close();
  await desk?.stop();
  await browser.close();
  rmSync(tmp, { recursive: true, force: true });
}

if (run('pipeline')) {
  console.log('\npipeline (embedded PGlite, local feeds)');
  const pipeline = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/dev/bench-pipeline.ts'], {
    encoding: 'utf8',
  });
  process.stdout.write(
    pipeline.stdout
      .split('\n')
      .map((l) => (l ? `  ${l}` : l))
      .join('\n'),
  );
  if (pipeline.stderr.trim()) console.log(pipeline.stderr.trim());
  results.push(pipeline.status === 0);
}

const failed = results.filter((r) => !r).length;
console.log(`\n${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
