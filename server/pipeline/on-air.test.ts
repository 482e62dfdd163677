// „Schlagzeile auf Sendung“ against a small obs-websocket server (tests/fakes/fake-obs.ts; the real OBS is tests/obs):
// off sends OBS nothing; on, a published story's headline goes into the quick-text source and its public video into
// the named media source — after the pipeline's own publish and after a person's; OBS down never fails a publish and
// the run log says why; the Live screen's „Auf Sendung“ (POST /live/on-air) does the same on demand.
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { startFeedServer, storyFixtures, type FeedServer } from '../../tests/fakes/feeds';
import type { Run } from '../../src/contract';
import { startFakeObs, type FakeObs } from '../../tests/fakes/fake-obs';
import { ObsHub } from '../adapters/obs/obs-instance';
import { contractBody, createTestApp, errorBody, type TestApp } from '../testing';

const PUBLIC = 'https://desk.example';
const PASSWORD = 'on-air-secret-0815';
const TEXT_SOURCE = 'AI News Content';
const MEDIA = 'Newsdesk Video';

let t: TestApp;
let feeds: FeedServer;
let studio: FakeObs;
let hub: ObsHub;

beforeAll(async () => {
  feeds = await startFeedServer();
  const { alpha, beta } = storyFixtures(feeds.url);
  feeds.set('/alpha.xml', { body: alpha });
  feeds.set('/beta.atom', { body: beta, type: 'application/atom+xml' });
  studio = await startFakeObs({ password: PASSWORD, mediaSources: [MEDIA] });
  t = await createTestApp({
    publicUrl: PUBLIC,
    obs: (events) => {
      hub = new ObsHub(
        [{ name: 'Studio', url: studio.url, password: PASSWORD, textSource: TEXT_SOURCE }],
        (event) => events.publishObs(event),
        () => undefined,
      );
      hub.start();
      return hub;
    },
  });
  for (const [name, path] of [
    ['Alpha Nachrichten', '/alpha.xml'],
    ['Beta Zeitung', '/beta.atom'],
  ]) {
    await t.call('/sources', {
      method: 'POST',
      json: { name, url: `${feeds.url}${path}`, category: 'general', language: 'de' },
    });
  }
  await t.call('/sources/fetch', { method: 'POST' });
  await vi.waitFor(() => expect(hub.get()?.state).toBe('connected'), { timeout: 10_000 });
});
afterAll(async () => {
  await t?.close();
  await feeds?.close();
  await studio?.close();
});

async function runUntil(runId: string, done: (run: Run) => boolean): Promise<Run> {
  for (let i = 0; i < 30; i += 1) {
    await t.engine.runDue();
    const run = (await contractBody('workflow.runs', await t.call('/workflow/runs?limit=50'))).find(
      (r) => r.id === runId,
    );
    if (run && done(run)) return run;
  }
  throw new Error(`Run ${runId} kam nicht an`);
}

const start = async () =>
  (
    await contractBody(
      'workflow.aiNewsStart',
      await t.call('/workflow/ai-news/start', {
        method: 'POST',
        json: { topic: 'Breaking News', language: 'de', platforms: [] },
      }),
    )
  ).executionId;
const storyOf = (run: Run) => (run.artefacts ?? []).find((a) => a.kind === 'story')?.id as string;
const settings = (json: unknown) => t.call('/settings', { method: 'PATCH', json });
const sentToObs = () => studio.requests.filter((r) => r.requestType === 'SetInputSettings');
const runLog = async (runId: string) =>
  (await contractBody('workflow.runs', await t.call('/workflow/runs?limit=50'))).find((r) => r.id === runId)?.log ?? [];

test('off by default: a published story sends OBS nothing', async () => {
  expect((await contractBody('settings.get', await t.call('/settings'))).onAir).toEqual({
    enabled: false,
    mediaSource: '',
  });
  const draft = await contractBody(
    'news.generate',
    await t.call('/news/generate', { method: 'POST', json: { topic: 'Bundestag', language: 'de' } }),
  );
  const published = await contractBody('news.publish', await t.call(`/news/${draft.id}/publish`, { method: 'POST' }));
  expect(published.status).toBe('published');
  expect(sentToObs()).toEqual([]);
  expect(studio.texts.get(TEXT_SOURCE)).toBe('');
});

test('on: the pipeline publishing without review puts the headline into the text source and the video into the media source', async () => {
  const saved = await contractBody(
    'settings.update',
    await settings({ review: false, onAir: { enabled: true, mediaSource: `  ${MEDIA} ` } }),
  );
  expect(saved.onAir).toEqual({ enabled: true, mediaSource: MEDIA });
  try {
    const runId = await start();
    const run = await runUntil(runId, (r) => r.status !== 'running');
    expect(run.status).toBe('success');
    const story = await contractBody('news.get', await t.call(`/news/${storyOf(run)}`));
    expect(story.status).toBe('published');
    expect(story.publicUrl).toMatch(/^https:\/\/desk\.example\/news\/\d{4}-\d{2}-\d{2}-/);
    expect(story.videoUrl).toBe(`${story.publicUrl}/video`);

    expect(studio.texts.get(TEXT_SOURCE)).toBe(story.title);
    expect(sentToObs().map((r) => r.requestData)).toEqual([
      { inputName: TEXT_SOURCE, inputSettings: { text: story.title }, overlay: true },
      {
        inputName: MEDIA,
        inputSettings: {
          is_local_file: false,
          input: `${story.publicUrl}/video`,
          input_format: '',
          looping: false,
          restart_on_activate: true,
          clear_on_media_end: true,
        },
        overlay: true,
      },
    ]);
    expect(studio.media.get(MEDIA)).toMatchObject({
      is_local_file: false,
      input: `${story.publicUrl}/video`,
      restart_on_activate: true,
    });
    expect(
      (await runLog(runId)).some((line) =>
        line.endsWith('Auf Sendung: Schlagzeile in „AI News Content“, Video in „Newsdesk Video“.'),
      ),
    ).toBe(true);
  } finally {
    await settings({ review: true });
  }
});

test('„Auf Sendung“ from the Live rundown: POST /live/on-air sends the headline and the video again', async () => {
  const runs = await contractBody('workflow.runs', await t.call('/workflow/runs?limit=50'));
  const id = storyOf(runs.find((r) => r.status === 'success') as Run);
  const story = await contractBody('news.get', await t.call(`/news/${id}`));
  studio.texts.set(TEXT_SOURCE, 'Vorher');
  studio.requests.length = 0;

  const done = await contractBody('live.onAir', await t.call('/live/on-air', { method: 'POST', json: { newsId: id } }));
  expect(done).toEqual({
    success: true,
    sourceName: TEXT_SOURCE,
    headline: story.title,
    mediaSource: MEDIA,
    videoUrl: `${story.publicUrl}/video`,
  });
  expect(studio.texts.get(TEXT_SOURCE)).toBe(story.title);
  expect(sentToObs().map((r) => r.requestData.inputName)).toEqual([TEXT_SOURCE, MEDIA]);

  const missingText = await t.call('/live/on-air', { method: 'POST', json: { newsId: id, sourceName: 'Bauchbinde' } });
  expect(missingText.status).toBe(404);
  expect((await errorBody(missingText)).message).toBe('Quelle "Bauchbinde" nicht gefunden.');

  await settings({ onAir: { mediaSource: 'Gibt es nicht' } });
  try {
    const missingMedia = await t.call('/live/on-air', { method: 'POST', json: { newsId: id } });
    expect(missingMedia.status).toBe(404);
    expect((await errorBody(missingMedia)).message).toBe('Medienquelle "Gibt es nicht" nicht gefunden.');
  } finally {
    await settings({ onAir: { mediaSource: MEDIA } });
  }

  const draft = await contractBody(
    'news.generate',
    await t.call('/news/generate', { method: 'POST', json: { topic: 'Bundestag', language: 'de' } }),
  );
  const unpublished = await t.call('/live/on-air', { method: 'POST', json: { newsId: draft.id } });
  expect(unpublished.status).toBe(409);
  expect((await errorBody(unpublished)).message).toBe('Nur veröffentlichte Meldungen können auf Sendung gehen.');
  const unknown = await t.call('/live/on-air', { method: 'POST', json: { newsId: 'news-gibt-es-nicht' } });
  expect(unknown.status).toBe(404);
  expect((await errorBody(unknown)).message).toBe('Meldung nicht gefunden.');
});

test('OBS down: Publish still publishes, and the run log and the server log say in German why nothing went on air', async () => {
  const errors: string[] = [];
  const spy = vi
    .spyOn(console, 'error')
    .mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(' ')));
  try {
    const runId = await start();
    const waiting = await runUntil(runId, (r) => r.status !== 'running');
    expect(waiting.status).toBe('waiting');
    await studio.close();
    await vi.waitFor(() => expect(hub.get()?.state).toBe('reconnecting'), { timeout: 10_000 });

    const response = await t.call(`/news/${storyOf(waiting)}/publish`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect((await contractBody('news.publish', response)).status).toBe('published');
    expect((await contractBody('news.get', await t.call(`/news/${storyOf(waiting)}`))).status).toBe('published');
    expect(
      (await runLog(runId)).some((line) =>
        line.endsWith('Schlagzeile nicht auf Sendung: Nicht mit OBS verbunden (Studio).'),
      ),
    ).toBe(true);
    expect(errors).toContain('[obs] Schlagzeile nicht auf Sendung: Nicht mit OBS verbunden (Studio).');

    const onAir = await t.call('/live/on-air', { method: 'POST', json: { newsId: storyOf(waiting) } });
    expect(onAir.status).toBe(503);
    expect((await errorBody(onAir)).message).toMatch(/^Nicht mit OBS verbunden/);
  } finally {
    spy.mockRestore();
  }
});
