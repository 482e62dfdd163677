import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';

// Strings from the backend, from n8n's answers and from imported files render as text: markup in them shows
// literally, creates no element and runs nothing. The answers are replaced in the page's mock network.

const MARKUP = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;
const JS_URL = 'javascript:window.__xss=3';
const EXAMPLE = fileURLToPath(new URL('../../examples/n8n/ai-news.workflow.json', import.meta.url));

/** Watches, from before the first script, for any element the markup would create and for a CSP refusal. */
async function watchInjections(page: Page) {
  await page.addInitScript(() => {
    const found: string[] = [];
    Object.defineProperty(window, '__injected', { value: found });
    document.addEventListener('securitypolicyviolation', (e) =>
      found.push(`csp ${e.effectiveDirective} ${e.blockedURI} ${e.sample}`),
    );
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          for (const el of [node, ...node.querySelectorAll('*')]) {
            if (el.hasAttribute('onerror') || (el.tagName === 'IMG' && el.getAttribute('src') === 'x'))
              found.push(el.outerHTML);
            if (el.tagName === 'SCRIPT' && (el.textContent ?? '').includes('__xss')) found.push(el.outerHTML);
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/**
 * Answers GET {path} with the mock's own answer, every string under one of `textKeys` replaced by the markup and every
 * one under `urlKeys` by a javascript: URL (which an <img>/<video> src must not run either).
 */
async function poison(page: Page, path: string, textKeys: string[], urlKeys: string[] = []) {
  await page.evaluate(
    async ({ path, textKeys, urlKeys, markup, jsUrl }) => {
      const m = window.__newsdeskMocks;
      if (!m) throw new Error('mock hooks missing');
      const body: unknown = await (await fetch(`http://localhost:3000/api${path}`)).json();
      const walk = (value: unknown): void => {
        if (Array.isArray(value)) return value.forEach(walk);
        if (!value || typeof value !== 'object') return;
        const record = value as Record<string, unknown>;
        for (const [key, inner] of Object.entries(record)) {
          if (typeof inner === 'string' && textKeys.includes(key)) record[key] = markup;
          else if (typeof inner === 'string' && urlKeys.includes(key)) record[key] = jsUrl;
          else walk(inner);
        }
      };
      walk(body);
      m.use(m.http.get(`*/api${path}`, () => m.HttpResponse.json(body as never)));
    },
    { path, textKeys, urlKeys, markup: MARKUP, jsUrl: JS_URL },
  );
}

/** A javascript: URL as an <img>/<video> src is a load the CSP refuses (img-src/media-src), never a script run. */
const REFUSED_JS_LOAD = /^csp (img|media)-src javascript $/;

async function expectNothingRan(page: Page, { jsUrlsLoaded = false } = {}) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  const found = await page.evaluate(() => [...(window as unknown as { __injected: string[] }).__injected]);
  expect(found.filter((entry) => !REFUSED_JS_LOAD.test(entry))).toEqual([]);
  // The javascript: URLs did reach src attributes (so the check covers them), and were only refused as loads.
  if (jsUrlsLoaded) expect(found.some((entry) => REFUSED_JS_LOAD.test(entry))).toBe(true);
}

/** Client-side navigation (the router follows popstate), so the replaced answers in this page stay in place. */
async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('news, post, media, video and overview titles from the backend render as text', async ({ page }) => {
  await watchInjections(page);
  // A screen that loads none of the lists below, so each list's first call meets the replaced answer.
  await page.goto('/dashboard/prompts');
  await expect(page.getByRole('heading', { level: 1, name: /Prompt/ })).toBeVisible();
  await page.waitForFunction(() => window.__newsdeskMocks !== undefined);
  await poison(page, '/news', ['title']);
  await poison(page, '/posts', ['title', 'category', 'content']);
  await poison(page, '/media', ['title'], ['thumbnail', 'url']);
  await poison(page, '/video/projects', ['title', 'avatar'], ['url']);
  await poison(page, '/video/avatars', ['name'], ['preview']);
  await poison(page, '/dashboard/overview', ['message', 'name', 'detail']);

  for (const [path, heading] of [
    ['/dashboard/ai-news', /AI News/],
    ['/dashboard/posts', /Post/],
    ['/dashboard/media', /Media/],
    ['/dashboard/videos', /Video Studio/],
    ['/dashboard', /^Dashboard$/],
  ] as const) {
    await go(page, path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(MARKUP).first()).toBeVisible();
  }
  await go(page, '/dashboard/media');
  await page
    .getByRole('button', { name: /abspielen$/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByText(MARKUP).first()).toBeVisible();
  await expectNothingRan(page, { jsUrlsLoaded: true });
});

test("n8n's answer and an imported workflow's name render as text", async ({ page }) => {
  await watchInjections(page);
  await page.goto('/dashboard/workflow');
  await expect(page.getByRole('button', { name: 'Run Workflow' })).toBeVisible();
  await page.waitForFunction(() => window.__newsdeskMocks !== undefined);
  await page.evaluate((markup) => {
    const m = window.__newsdeskMocks;
    if (!m) throw new Error('mock hooks missing');
    m.use(
      m.http.post('https://n8n.newsdesk.demo/webhook/ai-news', () =>
        m.HttpResponse.json({ success: true, executionId: markup, message: markup }),
      ),
    );
  }, MARKUP);

  const workflow = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as { name: string };
  workflow.name = MARKUP;
  await page.getByRole('tab', { name: /n8n Setup/ }).click();
  await page.getByLabel('Workflow JSON').setInputFiles({
    name: 'ai-news.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(workflow)),
  });
  await expect(page.getByText('Workflow importiert')).toBeVisible();
  // The card of the imported file and the toast's description both show the name.
  await expect(page.getByText(MARKUP, { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Run Workflow' }).click();
  await expect(page.getByText('n8n Workflow gestartet')).toBeVisible();
  await expect(page.getByText(`Ausführung ${MARKUP}`)).toBeVisible();
  await expectNothingRan(page);
});
