import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { db } from '@/db/db';
import { listErrors } from '@/db/error-log';
import { enqueuePost, listOutbox } from '@/db/outbox';
import { testService } from '@/lib/api/test-services';
import { apiRequest } from '@/lib/api/client';
import { setDebugLogging } from '@/lib/http/debug';
import { clearSecrets } from '@/lib/security/redact';
import { loadSettingsIntoRuntime } from '@/lib/settings-bootstrap';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../../../../tests/render';
import { ErrorLogsTab } from './error-logs-tab';
import { buildSettingsExport } from '../lib/settings-transfer';

const KEYS: Record<string, string> = {
  openai: 'sk-proj-OPENAI-0001aaaa',
  elevenlabs: 'xi-ELEVEN-0002bbbb',
  azure: 'az-AZURE-0003cccc',
  tavus: 'tv-TAVUS-0004dddd',
  vidau: 'va-VIDAU-0005eeee',
  modelslab: 'ml-MODELS-0006ffff',
  heygen: 'hg-HEYGEN-0007gggg',
  did: 'did-DID-0008hhhh',
  pexels: 'px-PEXELS-0009iiii',
  unsplash: 'us-UNSPLASH-0010jjjj',
};
const OBS_PASSWORD = 'obs-PASSWORD-0011kkkk';
const WORKFLOW_KEY = 'n8n-WORKFLOW-0012llll';
const ALL = [...Object.values(KEYS), OBS_PASSWORD, WORKFLOW_KEY];

function expectNoSecret(text: string) {
  for (const secret of ALL) expect(text).not.toContain(secret);
}

let consoleLines: string[] = [];

beforeEach(async () => {
  consoleLines = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      consoleLines.push(
        args
          .map((a) => (a instanceof Error ? `${a.message}` : typeof a === 'string' ? a : JSON.stringify(a)))
          .join(' '),
      );
    });
  }
  // Stored straight into IndexedDB, as a previous session left them: the bootstrap must register them.
  await db.settings.bulkPut([
    { key: 'apiKeys', value: KEYS },
    {
      key: 'obs',
      value: {
        host: 'localhost',
        port: 4455,
        password: OBS_PASSWORD,
        sceneName: 'AI News',
        sourceName: 'AI News Content',
      },
    },
    {
      key: 'workflowConfig',
      value: {
        webhookUrl: 'https://n8n.example.test/webhook/x',
        workflowId: 'wf',
        baseUrl: '',
        gatewayUrl: '',
        statusUrl: '',
        mediaUrl: '',
        apiKey: WORKFLOW_KEY,
      },
    },
    { key: 'system', value: { autoUpdates: true, debugMode: true, workflowWebhookUrl: '' } },
  ]);
  clearSecrets();
  await loadSettingsIntoRuntime();
});

afterEach(() => {
  vi.restoreAllMocks();
  setDebugLogging(false);
  clearSecrets();
});

describe('secrets never leave the app', () => {
  test('a key of each kind appears in none of: console, error log, error export, settings export without the box, outbox', async () => {
    // Servers that echo the key back in their error body and in a redirect-like URL.
    server.use(
      http.get('*/api/test/:service', ({ request }) =>
        HttpResponse.json(
          {
            error: `invalid key ${request.headers.get('x-api-key') ?? request.headers.get('authorization') ?? request.headers.get('xi-api-key') ?? request.headers.get('ocp-apim-subscription-key')}`,
          },
          { status: 401 },
        ),
      ),
      http.post('*/api/test/openai', ({ request }) =>
        HttpResponse.json({ error: `bad ${request.headers.get('authorization')}` }, { status: 401 }),
      ),
      http.get('*/api/echo', ({ request }) =>
        HttpResponse.json({ message: `echo ${new URL(request.url).search}` }, { status: 500 }),
      ),
    );
    for (const [service, key] of Object.entries(KEYS)) {
      const result = await testService(service, key);
      expect(result.success).toBe(false);
    }
    await apiRequest(`/echo?apiKey=${OBS_PASSWORD}&token=${WORKFLOW_KEY}`, { retries: false }).catch(() => undefined);

    // Error log: every failure recorded, none with a key in it.
    const entries = await listErrors();
    expect(entries.length).toBeGreaterThanOrEqual(11);
    expectNoSecret(JSON.stringify(entries));

    // Error log export.
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:x';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<ErrorLogsTab />);
    await waitFor(() => expect(screen.getAllByTestId('error-entry').length).toBeGreaterThanOrEqual(11));
    expectNoSecret(document.body.textContent ?? '');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(blob).toBeDefined());
    expectNoSecret(await (blob as Blob).text());

    // Settings export without the box ticked.
    expectNoSecret(await buildSettingsExport(false));

    // Outbox: the post is kept as the operator wrote it (it is what gets published); the reason it waits,
    // which may quote a server's echo of a key, is redacted.
    await enqueuePost({
      platform: 'telegram',
      payload: { content: 'Neu' },
      error: `API request failed with status 502: bad Bearer ${KEYS.openai} ${OBS_PASSWORD}`,
    });
    expectNoSecret(JSON.stringify(await listOutbox()));

    // Console output, including the debug request log that was on for every call above.
    expect(consoleLines.some((l) => l.includes('[http]'))).toBe(true);
    expectNoSecret(consoleLines.join('\n'));
  });
});
