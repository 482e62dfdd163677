// Video Studio's sixth platform „Lokal (ohne Anbieter)“: POST /video/generate {platform: 'local'} answers a processing
// project at once; the queued job speaks the script (eSpeak-NG here: no TTS key), renders it with FFmpeg at the chosen
// quality, files the MP4 in the Media Library and completes the project, or fails it with the German reason; Retry
// renders again. The pipeline's own renders are listed in My Projects as completed local projects while their Media
// Library item exists.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import type { ChangeEvent, Run, VideoProject } from '../../../src/contract';
import { startFeedServer, storyFixtures, type FeedServer } from '../../../tests/fakes/feeds';
import { media, videoProjects } from '../../data/db/schema';
import type { RenderInput } from '../../adapters/media-engines/render';
import { probeMedia } from '../../adapters/media-engines/render';
import { contractBody, createTestApp, diedThreeTimes, errorBody, type TestApp } from '../../testing';

// Every render is real unless a test makes the next one fail; the test sees what was asked for.
const renders = vi.hoisted(() => ({ calls: [] as RenderInput[], fail: undefined as string | undefined }));
vi.mock('../../adapters/media-engines/render', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../adapters/media-engines/render')>();
  return {
    ...actual,
    renderVideo: vi.fn(async (input: RenderInput) => {
      renders.calls.push(input);
      if (renders.fail) throw new Error(renders.fail);
      return actual.renderVideo(input);
    }),
  };
});

let t: TestApp;
let feeds: FeedServer;
const events: ChangeEvent[] = [];

beforeAll(async () => {
  feeds = await startFeedServer();
  const { alpha, beta } = storyFixtures(feeds.url);
  feeds.set('/alpha.xml', { body: alpha });
  feeds.set('/beta.atom', { body: beta, type: 'application/atom+xml' });
  t = await createTestApp();
  t.events.subscribe((event) => events.push(event));
});
afterAll(async () => {
  await t?.close();
  await feeds?.close();
});
beforeEach(() => {
  renders.calls.length = 0;
  renders.fail = undefined;
});

const pathAndQuery = (url: string) => new URL(url).pathname + new URL(url).search;
const generate = (body: Record<string, unknown>) =>
  t.call('/video/generate', { method: 'POST', json: { platform: 'local', ...body } });
const projects = async () => contractBody('video.projects', await t.call('/video/projects'));
const projectOf = async (id: string) => (await projects()).find((p) => p.id === id);

/** The Media Library item a completed local project plays: its signed file address names it. */
async function fileOf(project: VideoProject | undefined): Promise<string> {
  const id = /\/api\/media\/([^/]+)\/file\?exp=\d+&sig=/.exec(project?.url ?? '')?.[1] ?? '';
  const [row] = await t.database.db
    .select()
    .from(media)
    .where(eq(media.id, decodeURIComponent(id)));
  expect(row?.fileName).toMatch(/^media-[\w-]+\.mp4$/);
  return path.join(t.mediaDir, row?.fileName ?? '');
}

test(
  'a local video needs no avatar: 201 processing at once, then speech and a 1280×720 H.264/AAC render in the Media Library',
  { timeout: 120_000 },
  async () => {
    const created = await generate({
      script: 'Guten Abend. Hier sind die Nachrichten aus Hamburg.',
      voice: 'german-male-1',
      background: 'news-studio',
      quality: '720p',
    });
    expect(created.status).toBe(201);
    const project = await contractBody('video.generate', created);
    expect(project).toMatchObject({
      status: 'processing',
      progress: 0,
      platform: 'local',
      avatar: '',
      url: null,
      title: 'Guten Abend. Hier sind die Nachrichten a…',
    });

    await t.engine.runDue();
    const done = await projectOf(project.id);
    expect(done).toMatchObject({ status: 'completed', progress: 100, platform: 'local' });
    expect(done?.duration).toMatch(/^0:0[1-9]$/);
    expect(done?.url).toMatch(/^http:\/\/[^/]+\/api\/media\/media-[\w-]+\/file\?exp=\d+&sig=[\w-]+$/);
    // The scene name is no Media Library image: the plain branded background, at the chosen quality.
    expect(renders.calls).toHaveLength(1);
    expect(renders.calls[0]).toMatchObject({
      width: 1280,
      height: 720,
      backgroundPath: undefined,
      script: 'Guten Abend. Hier sind die Nachrichten aus Hamburg.',
      // The script is the operator's, the voice a machine's: the video says so (EU AI Act Art. 50).
      disclosure: 'Die Sprecherstimme dieses Videos ist künstlich erzeugt.',
    });

    const info = await probeMedia(await fileOf(done));
    expect(info.streams).toEqual([
      { kind: 'video', codec: 'h264', width: 1280, height: 720 },
      { kind: 'audio', codec: 'aac' },
    ]);
    expect(info.durationMs).toBeGreaterThan(1000);
    expect(info.comment).toBe('Die Sprecherstimme dieses Videos ist künstlich erzeugt.');

    // The address plays without the token (a <video> cannot send it); the item is a video with a JPEG frame as thumbnail.
    const played = await t.app.request(pathAndQuery(done?.url ?? ''));
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('video/mp4');
    const item = (await contractBody('media.list', await t.call('/media'))).find((m) =>
      done?.url?.includes(`/api/media/${m.id}/file`),
    );
    expect(item).toMatchObject({ type: 'video', title: project.title, duration: done?.duration });
    expect(item?.thumbnail).toMatch(/&part=thumbnail$/);
    // Its progress went out on the event stream like a provider project's.
    await vi.waitFor(() =>
      expect(events.filter((e) => e.topic === 'video' && e.id === project.id).length).toBeGreaterThanOrEqual(4),
    );
  },
);

test(
  'quality maps to the frame size: 1080p 1920×1080, 4k 3840×2160; a Media Library image is the background',
  { timeout: 120_000 },
  async () => {
    const image = await t.call('/media/upload', {
      method: 'POST',
      body: uploadForm('studio.png', PNG_1X1, 'image/png'),
    });
    expect(image.status).toBe(201);
    const imageId = (await contractBody('media.upload', image)).id;
    const [row] = await t.database.db.select().from(media).where(eq(media.id, imageId));

    const hd = await contractBody(
      'video.generate',
      await generate({ script: 'Guten Abend.', quality: '1080p', background: imageId }),
    );
    const uhd = await contractBody('video.generate', await generate({ script: 'Gute Nacht.', quality: '4k' }));
    await t.engine.runDue();
    expect(renders.calls.map((c) => [c.width, c.height])).toEqual([
      [1920, 1080],
      [3840, 2160],
    ]);
    expect(renders.calls[0].backgroundPath).toBe(path.join(t.mediaDir, row.fileName ?? ''));
    expect((await probeMedia(await fileOf(await projectOf(hd.id)))).streams[0]).toEqual({
      kind: 'video',
      codec: 'h264',
      width: 1920,
      height: 1080,
    });
    expect((await probeMedia(await fileOf(await projectOf(uhd.id)))).streams[0]).toEqual({
      kind: 'video',
      codec: 'h264',
      width: 3840,
      height: 2160,
    });

    // Without a quality: the desk's everyday 1280×720; an unknown one is refused by the contract.
    renders.fail = 'Das Video konnte nicht gerendert werden: FFmpeg meldet: nicht nötig';
    await generate({ script: 'Ohne Qualität.' });
    await t.engine.runDue();
    expect(renders.calls.at(-1)).toMatchObject({ width: 1280, height: 720 });
    expect((await generate({ script: 'Guten Abend.', quality: '8k' })).status).toBe(400);
  },
);

test('a render whose instance went down with it three times fails its project with that reason; Retry renders', async () => {
  const project = await contractBody('video.generate', await generate({ script: 'Absturz.', title: 'Dreimal' }));
  await diedThreeTimes(t.database, sql`payload->>'projectId' = ${project.id}`);
  await t.engine.runDue();
  expect(renders.calls).toEqual([]);
  expect(await projectOf(project.id)).toMatchObject({
    status: 'failed',
    error: 'Aufgegeben: Die Instanz, die diesen Auftrag ausführte, ist 3-mal mitten in der Arbeit ausgefallen.',
  });
  expect((await t.call(`/video/projects/${project.id}/retry`, { method: 'POST' })).status).toBe(200);
  await t.engine.runDue();
  expect(renders.calls).toHaveLength(1);
  expect((await projectOf(project.id))?.status).toBe('completed');
});

test('a blank script is refused with the German text and makes no project; the provider platforms still need an avatar', async () => {
  const before = (await projects()).length;
  for (const script of ['', '   ', undefined]) {
    const refused = await generate({ script });
    expect(refused.status).toBe(400);
    expect(await errorBody(refused)).toEqual({ message: 'Bitte Script eingeben.', code: 'invalid_body' });
  }
  expect((await projects()).length).toBe(before);
  // The provider routes stay the five providers'.
  expect((await t.call('/video/local/generate', { method: 'POST', json: { script: 'Guten Abend.' } })).status).toBe(
    400,
  );
  expect((await contractBody('video.platforms', await t.call('/video/platforms'))).at(-1)).toEqual({
    id: 'local',
    name: 'Lokal (ohne Anbieter)',
    description: 'Sprecherstimme und Untertitel, gerendert auf dem eigenen Server – ohne Avatar',
  });
});

test(
  'a failing render marks the project failed with its German reason and a notification; Retry renders again',
  { timeout: 120_000 },
  async () => {
    const filesBefore = storedVideos();
    const itemsBefore = (await t.database.db.select().from(media).where(eq(media.type, 'video'))).length;
    const project = await contractBody(
      'video.generate',
      await generate({ script: 'Das wird nichts.', quality: '720p' }),
    );
    renders.fail = 'Das Video konnte nicht gerendert werden: FFmpeg meldet: kaputt';
    await t.engine.runDue();
    const failed = await projectOf(project.id);
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'Das Video konnte nicht gerendert werden: FFmpeg meldet: kaputt',
      url: null,
    });
    const overview = await contractBody('dashboard.overview', await t.call('/dashboard/overview'));
    expect(overview.notifications.map((n) => n.message)).toContain(
      'Video „Das wird nichts.“ fehlgeschlagen: Das Video konnte nicht gerendert werden: FFmpeg meldet: kaputt',
    );
    // Nothing half-made stays behind: no media item of it, no file.
    expect(storedVideos()).toEqual(filesBefore);
    expect((await t.database.db.select().from(media).where(eq(media.type, 'video'))).length).toBe(itemsBefore);

    renders.fail = undefined;
    const retried = await contractBody(
      'video.retryProject',
      await t.call(`/video/projects/${project.id}/retry`, { method: 'POST' }),
    );
    expect(retried).toMatchObject({ id: project.id, status: 'processing', progress: 0 });
    expect(retried.error).toBeUndefined();
    expect((await t.call(`/video/projects/${project.id}/retry`, { method: 'POST' })).status).toBe(409);
    await t.engine.runDue();
    expect(await projectOf(project.id)).toMatchObject({ status: 'completed', progress: 100 });
    expect(renders.calls.map((c) => c.script)).toEqual(['Das wird nichts.', 'Das wird nichts.']);
  },
);

test(
  "the pipeline's renders are completed local projects of My Projects; a deleted Media Library item takes its project along",
  { timeout: 180_000 },
  async () => {
    for (const [name, feed] of [
      ['Alpha Nachrichten', '/alpha.xml'],
      ['Beta Zeitung', '/beta.atom'],
    ]) {
      await t.call('/sources', {
        method: 'POST',
        json: { name, url: `${feeds.url}${feed}`, category: 'general', language: 'de' },
      });
    }
    const { executionId } = await contractBody(
      'workflow.aiNewsStart',
      await t.call('/workflow/ai-news/start', {
        method: 'POST',
        json: { topic: 'Breaking News', language: 'de', platforms: ['tiktok'] },
      }),
    );
    let run: Run | undefined;
    for (let i = 0; i < 20 && run?.status !== 'waiting' && run?.status !== 'failed'; i += 1) {
      await t.engine.runDue();
      run = (await contractBody('workflow.runs', await t.call('/workflow/runs?limit=50'))).find(
        (r) => r.id === executionId,
      );
    }
    expect(run?.stages.find((s) => s.stage === 'Video Gen')?.state).toBe('finished');
    const videos = (run?.artefacts ?? []).filter((a) => a.kind === 'video');
    const title = 'Bundestag beschließt Gesetz zur Förderung erneuerbarer Energien';
    expect(videos.map((v) => v.title)).toEqual([title, `${title} (Hochformat)`]);

    const listed = (await projects()).filter((p) => videos.some((v) => p.url?.includes(`/api/media/${v.id}/file`)));
    expect(listed.map((p) => p.title).sort()).toEqual([title, `${title} (Hochformat)`]);
    for (const project of listed) {
      expect(project).toMatchObject({ status: 'completed', progress: 100, platform: 'local', avatar: '' });
      expect(project.duration).toMatch(/^\d:\d\d$/);
      expect(Date.now() - Date.parse(project.createdAt)).toBeLessThan(10 * 60_000);
      const played = await t.app.request(pathAndQuery(project.url ?? ''));
      expect(played.status).toBe(200);
      expect(played.headers.get('content-type')).toBe('video/mp4');
    }
    const landscape = listed.find((p) => p.title === title);
    expect((await probeMedia(await fileOf(landscape))).streams).toEqual([
      { kind: 'video', codec: 'h264', width: 1280, height: 720 },
      { kind: 'audio', codec: 'aac' },
    ]);

    // The migration lists renders filed before it in the same way (its last statement, run again on what is there now).
    const ids = videos.map((v) => v.id);
    await t.database.db.delete(videoProjects).where(inArray(videoProjects.mediaId, ids));
    const migration =
      readFileSync(path.resolve('server/data/db/migrations/0005_local_video_projects.sql'), 'utf8')
        .split('--> statement-breakpoint')
        .at(-1) ?? '';
    await t.database.db.execute(sql.raw(migration));
    const backfilled = await t.database.db.select().from(videoProjects).where(inArray(videoProjects.mediaId, ids));
    expect(backfilled.map((r) => r.title).sort()).toEqual([title, `${title} (Hochformat)`]);
    for (const row of backfilled)
      expect(row).toMatchObject({ status: 'completed', platform: 'local', progress: 100, avatar: '', url: null });

    // Deleting the portrait video from the Media Library leaves no project without a film.
    const portrait = videos[1].id;
    expect((await t.call(`/media/${portrait}`, { method: 'DELETE' })).status).toBeLessThan(300);
    const after = await projects();
    expect(after.some((p) => p.url?.includes(`/api/media/${portrait}/file`))).toBe(false);
    expect(after.filter((p) => p.url?.includes(`/api/media/${videos[0].id}/file`))).toHaveLength(1);
    await vi.waitFor(() => expect(events.some((e) => e.topic === 'video' && e.action === 'deleted')).toBe(true));
  },
);

// A 1×1 PNG (an image the render can scale behind the text).
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function uploadForm(name: string, bytes: Buffer, type: string): FormData {
  const form = new FormData();
  form.append('media', new File([new Uint8Array(bytes)], name, { type }));
  form.append('metadata', JSON.stringify({ title: 'Studio-Foto' }));
  return form;
}

const storedVideos = () =>
  readdirSync(t.mediaDir)
    .filter((f) => /\.(mp4|part|wav|mp3)$/.test(f))
    .sort();
