import { http, HttpResponse } from 'msw';
import { applyScenario, server } from '@/mocks/node';
import { scenarioFromSearch } from '@/lib/mock-scenarios';
import { apiRequest, callApi } from '@/lib/api/client';
import { checkHealth } from '@/lib/api/health';
import { mediaUploadForm } from '@/lib/api/media';
import { postToPlatform } from '@/lib/api/social';
import { testService } from '@/lib/api/test-services';
import { generateSpeech } from '@/lib/api/tts';
import { createProviderVideo, generateVideoWith, retryVideoProject } from '@/lib/api/video';
import { transport } from '@/lib/http/transport';
import type { ApiError } from '@/lib/http/api-error';

const notifyTelegram = (message: string) => callApi('telegram.notify', { body: { message } });
const workflowLogs = () => callApi('workflow.logs', { params: { id: 'ai-news-workflow' }, query: { limit: 10 } });
/** POST /workflow/n8n/upload as the Workflow screen sends it: the file and its metadata. */
const uploadN8nWorkflow = (file: File) => {
  const form = new FormData();
  form.append('workflow', file, file.name);
  form.append(
    'metadata',
    JSON.stringify({ uploadedAt: new Date().toISOString(), filename: file.name, size: file.size }),
  );
  return callApi('workflow.n8nUpload', { body: form });
};
const jsonFile = (name: string) =>
  new File(['{"id":"ai-news-workflow","name":"AI News","nodes":[],"connections":{}}'], name, {
    type: 'application/json',
  });

/**
 * jsdom's FormData and File are not understood by MSW's XMLHttpRequest interceptor (the file content is
 * lost and `instanceof File` fails on the parsed part), so multipart calls run with Node's own classes
 * here. A real browser needs no such help (tests/e2e/mock-network.spec.ts).
 */
async function withNodeMultipart<T>(run: () => Promise<T>): Promise<T> {
  const NodeFormData = (
    await new Response('a=1', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData()
  ).constructor;
  const { File: NodeFile, Blob: NodeBlob } = await import('node:buffer');
  vi.stubGlobal('FormData', NodeFormData);
  vi.stubGlobal('File', NodeFile);
  vi.stubGlobal('Blob', NodeBlob);
  try {
    return await run();
  } finally {
    vi.unstubAllGlobals();
  }
}

/** Every call of SPEC §7 under the base API path, through its lib/api function. */
const SPEC_CALLS: Array<[string, () => Promise<unknown>]> = [
  ['GET /news/latest', () => callApi('news.latest')],
  ['POST /news/generate', () => callApi('news.generate', { body: { topic: 'KI-Chip', language: 'en' } })],
  [
    'POST /workflow/trigger/{id}',
    () => callApi('workflow.trigger', { params: { id: 'ai-news-workflow' }, body: { topic: 'Breaking News' } }),
  ],
  [
    'POST /media/upload',
    () =>
      withNodeMultipart(() =>
        callApi('media.upload', {
          body: mediaUploadForm(new File(['x'], 'bild.png', { type: 'image/png' }), { title: 'Bild' }),
        }),
      ),
  ],
  ['POST /social/post/{platform}', () => postToPlatform('youtube', { content: 'Hallo' })],
  ['POST /obs/control', () => callApi('obs.control', { body: { action: 'setScene', sceneName: 'intro' } })],
  ['POST /ai/prompt', () => callApi('ai.prompt', { body: { type: 'content', parameters: { topic: 'Wetter' } } })],
  // Served for backends and scripts of SPEC §7; the console makes /video/generate and the create routes instead.
  ...(['tavus', 'vidau', 'heygen', 'did'] as const).map((p): [string, () => Promise<unknown>] => [
    `POST /video/${p}/generate`,
    () => callApi('video.providerGenerate', { params: { provider: p }, body: { script: 'Guten Abend' } }),
  ]),
  ['POST /video/generate', () => generateVideoWith('tavus', { script: 'x' })],
  ['GET /video/{provider}/status/{id}', () => callApi('video.status', { params: { provider: 'heygen', id: 'vp-2' } })],
  [
    'GET /video/{provider}/download/{id}',
    () => callApi('video.download', { params: { provider: 'tavus', id: 'vp-1' } }),
  ],
  ['GET /obs/scenes', () => callApi('obs.scenes')],
  ['POST /obs/scene', () => callApi('obs.scene', { body: { sceneName: 'intro' } })],
  ['GET /obs/status', () => callApi('obs.status')],
  ['POST /obs/stream/start', () => callApi('obs.streamStart')],
  // The simulated OBS takes a moment to start its output, like the real one.
  [
    'POST /obs/stream/stop',
    async () => {
      await callApi('obs.streamStart');
      await vi.waitFor(async () => expect((await callApi('obs.status')).streaming).toBe(true), {
        timeout: 5000,
        interval: 50,
      });
      return callApi('obs.streamStop');
    },
  ],
  ['GET /video/tavus/avatars', () => callApi('video.providerAvatars', { params: { provider: 'tavus' } })],
  ['POST /video/tavus/create', () => createProviderVideo('tavus', { script: 'x' })],
  ['GET /video/heygen/avatars', () => callApi('video.providerAvatars', { params: { provider: 'heygen' } })],
  ['POST /video/heygen/create', () => createProviderVideo('heygen', { script: 'x' })],
  ['POST /video/did/create', () => createProviderVideo('did', { script: 'x' })],
  ['POST /video/modelslab/generate', () => createProviderVideo('modelslab', { script: 'x' })],
  ['POST /video/vidau/create', () => createProviderVideo('vidau', { script: 'x' })],
  ['POST /tts/generate', () => generateSpeech('Guten Abend')],
  [
    'POST /test/openai',
    () => testService('openai', 'k').then((r) => (r.success ? r : Promise.reject(new Error(r.error)))),
  ],
  ...(['elevenlabs', 'azure', 'tavus', 'vidau', 'modelslab', 'heygen', 'did', 'pexels', 'unsplash'] as const).map(
    (s): [string, () => Promise<unknown>] => [
      `GET /test/${s}`,
      () => testService(s, 'k').then((r) => (r.success ? r : Promise.reject(new Error(r.error)))),
    ],
  ),
  ...(['openai', 'elevenlabs', 'azure', 'tavus', 'vidau', 'modelslab', 'heygen', 'did'] as const).map(
    (s): [string, () => Promise<unknown>] => [`GET /health/${s}`, () => checkHealth(s)],
  ),
  // TikTok and Instagram start disconnected in the fixtures; a post needs a connection first.
  [
    'POST /social/tiktok/post',
    async () => {
      await callApi('social.connect', { params: { id: 'tiktok' } });
      return postToPlatform('tiktok', { content: 'Hallo' });
    },
  ],
  [
    'POST /social/instagram/post',
    async () => {
      await callApi('social.connect', { params: { id: 'instagram' } });
      return postToPlatform('instagram', { content: 'Hallo' });
    },
  ],
  [
    'POST /workflow/upload',
    () =>
      withNodeMultipart(() => {
        const form = new FormData();
        form.append('workflow', jsonFile('wf.json'), 'wf.json');
        return callApi('workflow.upload', { body: form });
      }),
  ],
  ['POST /workflow/n8n/upload', () => withNodeMultipart(() => uploadN8nWorkflow(jsonFile('n8n.json')))],
  [
    'GET /workflow/n8n/status/{id}',
    async () => {
      const { id } = await withNodeMultipart(() => uploadN8nWorkflow(jsonFile('n8n.json')));
      return callApi('workflow.n8nStatus', { params: { id } });
    },
  ],
  ['POST /workflow/ai-news/start', () => callApi('workflow.aiNewsStart', { body: { topic: 'AI News' } })],
  ['GET /workflow/logs/{id}?limit=10', () => workflowLogs()],
  [
    'POST /workflow/retry/{id}',
    async () => {
      const runs = await workflowLogs();
      const failed = runs.find((r) => r.status === 'failed') ?? runs[0];
      if (!failed) throw new Error('no run to retry');
      return callApi('workflow.retry', { params: { id: failed.id } });
    },
  ],
  ['POST /telegram/notify', () => notifyTelegram('Wir sind live!')],
  [
    'POST /video/generate (Video Studio)',
    () =>
      generateVideoWith('heygen', {
        avatar: 'avatar-markus',
        script: 'Guten Abend',
        background: 'studio',
        voice: 'german-male-1',
      }),
  ],
];

describe('every SPEC §7 /api call has a mock handler', () => {
  test.each(SPEC_CALLS)('%s succeeds against the Node mock server', async (_name, call) => {
    await expect(call()).resolves.not.toBeInstanceOf(Error);
  });

  test('the mock answered in the request order of the spec paths', async () => {
    const paths: string[] = [];
    server.events.on('request:start', ({ request }) =>
      paths.push(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`),
    );
    await workflowLogs();
    await testService('openai', 'k');
    await postToPlatform('facebook', { content: 'x' });
    server.events.removeAllListeners();
    expect(paths).toEqual([
      'GET /api/workflow/logs/ai-news-workflow?limit=10',
      'POST /api/test/openai',
      'POST /api/social/post/facebook',
    ]);
  });
});

describe('my areas: fixtures and state', () => {
  test('overview gives the SPEC sample figures', async () => {
    const overview = await callApi('dashboard.overview');
    expect(overview.stats.map((s) => s.value)).toEqual(['1,247', '3', '2.4M', '892']);
    expect(overview.queuedJobs).toBe(3);
    expect(overview.platformViews.map((p) => p.platform)).toEqual([
      'YouTube',
      'Facebook',
      'Instagram',
      'TikTok',
      'Telegram',
    ]);
    expect(overview.notifications.length).toBeGreaterThan(0);
    expect(overview.technicalMonitor.length).toBeGreaterThan(0);
    expect(overview.workflowProgress.every((p) => p.progress >= 0 && p.progress <= 100)).toBe(true);
    expect(overview.systemStatus.length).toBeGreaterThan(0);
  });

  test('video fixtures: 5 platforms and the local one, 4 avatars (tavus, heygen, did, modelslab), a processing project at 67, a failed one, a completed one with url', async () => {
    expect((await callApi('video.platforms')).map((p) => p.id)).toEqual([
      'tavus',
      'vidau',
      'modelslab',
      'heygen',
      'did',
      'local',
    ]);
    expect((await callApi('video.avatars')).map((a) => a.platform)).toEqual(['tavus', 'heygen', 'did', 'modelslab']);
    const projects = await callApi('video.projects');
    expect(projects.find((p) => p.status === 'processing')?.progress).toBe(67);
    expect(projects.some((p) => p.status === 'failed')).toBe(true);
    expect(projects.find((p) => p.status === 'completed')?.url).toBeTruthy();
  });

  test('a generated video is listed, advances on status polls and completes with a url', async () => {
    const project = await generateVideoWith('did', {
      avatar: 'avatar-sophie',
      script: 'Wetter',
      background: 'studio',
      voice: 'german-female-1',
    });
    expect(project).toMatchObject({ status: 'processing', progress: 0, platform: 'did' });
    expect((await callApi('video.projects'))[0]?.id).toBe(project.id);
    let status = await callApi('video.status', { params: { provider: 'did', id: project.id } });
    while (status.status === 'processing')
      status = await callApi('video.status', { params: { provider: 'did', id: project.id } });
    expect(status).toMatchObject({ status: 'completed', progress: 100 });
    expect(status.url).toBeTruthy();
    const video = await callApi('video.download', { params: { provider: 'did', id: project.id } });
    expect(video.type).toBe('video/mp4');
    expect(video.size).toBeGreaterThan(0);
  });

  test("a failed project can be retried through its provider's create route; a completed one cannot", async () => {
    const paths: string[] = [];
    server.events.on('request:start', ({ request }) =>
      paths.push(`${request.method} ${new URL(request.url).pathname}`),
    );
    await expect(retryVideoProject({ id: 'vp-4', platform: 'modelslab' })).resolves.toMatchObject({
      id: 'vp-4',
      status: 'processing',
      progress: 0,
    });
    await expect(retryVideoProject({ id: 'vp-1', platform: 'tavus' })).rejects.toThrow(
      'API request failed with status 409',
    );
    // Another provider's project is not that provider's to create again.
    await expect(retryVideoProject({ id: 'vp-2', platform: 'did' })).rejects.toThrow(
      'API request failed with status 404',
    );
    server.events.removeAllListeners();
    expect(paths).toEqual([
      'POST /api/video/modelslab/generate',
      'POST /api/video/tavus/create',
      'POST /api/video/did/create',
    ]);
    expect((await callApi('video.projects')).map((p) => p.id)).toEqual(['vp-1', 'vp-2', 'vp-3', 'vp-4']);
  });

  test('a Telegram notification shows up on the overview; a blank one is refused', async () => {
    await notifyTelegram('Live ab 20 Uhr');
    expect((await callApi('dashboard.overview')).notifications[0]?.message).toBe('Telegram: Live ab 20 Uhr');
    await expect(notifyTelegram('  ')).rejects.toThrow('API request failed with status 400');
  });

  test('the stores are reset between tests', async () => {
    expect((await callApi('video.projects')).map((p) => p.id)).toEqual(['vp-1', 'vp-2', 'vp-3', 'vp-4']);
  });
});

describe('scenarios', () => {
  test('?scenario= picks one of empty, error, slow, offline; anything else is the default', () => {
    expect(
      ['?scenario=empty', '?scenario=error', '?scenario=slow', '?scenario=offline', '?scenario=bogus', ''].map(
        scenarioFromSearch,
      ),
    ).toEqual(['empty', 'error', 'slow', 'offline', 'default', 'default']);
  });

  test("'empty' seeds every store empty", async () => {
    applyScenario('empty');
    const overview = await callApi('dashboard.overview');
    expect(overview.notifications).toEqual([]);
    expect(overview.platformViews).toEqual([]);
    expect(await callApi('video.projects')).toEqual([]);
    expect(await callApi('video.avatars')).toEqual([]);
    expect(await callApi('news.list')).toEqual([]);
    expect(await callApi('posts.list')).toEqual([]);
    expect(await callApi('media.list')).toEqual([]);
  });

  test("'error' answers 500 on /api calls and the mocked webhooks, but leaves other addresses alone", async () => {
    server.use(http.get('https://operator.example/api/hook', () => HttpResponse.json({ real: true })));
    applyScenario('error');
    const error = (await apiRequest('/dashboard/overview', { retries: false }).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('SERVER_ERROR');
    expect(error.message).toBe('API request failed with status 500: {"message":"Mock-Szenario: Serverfehler"}');
    await expect(checkHealth('openai')).rejects.toThrow('Health check failed: Internal Server Error');
    await expect(transport('https://n8n.newsdesk.demo/webhook/ai-news/status')).rejects.toMatchObject({ status: 500 });
    await expect(transport('https://operator.example/api/hook')).resolves.toEqual({ real: true });
  });

  test("'offline' fails like a dropped network", async () => {
    applyScenario('offline');
    await expect(apiRequest('/video/projects', { retries: false })).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });

  test("'slow' holds a call for 1500 ms and then answers normally", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    applyScenario('slow');
    let settled = false;
    const outcome = callApi('dashboard.overview').finally(() => {
      settled = true;
    });
    for (let t = 0; t < 1400; t += 100) {
      await vi.advanceTimersByTimeAsync(100);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(settled).toBe(false);
    for (let t = 0; t < 300; t += 100) {
      await vi.advanceTimersByTimeAsync(100);
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    }
    vi.useRealTimers();
    expect((await outcome).stats[0]?.value).toBe('1,247');
  });
});
