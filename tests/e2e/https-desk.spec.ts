// The real desk on the studio LAN: over its HTTPS address (HTTP/2, a certificate from npm run certs) a fresh browser
// installs the service worker and reloads offline; over plain HTTP from another host the console says why it cannot.
import { spawnSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/test/chromium';
import { signInToDesk, startDesk, type Desk } from './desk';
import { layoutShifts, watchLayoutShifts } from './layout-shifts';

// A LAN name of the desk for the browser (mapped to this machine): not localhost, so no secure context by exemption.
const LAN_NAME = 'newsdesk-desk.test';
const RESOLVE = `--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.1`;

let dataDir = '';
let desk: Desk | undefined;
let browser: Browser | undefined;

test.afterEach(async () => {
  await browser?.close();
  await desk?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  browser = undefined;
  desk = undefined;
  dataDir = '';
});

test('over the HTTPS address a fresh browser gets HTTP/2, installs the service worker and reloads offline', async () => {
  test.setTimeout(180_000);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-e2e-https-'));
  const certs = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/dev/certs.ts', '--name', LAN_NAME], {
    env: { ...process.env, NEWSDESK_DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  expect(certs.status, certs.stderr).toBe(0);
  expect(certs.stdout).toContain('iPadOS');
  expect(certs.stdout).toContain('Android');
  expect(certs.stdout).toContain('Windows');
  expect(certs.stdout).toContain('macOS');
  const cert = new X509Certificate(readFileSync(path.join(dataDir, 'tls', 'server.crt')));
  expect(cert.subjectAltName).toContain(`DNS:${LAN_NAME}`);
  // The browser trusts exactly this certificate's key, as a device that trusts the CA would: a certificate error
  // would keep the service worker from registering.
  const spki = createHash('sha256')
    .update(cert.publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');

  desk = await startDesk({ PORT: '0', NEWSDESK_HTTP_PORT: '0', NEWSDESK_DATA_DIR: dataDir });
  expect(desk.url).toMatch(/^https:\/\//);
  const url = `https://${LAN_NAME}:${new URL(desk.url).port}`;
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, RESOLVE, `--ignore-certificate-errors-spki-list=${spki}`],
  });
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  await signInToDesk(page, url, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const secure = await page.evaluate(() => ({
    secureContext: window.isSecureContext,
    protocol: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
  }));
  expect(secure).toEqual({ secureContext: true, protocol: 'h2' });
  await expect(page.getByText('Keine sichere Verbindung', { exact: false })).toHaveCount(0);

  // Live on a phone: for OBS at localhost on an https desk the panel proposes the server (a tablet's localhost is not the
  // studio PC), and nothing below it moves when the settings or the form come.
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 412, height: 823 });
  await watchLayoutShifts(phone);
  // Signed in in this tab (the token is the tab's), then the screen as a signed-in reload opens it.
  await signInToDesk(phone, url, '/dashboard/live');
  await phone.reload();
  await expect(phone.getByRole('button', { name: 'Über den Server verbinden' })).toBeVisible({ timeout: 20_000 });
  await expect(
    phone.getByText('OBS ist unter localhost eingetragen, also auf dem Gerät, auf dem diese Konsole läuft.', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(phone.locator('main [data-slot="skeleton"]')).toHaveCount(0, { timeout: 20_000 });
  const shifts = await layoutShifts(phone);
  const total = shifts.reduce((sum, s) => sum + s.value, 0);
  expect(total, JSON.stringify(shifts.filter((s) => s.value > 0.005))).toBeLessThan(0.01);
  await phone.close();

  // The worker registers a few seconds after the first screen, installs and takes control.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      );
  });
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${url}/sw.js`);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Keine Verbindung – Sie sind offline.', { exact: false })).toBeVisible();
});

test('over plain HTTP from another host the console explains in German why it cannot be installed', async () => {
  test.setTimeout(120_000);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-e2e-http-'));
  desk = await startDesk({ PORT: '0', NEWSDESK_DATA_DIR: dataDir });
  expect(desk.url).toMatch(/^http:\/\//);
  const url = `http://${LAN_NAME}:${new URL(desk.url).port}`;
  browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, RESOLVE] });
  const page = await browser.newPage();
  await signInToDesk(page, url, '/dashboard');
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
  await expect(
    page.getByText('Keine sichere Verbindung – Newsdesk lässt sich hier weder installieren noch offline nutzen.'),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('npm run certs', { exact: false })).toBeVisible();
  await expect(page.getByText('Newsdesk-CA', { exact: false })).toBeVisible();
  // Work goes on: the notice blocks nothing.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'Posts' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /Post/ })).toBeVisible();
});
