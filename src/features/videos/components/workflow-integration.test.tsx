import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../../../../tests/render';
import { VideosPage } from './videos-page';

// Error paths write the error log (a lazy import plus IndexedDB) before the UI reacts; a loaded CI box needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });

// sonner keeps its toasts in a module-level store and replays them to the next Toaster.
afterEach(() => toast.dismiss());

const HOOK = 'https://hooks.example.test/video';

async function openWorkflow(options: { applyAccept?: boolean } = {}) {
  const user = userEvent.setup(options);
  renderWithProviders(<VideosPage />);
  await user.type(screen.getByLabelText('Script'), 'Guten Abend');
  await user.click(screen.getByRole('tab', { name: 'Workflow Integration' }));
  // The tab's code loads when it is first opened.
  await screen.findByRole('button', { name: 'Trigger workflow' });
  return user;
}
const trigger = () => screen.getByRole('button', { name: 'Trigger workflow' });

/** jsdom's FormData and Blob lose a file's content in MSW's interceptor: the upload runs with Node's own classes. */
async function nodeMultipart() {
  const NodeFormData = (
    await new Response('a=1', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData()
  ).constructor;
  const { Blob: NodeBlob } = await import('node:buffer');
  vi.stubGlobal('FormData', NodeFormData);
  vi.stubGlobal('Blob', NodeBlob);
}
afterEach(() => vi.unstubAllGlobals());

describe('Video Studio – Workflow Integration', () => {
  test('a blank URL asks for the N8N endpoint, and for the ZAPIER endpoint with Zapier', async () => {
    const user = await openWorkflow();
    await user.click(trigger());
    expect(await screen.findByText('Bitte N8N Endpoint eingeben.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^Zapier/ }));
    await user.type(screen.getByLabelText('Webhook URL'), '   ');
    await user.click(trigger());
    expect(await screen.findByText('Bitte ZAPIER Endpoint eingeben.')).toBeInTheDocument();
  });

  test('n8n: posts {trigger: video_studio, data: {platform, script, timestamp}} plus timestamp, source and version', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    server.use(
      http.post(HOOK, async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = await openWorkflow();
    await user.type(screen.getByLabelText('Webhook URL'), HOOK);
    await user.click(trigger());
    expect(await screen.findByText('Workflow gestartet')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    const body = bodies[0];
    expect(Object.keys(body).sort()).toEqual(['data', 'source', 'timestamp', 'trigger', 'version']);
    expect(body.trigger).toBe('video_studio');
    expect(body.data).toEqual({ platform: 'tavus', script: 'Guten Abend', timestamp: expect.any(String) });
    expect(Number.isNaN(Date.parse(body.timestamp as string))).toBe(false);
    expect(body.source).toEqual(expect.any(String));
    expect(body.version).toEqual(expect.any(String));
  });

  test('n8n failure: "N8N Workflow fehlgeschlagen."', async () => {
    server.use(http.post(HOOK, () => new HttpResponse('kaputt', { status: 500 })));
    const user = await openWorkflow();
    await user.type(screen.getByLabelText('Webhook URL'), HOOK);
    await user.click(trigger());
    expect(await screen.findByText('N8N Workflow fehlgeschlagen.')).toBeInTheDocument();
  });

  test('zapier: no-cors request with {trigger, data} only', async () => {
    const seen: Array<{ mode: string; body: unknown }> = [];
    server.use(
      http.post(HOOK, async ({ request }) => {
        seen.push({ mode: request.mode, body: JSON.parse(await request.text()) });
        return HttpResponse.json({ status: 'success' });
      }),
    );
    const user = await openWorkflow();
    await user.click(screen.getByRole('radio', { name: /^Zapier/ }));
    await user.type(screen.getByLabelText('Webhook URL'), HOOK);
    await user.click(trigger());
    expect(await screen.findByText('Workflow gestartet')).toBeInTheDocument();
    expect(seen).toEqual([
      {
        mode: 'no-cors',
        body: {
          trigger: 'video_studio',
          data: { platform: 'tavus', script: 'Guten Abend', timestamp: expect.any(String) },
        },
      },
    ]);
  });

  test('zapier unreachable: "ZAPIER Workflow fehlgeschlagen."', async () => {
    server.use(http.post(HOOK, () => HttpResponse.error()));
    const user = await openWorkflow();
    await user.click(screen.getByRole('radio', { name: /^Zapier/ }));
    await user.type(screen.getByLabelText('Webhook URL'), HOOK);
    await user.click(trigger());
    expect(await screen.findByText('ZAPIER Workflow fehlgeschlagen.')).toBeInTheDocument();
  });

  test('the file input accepts .json only and previews the first 200 characters', async () => {
    const user = await openWorkflow();
    const input = screen.getByLabelText('Workflow file');
    expect(input).toHaveAttribute('accept', '.json');
    const text = JSON.stringify({
      name: 'Video Workflow',
      nodes: Array.from({ length: 20 }, (_, i) => ({ id: `node-${i}`, type: 'n8n-nodes-base.webhook' })),
    });
    expect(text.length).toBeGreaterThan(200);
    await user.upload(input, new File([text], 'video.json', { type: 'application/json' }));
    await waitFor(() => expect(screen.getByTestId('workflow-preview').textContent).toBe(text.slice(0, 200)));
    expect(screen.getByText('video.json', { selector: 'p' })).toBeInTheDocument();
  });

  test('Upload workflow sends the previewed file to POST /workflow/upload (multipart workflow) and says "Workflow hochgeladen"', async () => {
    const uploads: Array<{ name: string; type: string; text: string }> = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method !== 'POST' || !request.url.endsWith('/api/workflow/upload')) return;
      const file = (await request.clone().formData()).get('workflow');
      if (file instanceof Blob) uploads.push({ name: (file as File).name, type: file.type, text: await file.text() });
    });
    try {
      const user = await openWorkflow();
      await nodeMultipart();
      const text = JSON.stringify({ name: 'Video Workflow', nodes: [], connections: {} });
      await user.upload(
        screen.getByLabelText('Workflow file'),
        new File([text], 'video.json', { type: 'application/json' }),
      );
      // Chosen and previewed, nothing sent yet: the operator confirms with Upload.
      await screen.findByTestId('workflow-preview');
      expect(uploads).toEqual([]);
      await user.click(screen.getByRole('button', { name: 'Upload workflow' }));
      expect(await screen.findByText('Workflow hochgeladen')).toBeInTheDocument();
      expect(await screen.findByText('Workflow hochgeladen: Video Workflow')).toBeInTheDocument();
      expect(uploads).toEqual([{ name: 'video.json', type: 'application/json', text }]);
    } finally {
      server.events.removeAllListeners();
    }
  });

  test('an upload the server refuses says "Workflow konnte nicht gelesen werden." with its reason', async () => {
    const user = await openWorkflow();
    await nodeMultipart();
    // Valid JSON, but no n8n workflow: the demo answers like the server.
    await user.upload(
      screen.getByLabelText('Workflow file'),
      new File(['{"zap":"video"}'], 'zap.json', { type: 'application/json' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Upload workflow' }));
    expect(await screen.findByText('Workflow konnte nicht gelesen werden.')).toBeInTheDocument();
    expect(
      await screen.findByText('Die Datei ist kein n8n-Workflow (name, nodes und connections fehlen).'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Workflow hochgeladen')).not.toBeInTheDocument();
  });

  test('an unreadable file says "Workflow konnte nicht gelesen werden." and keeps the previous preview', async () => {
    const user = await openWorkflow({ applyAccept: false });
    const input = screen.getByLabelText('Workflow file');
    await user.upload(input, new File(['{"name":"gut"}'], 'gut.json', { type: 'application/json' }));
    await waitFor(() => expect(screen.getByTestId('workflow-preview')).toHaveTextContent('{"name":"gut"}'));

    await user.upload(input, new File(['{kaputt'], 'kaputt.json', { type: 'application/json' }));
    expect(await screen.findByText('Workflow konnte nicht gelesen werden.')).toBeInTheDocument();
    expect(screen.getByTestId('workflow-preview')).toHaveTextContent('{"name":"gut"}');

    const broken = new File(['x'], 'broken.json', { type: 'application/json' });
    Object.defineProperty(broken, 'text', {
      value: () => Promise.reject(new DOMException('read', 'NotReadableError')),
    });
    await user.upload(input, broken);
    await waitFor(() =>
      expect(screen.getAllByText('Workflow konnte nicht gelesen werden.').length).toBeGreaterThanOrEqual(1),
    );

    await user.upload(input, new File(['{"a":1}'], 'notes.txt', { type: 'text/plain' }));
    await waitFor(() =>
      expect(screen.getAllByText('Workflow konnte nicht gelesen werden.').length).toBeGreaterThanOrEqual(1),
    );
    expect(screen.getByTestId('workflow-preview')).toHaveTextContent('{"name":"gut"}');
    expect(screen.getByText('gut.json', { selector: 'p' })).toBeInTheDocument();
  });
});
