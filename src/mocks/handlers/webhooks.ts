import { http, HttpResponse } from 'msw';
import { DEMO_N8N_ORIGIN } from '../fixtures/workflow';
import { workflowStore } from '../store/workflow';
import type { AnyHandler } from '../types';

type Json = Record<string, unknown>;
const N8N = `${DEMO_N8N_ORIGIN}/webhook/ai-news`;

/** A key containing 'invalid' is refused, so a demo can show a failing provider test. */
function refused(key: string | null | undefined): boolean {
  return (key ?? '').toLowerCase().includes('invalid');
}
const unauthorized = () => HttpResponse.json({ error: 'invalid api key' }, { status: 401 });

async function jsonBody(request: Request): Promise<Json> {
  const value: unknown = await request.json().catch(() => ({}));
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

/**
 * The demo n8n (DEFAULT_SETTINGS.workflowConfig) with the paths of examples/n8n/ai-news.workflow.json,
 * and the ten provider test calls of the workflow screen on their real hosts.
 */
export const webhooksHandlers: AnyHandler[] = [
  http.post<never, Json>(N8N, async ({ request }) => {
    const body = await jsonBody(request);
    if (body.test === true || body.test === 'true')
      return HttpResponse.json({
        success: true,
        test: true,
        message: 'Verbindung OK',
        timestamp: new Date().toISOString(),
      });
    const { ok, run } = workflowStore.trigger(body);
    return ok
      ? HttpResponse.json({ success: true, executionId: run.id, message: 'Workflow gestartet' })
      : HttpResponse.json(
          { success: false, executionId: run.id, error: 'Feld "topic" fehlt oder ist leer' },
          { status: 400 },
        );
  }),
  http.get(`${N8N}/status`, () => HttpResponse.json(workflowStore.status())),
  http.post(`${N8N}/status`, () => HttpResponse.json(workflowStore.status())),
  http.post(`${N8N}/gateway`, async ({ request }) =>
    HttpResponse.json({ success: true, message: 'Gateway OK', receivedKeys: Object.keys(await jsonBody(request)) }),
  ),
  http.get(`${N8N}/media`, () => HttpResponse.json({ ok: true, success: true, message: 'Media-Endpunkt bereit' })),
  http.post(`${N8N}/media`, async ({ request }) => {
    const form = await request.formData();
    const media = form.get('media');
    if (media === null || typeof media === 'string')
      return HttpResponse.json({ success: false, error: 'Datei im Feld "media" fehlt' }, { status: 400 });
    const raw = form.get('metadata');
    let metadata: unknown = null;
    if (typeof raw === 'string' && raw.trim()) {
      try {
        metadata = JSON.parse(raw);
      } catch {
        metadata = { raw };
      }
    }
    return HttpResponse.json(workflowStore.addMedia(media.name, media.size, metadata));
  }),

  http.get('https://tavusapi.com/v2/personas', ({ request }) =>
    refused(request.headers.get('x-api-key'))
      ? unauthorized()
      : HttpResponse.json({ data: [{ persona_id: 'p-anna', persona_name: 'Anna (Nachrichten)' }], total_count: 1 }),
  ),
  http.get('https://api.elevenlabs.io/v1/voices', ({ request }) =>
    refused(request.headers.get('xi-api-key'))
      ? unauthorized()
      : HttpResponse.json({ voices: [{ voice_id: 'v-anna', name: 'Anna' }] }),
  ),
  http.get('https://api.openai.com/v1/models', ({ request }) =>
    refused(request.headers.get('authorization'))
      ? unauthorized()
      : HttpResponse.json({ object: 'list', data: [{ id: 'gpt-4o', object: 'model' }] }),
  ),
  http.get('https://api.anthropic.com/v1/models', ({ request }) =>
    refused(request.headers.get('x-api-key'))
      ? unauthorized()
      : HttpResponse.json({ data: [{ id: 'claude-sonnet-4', type: 'model' }], has_more: false }),
  ),
  http.get('https://api.pexels.com/v1/search', ({ request }) =>
    refused(request.headers.get('authorization'))
      ? unauthorized()
      : HttpResponse.json({
          page: 1,
          per_page: Number(new URL(request.url).searchParams.get('per_page')),
          photos: [{ id: 1 }],
        }),
  ),
  http.get('https://api.unsplash.com/search/photos', ({ request }) =>
    refused(request.headers.get('authorization'))
      ? unauthorized()
      : HttpResponse.json({ total: 1, results: [{ id: 'u1' }] }),
  ),
  http.post('https://westeurope.api.cognitive.microsoft.com/text/analytics/v3.1/languages', async ({ request }) => {
    if (refused(request.headers.get('ocp-apim-subscription-key'))) return unauthorized();
    const body = await jsonBody(request);
    const documents = Array.isArray(body.documents) ? body.documents : [];
    return HttpResponse.json({
      documents: documents.map((_, i) => ({
        id: String(i + 1),
        detectedLanguage: { name: 'German', iso6391Name: 'de', confidenceScore: 1 },
      })),
      errors: [],
    });
  }),
  http.get('https://api.heygen.com/v2/user/remaining_quota', ({ request }) =>
    refused(request.headers.get('x-api-key')) ? unauthorized() : HttpResponse.json({ data: { remaining_quota: 3600 } }),
  ),
  http.get<{ bot: string }>('https://api.telegram.org/:bot/getMe', ({ params }) =>
    refused(params.bot)
      ? HttpResponse.json({ ok: false, error_code: 401, description: 'Unauthorized' }, { status: 401 })
      : HttpResponse.json({ ok: true, result: { id: 1, is_bot: true, username: 'newsdesk_bot' } }),
  ),
  http.get('https://graph.facebook.com/v23.0/me', ({ request }) =>
    refused(new URL(request.url).searchParams.get('access_token'))
      ? unauthorized()
      : HttpResponse.json({ id: '1000', name: 'Newsdesk Page' }),
  ),
];
