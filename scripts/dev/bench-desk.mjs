// The real desk for `npm run bench --only desk`: the server on a build over HTTPS with HTTP/2, seeded with `--seed large`.
// Alone, a dry run printing each screen's API calls: node --import tsx scripts/dev/bench-desk.mjs --dist <build> [paths]
// BENCH_DESK_DIR keeps the seeded data folder between runs; BENCH_DESK_PORT is its HTTPS port, the next its HTTP.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../test/chromium';

const root = path.resolve(import.meta.dirname, '../..');
export const DESK_TOKEN = 'bench-desk-operator-token-0123456789';
const TOKEN_KEY = 'newsdesk-operator-token';

/** Puts the operator token into the tab before the console's scripts run, as the sign-in dialog would. */
export const SIGN_IN = ([key, token]) => {
  try {
    sessionStorage.setItem(key, token);
  } catch {
    // about:blank has no storage; the next document gets it.
  }
};
export const signInArgs = (token = DESK_TOKEN) => [TOKEN_KEY, token];

/** A throw-away self-signed certificate for 127.0.0.1 (openssl), or undefined without openssl. */
export function selfSignedCertificate(dir) {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  const made = spawnSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-days', '90'],
      ...['-keyout', key, '-out', cert],
    ],
    { stdio: 'ignore' },
  );
  return made.status === 0 ? { key, cert } : undefined;
}

/** Starts `server/main.ts --seed large` on `dist`, over HTTPS when openssl made a certificate; resolves once it listens. */
export async function startSeededDesk({ dist, dataDir, port, tmp }) {
  mkdirSync(dataDir, { recursive: true });
  const certificate = selfSignedCertificate(tmp);
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--seed', 'large'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      NEWSDESK_TOKEN: DESK_TOKEN,
      NEWSDESK_DATA_DIR: dataDir,
      NEWSDESK_DIST_DIR: dist,
      HOST: '127.0.0.1',
      PORT: String(port),
      NEWSDESK_HTTP_PORT: String(port + 1),
      NEWSDESK_AUTH_MAX_FAILURES: '1000000',
      ...(certificate ? { NEWSDESK_TLS_CERT: certificate.cert, NEWSDESK_TLS_KEY: certificate.key } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const up = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk.toString();
      const url = /Newsdesk läuft: (\S+)/.exec(out)?.[1];
      if (url) resolve({ url, localUrl: /Ohne TLS nur auf diesem Rechner: (\S+)/.exec(out)?.[1] ?? url });
    });
    child.once('exit', (code) => reject(new Error(`Newsdesk beendet (${code}): ${out.trim()}`)));
  });
  child.stdout.resume();
  const seeded = /Beispieldaten „large“ geladen: [^\n]*/.exec(out)?.[0] ?? 'Beispieldaten „large“ waren schon geladen.';
  return {
    base: up.url.replace(/\/$/, ''),
    localBase: up.localUrl.replace(/\/$/, ''),
    protocol: certificate ? 'HTTPS, HTTP/2' : 'HTTP/1.1 (no openssl for a certificate)',
    startMs: performance.now() - started,
    seeded,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Opens `url` cold in a signed-in tab until its data is drawn; returns the heading time and every /api call it made. */
export async function screenCalls(browser, base, url, token = DESK_TOKEN) {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, serviceWorkers: 'block' });
  try {
    await context.addInitScript(SIGN_IN, signInArgs(token));
    const page = await context.newPage();
    const calls = [];
    page.on('requestfinished', async (request) => {
      const { pathname, search } = new URL(request.url());
      if (!pathname.startsWith('/api/') || pathname === '/api/events') return;
      const response = await request.response();
      const timing = request.timing();
      const body = await response?.body().catch(() => undefined);
      calls.push({
        path: `${pathname}${search}`,
        status: response?.status() ?? 0,
        bytes: body?.length ?? 0,
        ms: timing.responseEnd >= 0 ? timing.responseEnd : NaN,
      });
    });
    const started = performance.now();
    await page.goto(base + url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(
      () => document.querySelector('h1') && !document.querySelector('[data-slot="skeleton"]'),
      null,
      { timeout: 60_000, polling: 100 },
    );
    const drawnMs = performance.now() - started;
    await page.waitForTimeout(1000); // the calls a screen makes right after it drew
    const signedOut = await page.getByText('Zugang zum Newsdesk').count();
    return { drawnMs, calls, signedOut: signedOut > 0 };
  } finally {
    await context.close();
  }
}

export function formatCalls({ drawnMs, calls, signedOut }) {
  const lines = [`data drawn after ${Math.round(drawnMs)} ms (not throttled)${signedOut ? '  NOT SIGNED IN' : ''}`];
  for (const c of calls)
    lines.push(
      `  ${String(c.status)} ${c.path.padEnd(36)} ${(c.bytes / 1024).toFixed(0).padStart(6)} KB ${String(Math.round(c.ms)).padStart(6)} ms`,
    );
  return lines.join('\n      ');
}

// The dry run: start the seeded desk, load the screens signed in, print their calls.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const distAt = args.indexOf('--dist');
  if (distAt < 0) {
    console.error('usage: node --import tsx scripts/dev/bench-desk.mjs --dist <live build> [screen …]');
    process.exit(2);
  }
  const dist = path.resolve(args[distAt + 1]);
  const screens = args.filter((a, i) => a.startsWith('/') && i !== distAt + 1);
  const tmp = mkdtempSync(path.join(tmpdir(), 'newsdesk-bench-desk-'));
  const dataDir = process.env.BENCH_DESK_DIR ? path.resolve(process.env.BENCH_DESK_DIR) : path.join(tmp, 'data');
  const desk = await startSeededDesk({ dist, dataDir, port: Number(process.env.BENCH_DESK_PORT ?? 4313), tmp });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    console.log(
      `desk at ${desk.base} (${desk.protocol}), up after ${(desk.startMs / 1000).toFixed(1)} s: ${desk.seeded}`,
    );
    for (const url of screens.length ? screens : ['/dashboard/posts'])
      console.log(`      ${url.padEnd(20)} ${formatCalls(await screenCalls(browser, desk.base, url))}`);
  } finally {
    await browser.close();
    await desk.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}
