import { http, HttpResponse } from 'msw';
import type { RunHistoryItem } from '@/lib/api/types';
import { workflowStore } from '../store/workflow';
import type { AnyHandler } from '../types';

type Json = Record<string, unknown>;

/** The /api/workflow/* calls (SPEC §7) over the stateful workflow store. */
export const workflowHandlers: AnyHandler[] = [
  http.get<{ id: string }, never, RunHistoryItem[]>('*/api/workflow/logs/:id', ({ request }) => {
    const limit = Number(new URL(request.url).searchParams.get('limit') ?? 10);
    return HttpResponse.json(workflowStore.runs(Number.isFinite(limit) ? limit : 10));
  }),
  http.post<{ id: string }, never, RunHistoryItem | { message: string }>('*/api/workflow/retry/:id', ({ params }) => {
    const run = workflowStore.retry(params.id);
    return run ? HttpResponse.json(run) : HttpResponse.json({ message: 'Run nicht gefunden' }, { status: 404 });
  }),
  http.get('*/api/workflow/pipeline', () => HttpResponse.json(workflowStore.pipeline())),
  http.post<{ id: string }, Json>('*/api/workflow/trigger/:id', async ({ request, params }) => {
    const body = ((await request.json().catch(() => ({}))) ?? {}) as Json;
    const { run } = workflowStore.trigger({ topic: 'Manueller Trigger', ...body });
    return HttpResponse.json({ success: true, workflowId: params.id, executionId: run.id });
  }),
  http.post('*/api/workflow/upload', async ({ request }) => {
    const form = await request.formData();
    const file = form.get('workflow');
    if (file === null || typeof file === 'string') return HttpResponse.json({ message: 'Feld "workflow" fehlt' }, { status: 400 });
    return HttpResponse.json({ success: true, ...workflowStore.registerUpload(file.name) });
  }),
  http.post('*/api/workflow/n8n/upload', async ({ request }) => {
    const form = await request.formData();
    const file = form.get('workflow');
    if (file === null || typeof file === 'string') return HttpResponse.json({ message: 'Feld "workflow" fehlt' }, { status: 400 });
    const entry = workflowStore.registerUpload(file.name);
    return HttpResponse.json({ id: entry.id, status: entry.status });
  }),
  http.get<{ id: string }>('*/api/workflow/n8n/status/:id', ({ params }) => {
    const entry = workflowStore.upload(params.id);
    return entry ? HttpResponse.json({ id: entry.id, status: entry.status, active: entry.active }) : HttpResponse.json({ message: 'Workflow nicht gefunden' }, { status: 404 });
  }),
  http.post<never, Json>('*/api/workflow/ai-news/start', async ({ request }) => {
    const body = ((await request.json().catch(() => ({}))) ?? {}) as Json;
    const { run } = workflowStore.trigger({ topic: 'AI News', ...body });
    return HttpResponse.json({ executionId: run.id });
  }),
];
