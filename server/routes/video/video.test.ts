import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedDemo } from '../../data/db/seed';
import { contractBody, createTestApp, errorBody, type TestApp } from '../../testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db);
});
afterAll(() => t.close());

test('platforms, avatars and stored projects; status and download of a project', async () => {
  expect((await contractBody('video.platforms', await t.call('/video/platforms'))).map((p) => p.id)).toEqual([
    'tavus',
    'vidau',
    'modelslab',
    'heygen',
    'did',
    'local',
  ]);
  expect(
    (await contractBody('video.providerAvatars', await t.call('/video/heygen/avatars'))).map((a) => a.name),
  ).toEqual(['Markus']);
  expect((await t.call('/video/vidau/avatars')).status).toBe(400);
  const projects = await contractBody('video.projects', await t.call('/video/projects'));
  expect(projects.map((p) => p.id)).toEqual(['vp-1', 'vp-2', 'vp-3', 'vp-4']);
  expect(await contractBody('video.status', await t.call('/video/heygen/status/vp-2'))).toEqual({
    id: 'vp-2',
    status: 'processing',
    progress: 67,
  });
  expect((await t.call('/video/tavus/status/vp-2')).status).toBe(404);
  const notReady = await t.call('/video/heygen/download/vp-2');
  expect(notReady.status).toBe(409);
  expect((await errorBody(notReady)).message).toBe('Das Video ist noch nicht fertig.');
  const ready = await t.call('/video/tavus/download/vp-1');
  expect(ready.status).toBe(302);
  expect(ready.headers.get('Location')).toBe('/samples/demo-video.webm');
});

test('generating needs the provider: a clear German 503; retry only failed projects', async () => {
  const generate = await t.call('/video/heygen/generate', {
    method: 'POST',
    json: { avatar: 'anna', script: 'Guten Abend.' },
  });
  expect(generate.status).toBe(503);
  expect(await errorBody(generate)).toEqual({
    message: 'Der Video-Anbieter HeyGen ist nicht konfiguriert.',
    code: 'not_configured',
  });
  expect((await t.call('/video/tavus/create', { method: 'POST', json: {} })).status).toBe(503);
  const notFailed = await t.call('/video/projects/vp-1/retry', { method: 'POST' });
  expect(notFailed.status).toBe(409);
  const failed = await t.call('/video/projects/vp-4/retry', { method: 'POST' });
  expect(failed.status).toBe(503);
  expect((await errorBody(failed)).message).toBe('Der Video-Anbieter ModelsLab ist nicht konfiguriert.');
});

test("workflow: stored runs and pipeline; without n8n a trigger runs on the desk's engine, n8n's own calls answer 503", async () => {
  const runs = await contractBody('workflow.logs', await t.call('/workflow/logs/ai-news?limit=3'));
  expect(runs.map((r) => r.id)).toEqual(['run-1005', 'run-1004', 'run-1003']);
  const pipeline = await contractBody('workflow.pipeline', await t.call('/workflow/pipeline'));
  expect(pipeline.steps.map((s) => s.name)).toEqual(['Scraper', 'AI Analyse', 'TTS', 'Video Gen', 'Social Post']);
  expect(pipeline.variables.DEFAULT_LANGUAGE).toBe('de');
  const trigger = await contractBody(
    'workflow.trigger',
    await t.call('/workflow/trigger/ai-news', { method: 'POST', json: { topic: 'KI' } }),
  );
  expect(trigger).toMatchObject({ success: true, workflowId: 'ai-news' });
  expect(trigger.runId).toMatch(/^run-/);
  const upload = await t.call('/workflow/n8n/status/wf-1');
  expect(upload.status).toBe(503);
  expect((await errorBody(upload)).message).toBe('n8n ist nicht konfiguriert.');
});

test('OBS, Telegram and AI answer 503, TTS speaks with the embedded engine; OBS status says not connected; health says offline', async () => {
  expect(await contractBody('obs.status', await t.call('/obs/status'))).toEqual({
    connected: false,
    streaming: false,
    scene: '',
  });
  const scenes = await t.call('/obs/scenes');
  expect(scenes.status).toBe(503);
  expect((await errorBody(scenes)).message).toBe('OBS ist nicht konfiguriert.');
  expect(
    (await errorBody(await t.call('/telegram/notify', { method: 'POST', json: { message: 'Live!' } }))).message,
  ).toBe('Telegram ist nicht konfiguriert.');
  expect((await errorBody(await t.call('/ai/prompt', { method: 'POST', json: { type: 'content' } }))).message).toBe(
    'Der KI-Anbieter ist nicht konfiguriert.',
  );
  // Speech has an engine of its own: with no TTS key at all, eSpeak-NG answers whoever was asked.
  const tts = await t.call('/tts/generate', { method: 'POST', json: { text: 'Hallo', provider: 'elevenlabs' } });
  expect(tts.status).toBe(200);
  expect(tts.headers.get('x-tts-provider')).toBe('espeak');
  expect(await contractBody('health.service', await t.call('/health/openai'))).toMatchObject({
    success: false,
    status: 'offline',
  });
  expect((await contractBody('live.schedule', await t.call('/live/schedule'))).map((b) => b.id)).toEqual([
    'sb-1',
    'sb-2',
    'sb-3',
  ]);
});
