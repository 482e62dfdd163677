// The Video Gen stage. With an avatar provider's key: the provider's job (the poller copies the finished file into the
// Media Library). Without: the desk's own render of the story — headline, sources, AI disclosure, the script as
// subtitles timed to the speech, over the run's image or a plain branded background — at 1280×720 and, for a run going
// to TikTok or Instagram, also at 1080×1920; each a Media Library video with a frame as thumbnail, and a completed
// project of the local platform in Video Studio's My Projects (it goes when its Media Library item is deleted).
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import type { RunArtefact } from '../../src/contract';
import { avatars, media, videoJobs, videoProjects } from '../data/db/schema';
import { renderVideo, rendersInLine } from '../adapters/media-engines/render';
import { adapterFor, PROVIDER_NAMES } from '../adapters/providers/video/adapters';
import { createVideoJob } from '../adapters/providers/video/jobs';
import { appendLog } from '../routes/workflow/workflow.queries';
import { HttpError, UNCERTAIN } from '../http/errors';
import { readSettings } from '../data/settings';
import { attemptId, StageSkipped, type StageContext, type StageOutcome } from './stage';
import { addRenderProject } from './studio-render';
import { fileVideo, newVideoFile } from './video-library';

const VIDEO_PROVIDERS = ['heygen', 'tavus', 'did', 'modelslab'] as const;
/** Platforms of a run that show videos upright: the run gets a portrait video too. */
const PORTRAIT_PLATFORMS: readonly unknown[] = ['tiktok', 'instagram'];

export interface StoryForVideo {
  id: string;
  title: string;
  /** The script as spoken: without its citation marks. */
  script: string;
}

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.trim() ? value.trim() : fallback;
const artefactsOf = (context: StageContext, kind: RunArtefact['kind']) =>
  (context.run.artefacts ?? []).filter((a) => a.kind === kind);

/** Makes the run's video: the provider's job, or the desk's own render (landscape first, then portrait when wanted). */
export async function videoStage(
  context: StageContext,
  story: StoryForVideo,
  params: Record<string, unknown>,
): Promise<StageOutcome> {
  const { credentials, database, mediaDir } = context.deps;
  const { db } = database;
  let provider: (typeof VIDEO_PROVIDERS)[number] | undefined;
  for (const p of VIDEO_PROVIDERS) if (!provider && (await credentials.key(p))) provider = p;
  if (provider) {
    // A Retry of this stage orders anew: the operator is told to look at the provider first.
    const unconfirmed = (name: string) =>
      new Error(
        `${name} hat nicht rechtzeitig bestätigt. Das Video ist dort möglicherweise trotzdem in Auftrag gegeben – bitte im Konto bei ${name} prüfen, bevor diese Stufe wiederholt wird: ein Retry bestellt es noch einmal.`,
      );
    const id = attemptId(context, 'vp');
    const [ordered] = await db
      .select({
        id: videoProjects.id,
        title: videoProjects.title,
        platform: videoProjects.platform,
        job: videoJobs.projectId,
      })
      .from(videoProjects)
      .leftJoin(videoJobs, eq(videoJobs.projectId, videoProjects.id))
      .where(eq(videoProjects.id, id));
    if (ordered) {
      // This attempt, taken over: its order went through (the job is followed), or it was cut off while ordering.
      if (ordered.job) return { artefacts: [{ kind: 'video', id: ordered.id, title: ordered.title }] };
      const name = PROVIDER_NAMES[ordered.platform as (typeof VIDEO_PROVIDERS)[number]] ?? ordered.platform;
      const cutOff = unconfirmed(name);
      await db.update(videoProjects).set({ status: 'failed', error: cutOff.message }).where(eq(videoProjects.id, id));
      throw cutOff;
    }
    const avatar = await avatarFor(context, provider, params);
    const project = await createVideoJob(
      context.deps,
      provider,
      {
        platform: provider,
        avatar,
        script: story.script,
        title: story.title,
        voice: text(params.voice, 'german-female-1'),
      },
      { id },
    ).catch((error: unknown) => {
      if (error instanceof HttpError && error.code === UNCERTAIN) throw unconfirmed(PROVIDER_NAMES[provider]);
      throw error;
    });
    return { artefacts: [{ kind: 'video', id: project.id, title: project.title }] };
  }

  const audio = artefactsOf(context, 'audio')[0];
  if (!audio) throw new StageSkipped('Keine Sprachaufnahme in diesem Run (TTS).');
  const [speech] = await db.select().from(media).where(eq(media.id, audio.id));
  if (!speech?.fileName) throw new Error('Die Sprachaufnahme dieses Runs ist nicht mehr da.');
  const names = [...new Set(artefactsOf(context, 'item').flatMap((a) => a.sources ?? []))];
  // The line the published story will carry: after review the reviewed one, else the automatic one.
  const { review, disclosure } = await readSettings(db);
  const background = await backgroundOf(context, params);
  const formats = [
    { width: 1280, height: 720, title: story.title },
    ...(Array.isArray(params.platforms) && params.platforms.some((p) => PORTRAIT_PLATFORMS.includes(p))
      ? [{ width: 1080, height: 1920, title: `${story.title} (Hochformat)` }]
      : []),
  ];
  if (rendersInLine() > 0)
    await appendLog(db, context.run.id, 'Video Gen: Wartet auf das laufende Rendering (eines zur Zeit).');

  // This attempt, taken over after it had filed some formats (a crash, a lost lease): those are not rendered again.
  const ids = formats.map((_, i) => attemptId(context, 'media', `video-${i}`));
  const filed = new Map(
    (await db.select({ id: media.id, title: media.title }).from(media).where(inArray(media.id, ids))).map((m) => [
      m.id,
      m,
    ]),
  );
  // Every format is rendered before any is filed: a failed one leaves neither files nor a half set in the library.
  const rendered: Array<{ file: ReturnType<typeof newVideoFile>; title: string; durationMs: number }> = [];
  try {
    for (const [i, format] of formats.entries()) {
      if (filed.has(ids[i])) continue;
      const file = newVideoFile(mediaDir, '.mp4', ids[i]);
      rendered.push({ file, title: format.title, durationMs: 0 });
      const result = await renderVideo({
        audioPath: path.join(mediaDir, speech.fileName),
        title: story.title,
        ...(names.length ? { credit: `Quellen: ${names.join(', ')}` } : {}),
        disclosure: review ? disclosure.reviewed : disclosure.automatic,
        script: story.script,
        backgroundPath: background?.path,
        outPath: file.path,
        thumbnailPath: file.thumbnailPath,
        width: format.width,
        height: format.height,
        signal: context.signal,
      });
      rendered[rendered.length - 1].durationMs = result.durationMs;
      if (result.backgroundProblem && background) {
        await appendLog(
          db,
          context.run.id,
          `Video Gen: Hintergrund „${background.title}“ nicht verwendet – ${result.backgroundProblem} Stattdessen der schlichte Hintergrund.`,
        );
        background.path = undefined;
      }
    }
  } catch (error) {
    for (const { file } of rendered) {
      await rm(file.path, { force: true });
      await rm(file.thumbnailPath, { force: true });
    }
    throw error;
  }
  for (const [i, { file, title, durationMs }] of rendered.entries()) {
    try {
      let projectId = '';
      const clip = await fileVideo(
        context.deps,
        {
          id: file.id,
          fileName: file.fileName,
          thumbnailName: file.thumbnailName,
          mime: 'video/mp4',
          title,
          durationMs,
        },
        async (tx) => {
          projectId = await addRenderProject(tx, { mediaId: file.id, title, durationMs });
        },
      );
      filed.set(clip.id, clip);
      if (projectId) await context.deps.events.publish({ topic: 'video', action: 'created', id: projectId });
    } catch (error) {
      for (const later of rendered.slice(i + 1)) {
        await rm(later.file.path, { force: true });
        await rm(later.file.thumbnailPath, { force: true });
      }
      throw error;
    }
  }
  const clips = ids.flatMap((id) => filed.get(id) ?? []);
  return { artefacts: clips.map((clip) => ({ kind: 'video' as const, ...clip })) };
}

/** The run's avatar, else the provider's first stored one, else the first of its own list (ModelsLab needs none). */
async function avatarFor(
  context: StageContext,
  provider: (typeof VIDEO_PROVIDERS)[number],
  params: Record<string, unknown>,
): Promise<string> {
  const named = text(params.avatar, '');
  if (named || provider === 'modelslab') return named;
  const [stored] = await context.deps.database.db
    .select()
    .from(avatars)
    .where(eq(avatars.platform, provider))
    .orderBy(asc(avatars.seq))
    .limit(1);
  if (stored) return stored.id;
  const list = adapterFor(provider).avatars;
  const first = list ? (await list(context.deps.credentials))[0] : undefined;
  if (first) return first.id;
  throw new Error(
    `Für ${PROVIDER_NAMES[provider]} ist kein Avatar gewählt: bitte beim Start einen Avatar angeben oder im Video Studio einen anlegen.`,
  );
}

/**
 * The image behind the text: the Media Library item the run names (params image or background), else an image among
 * the run's artefacts. Its file is checked by the render; a missing item is logged and the plain background used.
 */
async function backgroundOf(
  context: StageContext,
  params: Record<string, unknown>,
): Promise<{ path?: string; title: string } | undefined> {
  const { db } = context.deps.database;
  const named = text(params.image, text(params.background, ''));
  if (named) {
    const [row] = await db.select().from(media).where(eq(media.id, named));
    if (row?.fileName) return { path: path.join(context.deps.mediaDir, row.fileName), title: row.title };
    await appendLog(
      db,
      context.run.id,
      `Video Gen: Das Hintergrundbild „${named}“ gibt es nicht in der Mediathek – schlichter Hintergrund.`,
    );
    return undefined;
  }
  const ids = (context.run.artefacts ?? []).map((a) => a.id);
  if (ids.length === 0) return undefined;
  const rows = await db.select().from(media).where(inArray(media.id, ids));
  const image = ids.map((id) => rows.find((r) => r.id === id)).find((r) => r?.type === 'image' && r.fileName);
  return image?.fileName ? { path: path.join(context.deps.mediaDir, image.fileName), title: image.title } : undefined;
}
