import { expect, test, type Page } from '@playwright/test';
import { withOperatorToken } from './live-desk';

// The in-page mock network of mock mode (DESIGN "Mock layer"), proven on a production build.

/** Opens a page and waits until the app (and so the mock network, started before it) is up. */
async function openDashboard(page: Page, search = '') {
  await page.goto(`/dashboard${search}`);
  await expect(page.getByRole('navigation').first()).toBeVisible();
}

test('on /dashboard in mock mode no request leaves the page origin', async ({ page, baseURL }) => {
  const origin = new URL(baseURL as string).origin;
  const requests: string[] = [];
  const sockets: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await openDashboard(page);
  await expect(page.getByText('1,247', { exact: true }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const foreign = requests.filter(
    (url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin,
  );
  expect(foreign).toEqual([]);
  expect(requests.some((url) => url.includes('/api/'))).toBe(false);
  expect(sockets).toEqual([]);
});

test('fetch and XMLHttpRequest to /api are answered in the page, also under a cross-origin base URL', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await openDashboard(page);
  const result = await page.evaluate(async () => {
    const viaFetch = await fetch('http://localhost:3000/api/dashboard/overview').then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
    const viaXhr = await new Promise<{ status: number; body: string }>((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open('GET', 'http://localhost:3000/api/video/platforms');
      xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
      xhr.onerror = () => resolve({ status: -1, body: '' });
      xhr.send();
    });
    const crossOrigin = await fetch('https://api.newsdesk-live.example/api/health/openai').then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
    return { viaFetch, viaXhr, crossOrigin };
  });
  expect(result.viaFetch.status).toBe(200);
  expect(result.viaFetch.body.stats.map((s: { value: string }) => s.value)).toEqual(['1,247', '3', '2.4M', '892']);
  expect(result.viaXhr.status).toBe(200);
  expect(JSON.parse(result.viaXhr.body).map((p: { id: string }) => p.id)).toEqual([
    'tavus',
    'vidau',
    'modelslab',
    'heygen',
    'did',
    'local',
  ]);
  expect(result.crossOrigin).toEqual({
    status: 200,
    body: expect.objectContaining({ success: true, status: 'online' }),
  });
  expect(requests.filter((url) => url.includes('/api/'))).toEqual([]);
});

test('a multipart upload with progress (XMLHttpRequest + FormData) reaches the mock whole', async ({ page }) => {
  await openDashboard(page);
  const result = await page.evaluate(async () => {
    const form = new FormData();
    const file = new File(['{"id":"ai-news-workflow","nodes":[]}'], 'wf.json', { type: 'application/json' });
    form.append('workflow', file, 'wf.json');
    // The metadata the contract names for this call: {uploadedAt, filename, size}.
    form.append(
      'metadata',
      JSON.stringify({ uploadedAt: new Date().toISOString(), filename: 'wf.json', size: file.size }),
    );
    return new Promise<{ status: number; body: string }>((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', 'http://localhost:3000/api/workflow/n8n/upload');
      xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
      xhr.onerror = () => resolve({ status: -1, body: '' });
      xhr.send(form);
    });
  });
  expect(result.status).toBe(200);
  expect(JSON.parse(result.body)).toEqual(expect.objectContaining({ id: expect.any(String) }));
});

test('?scenario=error makes an /api call fail with 500', async ({ page }) => {
  await openDashboard(page, '?scenario=error');
  const status = await page.evaluate(() => fetch('http://localhost:3000/api/dashboard/overview').then((r) => r.status));
  expect(status).toBe(500);
});

test('?scenario=offline fails /api calls like a dropped network; ?scenario=slow answers after a delay', async ({
  page,
}) => {
  await openDashboard(page, '?scenario=offline');
  const offline = await page.evaluate(() =>
    fetch('http://localhost:3000/api/video/projects').then(
      () => 'answered',
      (e: unknown) => (e instanceof TypeError ? 'TypeError' : String(e)),
    ),
  );
  expect(offline).toBe('TypeError');

  await openDashboard(page, '?scenario=slow');
  const slow = await page.evaluate(async () => {
    const started = performance.now();
    const r = await fetch('http://localhost:3000/api/video/projects');
    return { status: r.status, ms: performance.now() - started };
  });
  expect(slow.status).toBe(200);
  expect(slow.ms).toBeGreaterThanOrEqual(1400);
});

test('?scenario=empty seeds the stores empty', async ({ page }) => {
  await openDashboard(page, '?scenario=empty');
  const projects = await page.evaluate(() => fetch('http://localhost:3000/api/video/projects').then((r) => r.json()));
  expect(projects).toEqual([]);
});

test('a WebSocket to ws://localhost:4455 is interceptable by an msw ws.link handler, not the network', async ({
  page,
}) => {
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await openDashboard(page);
  await page.waitForFunction(() => window.__newsdeskMocks !== undefined);
  const received = await page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const mocks = window.__newsdeskMocks;
        if (!mocks) return reject(new Error('mock hooks missing'));
        // A throwaway echo peer, only for this test, on its own path so the simulated OBS stays out of it
        // (a RegExp: Chromium turns a '*' host into '%2A', so 'ws://*:4455' would match nothing).
        const link = mocks.ws.link(/^ws:\/\/localhost:4455\/e2e-probe$/);
        mocks.use(
          link.addEventListener('connection', ({ client }) => {
            client.send('hallo');
            client.addEventListener('message', (event) => client.send(`echo:${String(event.data)}`));
          }),
        );
        const messages: string[] = [];
        const socket = new WebSocket('ws://localhost:4455/e2e-probe');
        const timer = setTimeout(() => reject(new Error(`no answer within 5 s: ${messages.join(',')}`)), 5000);
        socket.onopen = () => socket.send('ping');
        socket.onmessage = (event) => {
          messages.push(String(event.data));
          if (messages.length === 2) {
            clearTimeout(timer);
            socket.close();
            resolve(messages);
          }
        };
      }),
  );
  expect(received).toEqual(['hallo', 'echo:ping']);
  expect(sockets).toEqual([]);
});

test('the simulated OBS answers ws://localhost:4455 with the obs-websocket v5 Hello', async ({ page }) => {
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await openDashboard(page);
  const hello = await page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const socket = new WebSocket('ws://localhost:4455', 'obswebsocket.json');
        const timer = setTimeout(() => reject(new Error('no Hello within 5 s')), 5000);
        socket.onmessage = (event) => {
          clearTimeout(timer);
          socket.close();
          resolve(String(event.data));
        };
      }),
  );
  expect(JSON.parse(hello)).toMatchObject({ op: 0, d: { rpcVersion: 1 } });
  expect(sockets).toEqual([]);
});

test('the mock network writes no request (and so no key in a header) to the console', async ({ page }) => {
  const lines: string[] = [];
  page.on('console', (message) => lines.push(message.text()));
  await openDashboard(page);
  const status = await page.evaluate(() =>
    fetch('http://localhost:3000/api/test/elevenlabs', { headers: { 'xi-api-key': 'sk-e2e-geheim-4711' } }).then(
      (r) => r.status,
    ),
  );
  expect(status).toBe(200);
  expect(lines.filter((line) => line.includes('sk-e2e-geheim-4711') || line.includes('[MSW]'))).toEqual([]);
});

test('a live deployment never downloads the mock chunk', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await withOperatorToken(page);
  await page.route('**/config.json', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ apiMode: 'live', apiBaseUrl: 'http://127.0.0.1:9/api' }),
    }),
  );
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /mock-network/.test(url))).toEqual([]);
});
