// Post Management with 10,000 rows (DESIGN.md "Lists stay fast"): a search keystroke must update the
// table within one frame budget (16.7 ms) on a laptop. Prints the figure; used by `npm run bench` or alone:
//
//   node scripts/bench-posts.mjs [--dist <dir>] [--strict]
//
// Without --dist it builds into a temporary folder. The mock backend is re-seeded in the page with 10,000
// posts (POST /api/__mock/posts/seed, mock mode only), then the Posts screen is opened by client-side
// navigation (a reload would re-seed the in-page mock). Per keystroke it measures from the key event to the
// moment the main thread is free again after React has rendered the filtered rows (a MessageChannel task
// queued from the input event runs after React's synchronous update). --strict exits 1 when the median
// exceeds the frame budget. BENCH_POSTS_PORT (default 4311) is the preview port.
//
// benchPosts({ page, baseUrl }) can also be called with an open Playwright page of a running preview.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const VITE = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
export const ROWS = 10_000;
export const FRAME_BUDGET_MS = 16.7;
const QUERY = 'Klimagipfel';

function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    const own = chromium.executablePath();
    if (own && existsSync(own)) return undefined;
  } catch {
    // no bundled browser
  }
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Seeds 10,000 posts, opens Posts, types a query and deletes it again; returns per-keystroke latencies. */
export async function benchPosts({ page, baseUrl }) {
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const seeded = await page.evaluate(async (rows) => {
    const config = await (await fetch('/config.json')).json();
    const res = await fetch(`${config.apiBaseUrl.replace(/\/+$/, '')}/__mock/posts/seed`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ count: rows }) });
    return { mode: config.apiMode, status: res.status };
  }, ROWS);
  if (seeded.mode !== 'mock' || seeded.status !== 204) throw new Error(`cannot seed the mock backend (mode ${seeded.mode}, status ${seeded.status})`);

  const t0 = Date.now();
  await page.getByRole('link', { name: 'Posts' }).first().click();
  await page.getByText(`${ROWS} von ${ROWS} Posts`).waitFor({ timeout: 30_000 });
  const firstRenderMs = Date.now() - t0;
  const domRows = await page.locator('[role="row"]').count();

  const search = page.getByLabel('Posts durchsuchen');
  await search.click();
  await page.evaluate(() => {
    const input = document.querySelector('input[aria-label="Posts durchsuchen"]');
    const channel = new MessageChannel();
    window.__benchLatencies = [];
    let start = 0;
    channel.port1.onmessage = () => window.__benchLatencies.push(performance.now() - start);
    input.addEventListener('keydown', (e) => { start = e.timeStamp; }, { capture: true });
    input.addEventListener('input', () => channel.port2.postMessage(0));
  });
  for (const ch of QUERY) await page.keyboard.type(ch, { delay: 30 });
  await page.waitForTimeout(100);
  const filtered = await page.getByText(/^\d+ von 10000 Posts$/).textContent();
  for (let i = 0; i < QUERY.length; i++) await page.keyboard.press('Backspace', { delay: 30 });
  await page.getByText(`${ROWS} von ${ROWS} Posts`).waitFor();
  const latencies = await page.evaluate(() => window.__benchLatencies);
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    rows: ROWS,
    domRows,
    firstRenderMs,
    filtered,
    keystrokes: sorted.length,
    medianMs: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    maxMs: sorted[sorted.length - 1],
  };
}

export function formatPostsResult(r) {
  const ok = r.medianMs <= FRAME_BUDGET_MS;
  return [
    `posts table, ${r.rows.toLocaleString('en')} rows: ${r.domRows} row elements in the DOM (virtualized), first render ${r.firstRenderMs} ms`,
    `  search keystroke → rows updated: median ${r.medianMs.toFixed(1)} ms, p95 ${r.p95Ms.toFixed(1)} ms, max ${r.maxMs.toFixed(1)} ms over ${r.keystrokes} keystrokes (budget ${FRAME_BUDGET_MS} ms) ${ok ? 'OK' : 'OVER'}`,
    `  ("${QUERY}" → ${r.filtered})`,
  ].join('\n');
}

async function main() {
  const args = process.argv.slice(2);
  const strict = args.includes('--strict');
  const distArg = args.includes('--dist') ? path.resolve(args[args.indexOf('--dist') + 1]) : null;
  const port = Number(process.env.BENCH_POSTS_PORT ?? 4311);
  const baseUrl = `http://127.0.0.1:${port}`;
  const tmp = distArg ? null : mkdtempSync(path.join(tmpdir(), 'newsdesk-bench-posts-'));
  const dist = distArg ?? path.join(tmp, 'dist');
  if (!distArg) {
    console.log('building …');
    const r = spawnSync(process.execPath, [VITE, 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error(`vite build failed (${r.status})`);
  }
  const server = spawn(process.execPath, [VITE, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--outDir', dist], { cwd: root, stdio: 'ignore' });
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
    browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
    const result = await benchPosts({ page, baseUrl });
    console.log(formatPostsResult(result));
    if (strict && result.medianMs > FRAME_BUDGET_MS) process.exitCode = 1;
  } finally {
    await browser?.close();
    server.kill();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
