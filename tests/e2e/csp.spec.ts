import { expect, test, type Page } from '@playwright/test';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, signInToDesk, startDesk } from './desk';
import { mockBackendForTests, routeLiveConfig, SPEC_SCREENS } from './live-desk';

// The build's Content-Security-Policy (vite.config.ts, scripts/build/csp.ts): every screen works under it in mock and live
// mode without a single securitypolicyviolation, and an injected inline script is refused.

const SCREENS: Array<[string, RegExp]> = [...SPEC_SCREENS, ['/fixtures', /Fixture/], ['/gibt-es-nicht', /404/]];

type Violation = { directive: string; blocked: string; sample: string; url: string };

/** Records every securitypolicyviolation of every document the page loads (from before its first script). */
async function watchViolations(page: Page): Promise<{ violations: () => Promise<Violation[]>; refusals: string[] }> {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample, url: e.documentURI }),
    );
  });
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
  });
  return {
    violations: () => page.evaluate(() => [...(window as unknown as { __cspViolations: Violation[] }).__cspViolations]),
    refusals,
  };
}

/**
 * Injects an inline script, which the policy must refuse. Violation events are reported in order, so once this one is
 * in, any earlier one on the page is too: returns the violations before it.
 */
async function violationsBeforeProbe(
  page: Page,
  watch: Awaited<ReturnType<typeof watchViolations>>,
): Promise<Violation[]> {
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__cspProbeRan = true';
    document.head.append(script);
  });
  await expect.poll(async () => (await watch.violations()).some((v) => v.sample.includes('__cspProbeRan'))).toBe(true);
  expect(await page.evaluate(() => 'cspProbeRan' in window || '__cspProbeRan' in window)).toBe(false);
  return (await watch.violations()).filter((v) => !v.sample.includes('__cspProbeRan'));
}

async function expectCleanScreens(page: Page, watch: Awaited<ReturnType<typeof watchViolations>>, base = '') {
  for (const [route, heading] of SCREENS) {
    await page.goto(`${base}${route}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // The inline scripts ran: the theme script set the colour scheme, the route preload added its links.
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toMatch(/^(light|dark)$/);
    expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(0);
    expect(await violationsBeforeProbe(page, watch), route).toEqual([]);
  }
}

test.describe('Content-Security-Policy', () => {
  test('the built page carries a policy without unsafe-inline or unsafe-eval scripts', async ({ page }) => {
    await page.goto('/dashboard');
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    const scriptSrc = /script-src ([^;]*)/.exec(policy ?? '')?.[1] ?? '';
    expect(scriptSrc).toMatch(/^'self' 'report-sample'( 'sha256-[A-Za-z0-9+/=]+')+$/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    // The operator's own n8n webhooks and ws:// OBS addresses must stay reachable.
    expect(policy).toMatch(/connect-src 'self' https: http: wss: ws:/);
  });

  test('mock mode: no screen raises a violation; toasts, dialogs and the simulated OBS work under the policy', async ({
    page,
  }) => {
    // Thirteen screens one after another: more than the default 45 s on a loaded 2-core machine.
    test.setTimeout(150_000);
    const watch = await watchViolations(page);
    await expectCleanScreens(page, watch);

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Start New News' }).click();
    await expect(page.getByText('News-Generierung gestartet')).toBeVisible();
    await page.goto('/dashboard/posts');
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/dashboard/live');
    await page.getByLabel('Password', { exact: true }).fill('newsdesk-obs');
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByTestId('obs-status')).toHaveText('Connected');
    expect(await violationsBeforeProbe(page, watch)).toEqual([]);
    expect(watch.refusals.filter((r) => !r.includes('__cspProbeRan') && !/inline script/i.test(r))).toEqual([]);
  });

  test('the OAuth callback page runs its script file under its own policy', async ({ page }) => {
    const watch = await watchViolations(page);
    await page.goto('/auth/callback.html?provider=tiktok&state=s-1&code=abc');
    await expect(page.locator('#msg')).toHaveText('Verbunden. Dieses Fenster schließt sich.');
    expect(new URL(page.url()).search).toBe('');
    expect(await violationsBeforeProbe(page, watch)).toEqual([]);
  });
});

test.describe('Content-Security-Policy, live deployment', () => {
  test.use({ serviceWorkers: 'block' });
  const mockBackend = mockBackendForTests();

  test('no screen raises a violation against a backend on another origin', async ({ page }) => {
    test.setTimeout(150_000);
    const backend = mockBackend();
    await routeLiveConfig(page, backend.apiBaseUrl);
    const watch = await watchViolations(page);
    await expectCleanScreens(page, watch);
    await page.goto('/dashboard');
    await expect(page.getByText('1,247')).toBeVisible();
    expect(backend.requests.some((r) => r.path === '/api/dashboard/overview')).toBe(true);
    expect(await violationsBeforeProbe(page, watch)).toEqual([]);
  });
});

test.describe('Content-Security-Policy, the real desk (npm start)', () => {
  test.use({ serviceWorkers: 'block' });

  test("under the server's own header policy no screen raises a violation", async ({ page }) => {
    test.setTimeout(180_000);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-csp-'));
    const desk = await startDesk({ PORT: String(await freePort()), NEWSDESK_DATA_DIR: dataDir });
    try {
      const answer = await page.request.get(`${desk.url}/dashboard`);
      const header = answer.headers()['content-security-policy'] ?? '';
      // The server sends the build's header policy (dist/csp.json): this journey runs under it, not the meta one.
      const built = JSON.parse(await readFile(path.resolve(process.env.E2E_DIST ?? 'dist', 'csp.json'), 'utf8')) as {
        headers: Record<string, string>;
      };
      expect(header).toBe(built.headers['Content-Security-Policy']);
      expect(header).toContain("script-src 'self'");
      const watch = await watchViolations(page);
      await signInToDesk(page, desk.url, '/dashboard');
      await expectCleanScreens(page, watch, desk.url);
      // The Video Studio's avatar previews load under the server's img-src.
      await page.goto(`${desk.url}/dashboard/videos`);
      await expect(page.getByRole('heading', { level: 1, name: /Video Studio/ })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await violationsBeforeProbe(page, watch)).toEqual([]);
      expect(watch.refusals.filter((r) => !r.includes('__cspProbeRan') && !/inline script/i.test(r))).toEqual([]);
    } finally {
      await desk.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
