// Search keystrokes on the long lists (posts, AI news, media) against DESIGN.md's budgets; part of `npm run bench`.
// Alone: node --import tsx scripts/dev/bench-lists.mjs [--dist <dir>] [--strict] [posts|news|media …]
// Seeds the in-page mock, then navigates client-side (a reload would re-seed it); --strict exits 1 on a missed budget.
// benchList({ page, baseUrl, list }) also takes an open Playwright page of a running preview.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../test/chromium';

const root = path.resolve(import.meta.dirname, '../..');
const VITE = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
export const ROWS = 10_000;
/** Median keystroke budgets by list length. */
export const KEYSTROKE_BUDGET_MS = { short: 4, long: 8 };
export const keystrokeBudget = (rows) => (rows >= ROWS ? KEYSTROKE_BUDGET_MS.long : KEYSTROKE_BUDGET_MS.short);
/** The same screen with this few items shows the machine's floor: what a keystroke costs without a long list. */
export const FLOOR_ROWS = 15;

/** The lists measured: where they live, how to seed them, what shows they are ready, what the search box is called. */
export const LISTS = {
  posts: {
    name: 'posts table',
    path: '/dashboard/posts',
    seed: '/__mock/posts/seed',
    ready: (n) => `${n} von ${n} Posts`,
    search: 'Posts durchsuchen',
    query: 'Klimagipfel',
    filtered: (n) => new RegExp(`^\\d+ von ${n} Posts$`),
    items: '[role="row"]',
    how: 'virtualized',
  },
  news: {
    name: 'AI news list',
    path: '/dashboard/ai-news',
    seed: '/__mock/news/seed',
    ready: (n) => `${n} von ${n} Meldungen`,
    search: 'News durchsuchen',
    query: 'Notenbank',
    filtered: (n) => new RegExp(`^\\d+ von ${n} Meldungen$`),
    items: '[data-testid="news-row"]',
    how: 'virtualized',
  },
  media: {
    name: 'media library',
    path: '/dashboard/media',
    seed: '/__mock/media/seed',
    ready: (n) => (n > 24 ? /^\d+ von \d+ Dateien angezeigt$/ : 'Aufrufe'),
    search: 'Medien nach Titel oder Datum durchsuchen',
    query: 'Moderation',
    filtered: () => null,
    items: '[data-testid="media-card"]',
    how: 'revealed 24 at a time',
  },
};

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Seeds 10,000 items, opens the list's screen, types a query and deletes it again; returns per-keystroke latencies. */
export async function benchList({ page, baseUrl, list, rows = ROWS }) {
  const spec = LISTS[list];
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const seeded = await page.evaluate(
    async ({ rows, seed }) => {
      const config = await (await fetch('/config.json')).json();
      const res = await fetch(`${config.apiBaseUrl.replace(/\/+$/, '')}${seed}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ count: rows }),
      });
      return { mode: config.apiMode, status: res.status };
    },
    { rows, seed: spec.seed },
  );
  if (seeded.mode !== 'mock' || seeded.status !== 204)
    throw new Error(`cannot seed the mock backend (mode ${seeded.mode}, status ${seeded.status})`);

  const t0 = Date.now();
  // Client-side navigation, as a sidebar link does (AI News has none): the router follows popstate.
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, spec.path);
  const ready = spec.ready(rows);
  await page.getByText(ready).first().waitFor({ timeout: 30_000 });
  const firstRenderMs = Date.now() - t0;
  const domItems = await page.locator(spec.items).count();

  const search = page.getByLabel(spec.search);
  await search.click();
  await page.evaluate(installProbe, `input[aria-label="${spec.search}"]`);
  for (const ch of spec.query) await page.keyboard.type(ch, { delay: 30 });
  await page.waitForTimeout(100);
  const filteredText = spec.filtered(rows);
  const filtered = filteredText
    ? await page.getByText(filteredText).first().textContent()
    : `${await page.locator(spec.items).count()} cards`;
  for (let i = 0; i < spec.query.length; i++) await page.keyboard.press('Backspace', { delay: 30 });
  await page.getByText(ready).first().waitFor();
  const measured = await page.evaluate(() => window.__benchProbe);

  // The floor on the same screen: a bare <input> outside the app (no listener of the page), typed the same way.
  await page.evaluate(() => {
    const bare = document.createElement('input');
    bare.id = 'bench-bare-input';
    bare.setAttribute('aria-hidden', 'true');
    bare.style.cssText = 'position:fixed;top:0;left:0;width:10rem;z-index:99999';
    document.body.append(bare);
  });
  await page.focus('#bench-bare-input');
  await page.evaluate(installProbe, '#bench-bare-input');
  for (const ch of spec.query) await page.keyboard.type(ch, { delay: 30 });
  for (let i = 0; i < spec.query.length; i++) await page.keyboard.press('Backspace', { delay: 30 });
  await page.waitForTimeout(100);
  const bare = await page.evaluate(() => {
    document.getElementById('bench-bare-input')?.remove();
    return window.__benchProbe;
  });

  const sorted = [...measured.sync].sort((a, b) => a - b);
  const med = (values) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  return {
    list,
    rows,
    domItems,
    firstRenderMs,
    filtered,
    keystrokes: sorted.length,
    // Judged: keystroke → list updated in the DOM (the `sync` figure of installProbe).
    medianMs: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    maxMs: sorted[sorted.length - 1],
    frameMedianMs: med(measured.frame),
    eventMedianMs: med(measured.latencies),
    bareMedianMs: med(bare.sync),
    bareFrameMedianMs: med(bare.frame),
    bareEventMedianMs: med(bare.latencies),
  };
}

/**
 * Runs in the page; per keystroke: `sync` (judged) from keydown dispatch to React's commit of the filtered list,
 * `frame` to the end of the next frame's main-thread work, `latencies` from the key event's timestamp.
 */
function installProbe(selector) {
  const input = document.querySelector(selector);
  const channel = new MessageChannel();
  const afterFrame = new MessageChannel();
  const probe = { latencies: [], sync: [], frame: [] };
  window.__benchProbe = probe;
  let created = 0;
  let dispatched = 0;
  channel.port1.onmessage = () => probe.latencies.push(performance.now() - created);
  afterFrame.port1.onmessage = (e) => probe.frame.push(performance.now() - e.data);
  addEventListener(
    'keydown',
    (e) => {
      if (e.target !== input) return;
      created = e.timeStamp;
      dispatched = performance.now();
    },
    { capture: true },
  );
  input.addEventListener('input', () => {
    channel.port2.postMessage(0);
    const since = dispatched;
    requestAnimationFrame(() => afterFrame.port2.postMessage(since));
  });
  // On window, bubbling: after React's root listener, so this microtask is queued after React's own flush.
  addEventListener('input', (e) => {
    if (e.target === input) queueMicrotask(() => probe.sync.push(performance.now() - dispatched));
  });
}

export function formatListResult(r, floor) {
  const spec = LISTS[r.list];
  const ok = r.medianMs <= keystrokeBudget(r.rows);
  return [
    `${spec.name}, ${r.rows.toLocaleString('en')} items: ${r.domItems} item elements in the DOM (${spec.how}), first render ${r.firstRenderMs} ms`,
    `  search keystroke → list updated in the DOM: median ${r.medianMs.toFixed(1)} ms, p95 ${r.p95Ms.toFixed(1)} ms, max ${r.maxMs.toFixed(1)} ms over ${r.keystrokes} keystrokes (budget ${keystrokeBudget(r.rows)} ms) ${ok ? 'OK' : 'OVER'}`,
    `  → its frame rendered: median ${r.frameMedianMs.toFixed(1)} ms; key event made → after that frame: ${r.eventMedianMs.toFixed(1)} ms. A bare <input> on the same screen: ${r.bareMedianMs.toFixed(1)} / ${r.bareFrameMedianMs.toFixed(1)} / ${r.bareEventMedianMs.toFixed(1)} ms`,
    `  ("${spec.query}" → ${r.filtered})`,
    ...(floor
      ? [
          `  the same screen with ${floor.rows} items: median ${floor.medianMs.toFixed(1)} ms (budget ${keystrokeBudget(floor.rows)} ms) ${floor.medianMs <= keystrokeBudget(floor.rows) ? 'OK' : 'OVER'}; the 10,000 items add ${(r.medianMs - floor.medianMs).toFixed(1)} ms`,
        ]
      : []),
  ].join('\n');
}

async function main() {
  const args = process.argv.slice(2);
  const strict = args.includes('--strict');
  const distArg = args.includes('--dist') ? path.resolve(args[args.indexOf('--dist') + 1]) : null;
  const chosen = args.filter((a) => a in LISTS);
  const lists = chosen.length ? chosen : Object.keys(LISTS);
  const port = Number(process.env.BENCH_LISTS_PORT ?? 4311);
  const baseUrl = `http://127.0.0.1:${port}`;
  const tmp = distArg ? null : mkdtempSync(path.join(tmpdir(), 'newsdesk-bench-lists-'));
  const dist = distArg ?? path.join(tmp, 'dist');
  if (!distArg) {
    console.log('building …');
    const r = spawnSync(process.execPath, [VITE, 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) throw new Error(`vite build failed (${r.status})`);
  }
  const server = spawn(
    process.execPath,
    [VITE, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--outDir', dist],
    { cwd: root, stdio: 'ignore' },
  );
  let browser;
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${baseUrl}/index.html`)).ok) break;
      } catch {
        // not up yet
      }
      if (i > 100) throw new Error('vite preview did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    for (const list of lists) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
      const result = await benchList({ page, baseUrl, list });
      const floor = await benchList({ page, baseUrl, list, rows: FLOOR_ROWS });
      await page.close();
      console.log(formatListResult(result, floor));
      if (strict && (result.medianMs > keystrokeBudget(result.rows) || floor.medianMs > keystrokeBudget(floor.rows)))
        process.exitCode = 1;
    }
  } finally {
    await browser?.close();
    server.kill();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
