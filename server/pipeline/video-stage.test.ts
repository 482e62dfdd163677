// The Video Gen stage on the desk: without a provider key the story is rendered (landscape, and portrait for TikTok or
// Instagram) with its sources, the disclosure the story will carry and the script as subtitles, each video a Media
// Library item with a JPEG frame as thumbnail; a failed render leaves nothing; with a provider the finished file is
// copied into the Media Library through the SSRF guard and becomes the run's video.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import type { Run } from '../../src/contract';
import { startFeedServer, storyFixtures, type FeedServer } from '../../tests/fakes/feeds';
import { SAMPLE_VIDEO } from '../../tests/fakes/heygen';
import { shortTimeouts, startLateAnswer } from '../../tests/fakes/late-answer';
import { startModelsLabFake, type ModelsLabFake } from '../../tests/fakes/modelslab';
import { media, runArtefacts, videoProjects } from '../data/db/schema';
import type { RenderInput } from '../adapters/media-engines/render';
import { probeDurationMs, probeMedia } from '../adapters/media-engines/render';
import { createCredentials } from '../adapters/providers/credentials';
import { pollDueVideoJobs } from '../adapters/providers/video/jobs';
import { contractBody, createTestApp, errorBody, type TestApp } from '../testing';
import { runVideo } from './publication';

// Every render is real; the test sees what the stage asked for, and can make one fail.
const renders = vi.hoisted(() => ({ calls: [] as RenderInput[], failPortrait: false }));
vi.mock('../adapters/media-engines/render', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../adapters/media-engines/render')>();
  return {
    ...actual,
    renderVideo: vi.fn(async (input: RenderInput) => {
      renders.calls.push(input);
      if (renders.failPortrait && (input.height ?? 0) > (input.width ?? 0))
        throw new Error('Das Video konnte nicht gerendert werden: FFmpeg meldet: kaputt');
      return actual.renderVideo(input);
    }),
  };
});

const TITLE = 'Bundestag beschließt Gesetz zur Förderung erneuerbarer Energien';
const REVIEWED =
  'Dieser Beitrag wurde mit Hilfe von KI aus den genannten Quellen erstellt und von der Redaktion geprüft.';
const AUTOMATIC =
  'Dieser Beitrag wurde automatisch mit Hilfe von KI aus den genannten Quellen erstellt und ohne redaktionelle Prüfung veröffentlicht.';

let t: TestApp;
let feeds: FeedServer;

async function addSources(app: TestApp) {
  for (const [name, feed] of [
    ['Alpha Nachrichten', '/alpha.xml'],
    ['Beta Zeitung', '/beta.atom'],
  ]) {
    await app.call('/sources', {
      method: 'POST',
      json: { name, url: `${feeds.url}${feed}`, category: 'general', language: 'de' },
    });
  }
}

beforeAll(async () => {
  feeds = await startFeedServer();
  const { alpha, beta } = storyFixtures(feeds.url);
  feeds.set('/alpha.xml', { body: alpha });
  feeds.set('/beta.atom', { body: beta, type: 'application/atom+xml' });
  t = await createTestApp();
  await addSources(t);
});
afterAll(async () => {
  await t?.close();
  await feeds?.close();
});
beforeEach(() => {
  renders.calls.length = 0;
  renders.failPortrait = false;
});

async function runToEnd(app: TestApp, params: Record<string, unknown>): Promise<Run> {
  const { executionId } = await contractBody(
    'workflow.aiNewsStart',
    await app.call('/workflow/ai-news/start', {
      method: 'POST',
      json: { topic: 'Breaking News', language: 'de', ...params },
    }),
  );
  for (let i = 0; i < 20; i += 1) {
    await app.engine.runDue();
    const run = (await contractBody('workflow.runs', await app.call('/workflow/runs?limit=50'))).find(
      (r) => r.id === executionId,
    );
    if (run && run.status !== 'running') return run;
  }
  throw new Error(`Run ${executionId} endete nicht`);
}

const videosOf = (run: Run) => (run.artefacts ?? []).filter((a) => a.kind === 'video');
const stage = (run: Run, name: string) => run.stages.find((s) => s.stage === name);
const pathAndQuery = (url: string) => new URL(url).pathname + new URL(url).search;
const storedFiles = (app: TestApp) =>
  readdirSync(app.mediaDir)
    .filter((f) => /\.(mp4|jpg)$/.test(f))
    .sort();

/**
 * The run's stage as an instance leaves it that died after the stage's work and before the engine recorded it: its job
 * lapsed in another worker's hands, the stage started, the run running, nothing recorded.
 */
async function diedAfterWork(app: TestApp, runId: string, stageName: string): Promise<void> {
  const { db } = app.database;
  await db.execute(
    sql`UPDATE jobs SET done_at = NULL, claimed_by = 'gestorben', claimed_until = now() - interval '1 second' WHERE kind = 'pipeline.stage' AND payload->>'runId' = ${runId} AND payload->>'stage' = ${stageName}`,
  );
  await db.execute(
    sql`UPDATE run_stages SET state = 'started', finished_at = NULL WHERE run_id = ${runId} AND stage = ${stageName}`,
  );
  await db.delete(runArtefacts).where(and(eq(runArtefacts.runId, runId), eq(runArtefacts.stage, stageName)));
  await db.execute(sql`UPDATE runs SET status = 'running', finished_at = NULL WHERE id = ${runId}`);
}

async function rerun(app: TestApp, runId: string): Promise<Run | undefined> {
  for (let i = 0; i < 5; i += 1) await app.engine.runDue();
  return (await contractBody('workflow.runs', await app.call('/workflow/runs?limit=50'))).find((r) => r.id === runId);
}

async function fileOf(app: TestApp, id: string): Promise<string> {
  const [row] = await app.database.db.select().from(media).where(eq(media.id, id));
  expect(row?.fileName).toMatch(/^media-[\w-]+\.(mp4|jpg|wav)$/);
  return path.join(app.mediaDir, row?.fileName ?? '');
}

test(
  'a run for TikTok gets a landscape and a portrait video with sources, disclosure and subtitles, each with a JPEG thumbnail',
  { timeout: 120_000 },
  async () => {
    const run = await runToEnd(t, { platforms: ['tiktok'] });
    expect(stage(run, 'Video Gen')?.state).toBe('finished');
    const videos = videosOf(run);
    expect(videos.map((v) => v.title)).toEqual([TITLE, `${TITLE} (Hochformat)`]);

    // What the render was asked to draw: the sources, the line the story will carry (review is on), the spoken script.
    expect(renders.calls.map((c) => [c.width, c.height])).toEqual([
      [1280, 720],
      [1080, 1920],
    ]);
    for (const call of renders.calls) {
      expect(call).toMatchObject({
        title: TITLE,
        credit: 'Quellen: Alpha Nachrichten, Beta Zeitung',
        disclosure: REVIEWED,
      });
      expect(call.script).toContain(
        'Der Bundestag hat am Donnerstag ein Gesetz zur Förderung erneuerbarer Energien beschlossen.',
      );
      expect(call.script).not.toMatch(/\[\d+\]/);
    }

    const audio = (run.artefacts ?? []).find((a) => a.kind === 'audio');
    const speechMs = await probeDurationMs(await fileOf(t, audio?.id ?? ''));
    const sizes = [
      [1280, 720],
      [1080, 1920],
    ];
    for (const [i, video] of videos.entries()) {
      const info = await probeMedia(await fileOf(t, video.id));
      expect(info.streams).toEqual([
        { kind: 'video', codec: 'h264', width: sizes[i][0], height: sizes[i][1] },
        { kind: 'audio', codec: 'aac' },
      ]);
      expect(Math.abs((info.durationMs ?? 0) - speechMs)).toBeLessThanOrEqual(500);
    }

    const library = await contractBody('media.list', await t.call('/media'));
    for (const video of videos) {
      const item = library.find((m) => m.id === video.id);
      expect(item).toMatchObject({ type: 'video', title: video.title });
      expect(item?.duration).toMatch(/^0:\d\d$/);
      expect(item?.thumbnail).toMatch(new RegExp(`/api/media/${video.id}/file\\?exp=\\d+&sig=[\\w-]+&part=thumbnail$`));
      // The thumbnail is served without the bearer token, under the file's own signature, as a JPEG.
      const thumbnail = await t.app.request(pathAndQuery(item?.thumbnail ?? ''));
      expect(thumbnail.status).toBe(200);
      expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
      expect([...new Uint8Array(await thumbnail.arrayBuffer()).slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      const forged = await t.app.request(
        pathAndQuery(item?.thumbnail ?? '').replace(/sig=[\w-]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
      );
      expect(forged.status).toBe(403);
    }
    // The story's video (posts, its public page) is the landscape one.
    expect((await runVideo(t.database.db, run.id))?.id).toBe(videos[0].id);

    // Deleting a video removes its thumbnail too.
    const portrait = await fileOf(t, videos[1].id);
    const portraitThumbnail = path.basename(portrait).replace(/\.mp4$/, '.jpg');
    expect(storedFiles(t)).toContain(portraitThumbnail);
    expect((await t.call(`/media/${videos[1].id}`, { method: 'DELETE' })).status).toBeLessThan(300);
    expect(storedFiles(t)).not.toContain(path.basename(portrait));
    expect(storedFiles(t)).not.toContain(portraitThumbnail);
  },
);

test(
  'with the review off the video carries the automatic disclosure; a background that is not an image is logged and the plain one used',
  { timeout: 120_000 },
  async () => {
    await contractBody('settings.update', await t.call('/settings', { method: 'PATCH', json: { review: false } }));
    try {
      const [speech] = await t.database.db.select().from(media).where(eq(media.type, 'audio'));
      const run = await runToEnd(t, { image: speech.id });
      expect(stage(run, 'Video Gen')?.state).toBe('finished');
      expect(renders.calls).toHaveLength(1);
      expect(renders.calls[0]).toMatchObject({
        disclosure: AUTOMATIC,
        backgroundPath: path.join(t.mediaDir, speech.fileName ?? ''),
      });
      expect(run.log.join('\n')).toContain(
        `Video Gen: Hintergrund „${speech.title}“ nicht verwendet – Die Datei „${speech.fileName}“ ist kein Bild. Stattdessen der schlichte Hintergrund.`,
      );
      expect(videosOf(run)).toHaveLength(1);
    } finally {
      await t.call('/settings', { method: 'PATCH', json: { review: true } });
    }
  },
);

test(
  'a Video Gen taken over after it had filed its videos renders nothing again and keeps the one set',
  { timeout: 120_000 },
  async () => {
    const run = await runToEnd(t, { platforms: ['tiktok'] });
    const videos = videosOf(run).map((v) => v.id);
    expect(videos).toHaveLength(2);
    const itemsBefore = (await t.database.db.select().from(media).where(eq(media.type, 'video'))).length;
    renders.calls.length = 0;

    await diedAfterWork(t, run.id, 'Video Gen');
    const again = await rerun(t, run.id);
    expect(stage(again as Run, 'Video Gen')?.state).toBe('finished');
    expect(renders.calls).toHaveLength(0);
    expect(videosOf(again as Run).map((v) => v.id)).toEqual(videos);
    expect((await t.database.db.select().from(media).where(eq(media.type, 'video'))).length).toBe(itemsBefore);
  },
);

test(
  'a failed render fails the stage with the German reason and leaves no file and no item behind',
  { timeout: 120_000 },
  async () => {
    const filesBefore = storedFiles(t);
    const videosBefore = (await t.database.db.select().from(media).where(eq(media.type, 'video'))).length;
    renders.failPortrait = true;
    const run = await runToEnd(t, { platforms: ['instagram'] });
    expect(run.status).toBe('failed');
    expect(stage(run, 'Video Gen')).toMatchObject({
      state: 'failed',
      error: 'Das Video konnte nicht gerendert werden: FFmpeg meldet: kaputt',
    });
    // The landscape video had been rendered; it went with the failed stage.
    expect(renders.calls.map((c) => c.width)).toEqual([1280, 1080]);
    expect(storedFiles(t)).toEqual(filesBefore);
    expect((await t.database.db.select().from(media).where(eq(media.type, 'video'))).length).toBe(videosBefore);
  },
);

test(
  "with a provider key the finished file is copied into the Media Library through the SSRF guard and becomes the run's video",
  { timeout: 120_000 },
  async () => {
    const modelslab: ModelsLabFake = await startModelsLabFake(0, { apiKey: 'ml-key-123456', pollsUntilDone: 1 });
    const credentials = createCredentials({
      MODELSLAB_API_URL: `${modelslab.url}/api`,
      MODELSLAB_API_KEY: 'ml-key-123456',
      VIDEO_POLL_INTERVAL_MS: '60000',
    });
    const p = await createTestApp({ credentials });
    try {
      await addSources(p);
      const run = await runToEnd(p, { platforms: ['telegram'] });
      expect(stage(run, 'Video Gen')?.state).toBe('finished');
      const [project] = videosOf(run);
      expect(project.id).toMatch(/^vp-/);
      expect(renders.calls).toHaveLength(0);
      const orders = () => modelslab.requests.filter((r) => r.path === '/api/v6/video/text2video').length;
      expect(orders()).toBe(1);

      // Taken over after the order went through: the same project, no second order.
      await diedAfterWork(p, run.id, 'Video Gen');
      const again = await rerun(p, run.id);
      expect(stage(again as Run, 'Video Gen')?.state).toBe('finished');
      expect(videosOf(again as Run).map((v) => v.id)).toEqual([project.id]);
      expect(orders()).toBe(1);

      const deps = (allowPrivate: boolean) => ({
        database: p.database,
        events: p.events,
        credentials,
        mediaDir: p.mediaDir,
        allowPrivate,
      });
      const pollUntilDone = async (id: string, allowPrivate: boolean) => {
        for (let i = 0; i < 5; i += 1) {
          await p.database.db.execute(
            sql`UPDATE video_jobs SET next_poll_at = now() - interval '1 second', lease_until = NULL WHERE state = 'following'`,
          );
          await pollDueVideoJobs(deps(allowPrivate));
          const [row] = await p.database.db.select().from(videoProjects).where(eq(videoProjects.id, id));
          if (row?.status !== 'processing') return row;
        }
        throw new Error('Der Auftrag wurde nicht fertig.');
      };
      const done = await pollUntilDone(project.id, true);
      // The provider's link stays.
      expect(done?.status).toBe('completed');
      // Stored without a signature: the projects list signs it for each console.
      expect(done?.url).toBe(`/api/video/modelslab/file/${project.id}`);

      const refs = await p.database.db.select().from(runArtefacts).where(eq(runArtefacts.runId, run.id));
      const videoRefs = refs.filter((r) => r.kind === 'video').sort((a, b) => a.seq - b.seq);
      expect(videoRefs.map((r) => r.refId.slice(0, 3))).toEqual(['vp-', 'med']);
      const copy = videoRefs[1].refId;
      expect((await runVideo(p.database.db, run.id))?.id).toBe(copy);
      const [row] = await p.database.db.select().from(media).where(eq(media.id, copy));
      expect(row).toMatchObject({ type: 'video', title: project.title, mime: 'video/webm', duration: '0:04' });
      expect(readFileSync(path.join(p.mediaDir, row.fileName ?? '')).equals(readFileSync(SAMPLE_VIDEO))).toBe(true);
      const item = (await contractBody('media.list', await p.call('/media'))).find((m) => m.id === copy);
      const thumbnail = await p.app.request(pathAndQuery(item?.thumbnail ?? ''));
      expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
      const jpeg = Buffer.from(await thumbnail.arrayBuffer());
      expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      const after = (await contractBody('workflow.runs', await p.call('/workflow/runs?limit=50'))).find(
        (r) => r.id === run.id,
      );
      expect(after?.log.join('\n')).toContain(
        `Video Gen: Das Video des Anbieters liegt jetzt in der Mediathek („${project.title}“).`,
      );

      // Without NEWSDESK_FETCH_PRIVATE the guard refuses the provider's local address: told, the link stays, nothing stored.
      const second = await runToEnd(p, { platforms: ['telegram'] });
      const secondProject = videosOf(second)[0];
      const filesBefore = readdirSync(p.mediaDir).length;
      expect(await pollUntilDone(secondProject.id, false)).toMatchObject({ status: 'completed' });
      expect(readdirSync(p.mediaDir).length).toBe(filesBefore);
      const overview = await contractBody('dashboard.overview', await p.call('/dashboard/overview'));
      expect(overview.notifications.map((n) => n.message)).toContain(
        `Video „${secondProject.title}“ ist fertig, aber nicht in der Mediathek gesichert: Die Videodatei von ModelsLab ließ sich nicht laden: Die Adresse zeigt auf ein internes Netz und wird nicht abgerufen. Der Link des Anbieters bleibt.`,
      );
    } finally {
      await p.close();
      await modelslab.close();
    }
  },
);

test(
  'a video order the provider did not confirm in time fails the stage saying a Retry orders again, after one order',
  { timeout: 120_000 },
  async () => {
    // ModelsLab (docs.modelslab.com/video-api/text-to-video) takes the order and answers after the desk gave up.
    const slow = await startLateAnswer({ status: 'processing', id: 78, eta: 30 });
    const p = await createTestApp({
      credentials: createCredentials({
        MODELSLAB_API_URL: `${slow.url}/api`,
        MODELSLAB_API_KEY: 'ml-key-123456',
        VIDEO_POLL_INTERVAL_MS: '60000',
      }),
    });
    const restore = shortTimeouts();
    try {
      await addSources(p);
      const run = await runToEnd(p, { platforms: ['telegram'] });
      expect(run.status).toBe('failed');
      expect(stage(run, 'Video Gen')).toMatchObject({
        state: 'failed',
        error:
          'ModelsLab hat nicht rechtzeitig bestätigt. Das Video ist dort möglicherweise trotzdem in Auftrag gegeben – bitte im Konto bei ModelsLab prüfen, bevor diese Stufe wiederholt wird: ein Retry bestellt es noch einmal.',
      });
      expect(slow.received).toEqual(['/api/v6/video/text2video']);
      // My Projects shows the order that may exist at ModelsLab, failed, with the provider's word on it.
      const projects = await contractBody('video.projects', await p.call('/video/projects'));
      expect(projects.find((v) => v.platform === 'modelslab')).toMatchObject({
        status: 'failed',
        error:
          'ModelsLab hat nicht rechtzeitig bestätigt. Das Video ist dort möglicherweise trotzdem in Auftrag gegeben und wird nicht noch einmal bestellt – bitte im Konto bei ModelsLab prüfen.',
      });
      // Its Retry there orders nothing and says why.
      const unconfirmed = projects.find((v) => v.platform === 'modelslab');
      const retried = await p.call(`/video/projects/${unconfirmed?.id}/retry`, { method: 'POST' });
      expect(retried.status).toBe(409);
      expect((await errorBody(retried)).message).toBe(
        'Retry geht hier nicht: ModelsLab hat nicht rechtzeitig bestätigt. Das Video ist dort möglicherweise trotzdem in Auftrag gegeben und wird nicht noch einmal bestellt – bitte im Konto bei ModelsLab prüfen.',
      );

      // The same attempt taken over (its instance died while ordering): it finds the order and does not place it again.
      await diedAfterWork(p, run.id, 'Video Gen');
      const again = await rerun(p, run.id);
      expect(stage(again as Run, 'Video Gen')).toMatchObject({
        state: 'failed',
        error:
          'ModelsLab hat nicht rechtzeitig bestätigt. Das Video ist dort möglicherweise trotzdem in Auftrag gegeben – bitte im Konto bei ModelsLab prüfen, bevor diese Stufe wiederholt wird: ein Retry bestellt es noch einmal.',
      });
      expect(slow.received).toEqual(['/api/v6/video/text2video']);
    } finally {
      restore();
      await p.close();
      await slow.close();
    }
  },
);
