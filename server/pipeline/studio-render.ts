// Video Studio's sixth platform, „Lokal (ohne Anbieter)“: the desk itself speaks a script through the TTS stage's path
// (the desk's TTS roles, else the embedded eSpeak-NG) and renders it with FFmpeg at the chosen quality, as a job on the
// PostgreSQL queue; the MP4 goes into the Media Library and completes the project. The pipeline's own renders join
// My Projects as completed local projects that point at their Media Library item (deleting the item deletes them).
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { VideoGenerateBody, VideoQuality } from '../../src/contract';
import type { Deps } from '../context';
import type { Db } from '../data/db/client';
import { media, videoProjects } from '../data/db/schema';
import { HttpError } from '../http/errors';
import { enqueue, type Job } from '../jobs/queue';
import { NO_SPACE, renderVideo } from '../adapters/media-engines/render';
import { speakByRoles } from '../adapters/providers/tts';
import { addNotification } from '../routes/dashboard/dashboard.queries';
import { readSettings } from '../data/settings';
import { fileVideo, newVideoFile } from './video-library';

export type LocalVideoDeps = Pick<Deps, 'database' | 'events' | 'credentials' | 'mediaDir'>;
type ProjectRow = typeof videoProjects.$inferSelect;

export const LOCAL_VIDEO_JOB = 'video.local';
/** A blank script on the local platform, in the words of SPEC §5's other „Bitte … eingeben.“ messages. */
export const SCRIPT_REQUIRED = 'Bitte Script eingeben.';
/** SPEC §5's quality options as frame sizes. */
export const LOCAL_VIDEO_SIZES: Record<VideoQuality, { width: number; height: number }> = {
  '720p': { width: 1280, height: 720 },
  '1080p': { width: 1920, height: 1080 },
  '4k': { width: 3840, height: 2160 },
};
/**
 * The disclosure line of a Studio video: the operator wrote the script, a machine speaks it — synthetic audio, which
 * the EU AI Act (Art. 50) wants marked, as the pipeline's renders carry the desk's story disclosure.
 */
export const SYNTHETIC_VOICE_DISCLOSURE = 'Die Sprecherstimme dieses Videos ist künstlich erzeugt.';
/** Without a quality the desk renders its everyday size (the pipeline's landscape video). */
const DEFAULT_QUALITY: VideoQuality = '720p';
/** The whole job (speech and render) ends by then, as the pipeline's Video Gen stage does. */
export const LOCAL_VIDEO_LIMIT_MS = 30 * 60_000;

/** What a local project is made from; kept in its queue job, so Retry makes it again. */
export interface LocalVideoInput {
  projectId: string;
  script: string;
  voice?: string;
  /** A Media Library image id shows behind the text; anything else (Video Studio's scene names) the plain background. */
  background?: string;
  quality: VideoQuality;
  /** The headline drawn on the video; none when the operator gave no title. */
  headline?: string;
}

const clockOf = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.round(ms / 1000) % 60).padStart(2, '0')}`;
const messageOf = (error: unknown) => (error instanceof Error && error.message) || String(error);
const snippet = (script: string) => (script.length > 40 ? `${script.slice(0, 40)}…` : script);

/** The frame size of a quality (720p when none or an unknown one is given). */
export function sizeOf(quality: string | undefined): { width: number; height: number } {
  return Object.hasOwn(LOCAL_VIDEO_SIZES, quality ?? '')
    ? LOCAL_VIDEO_SIZES[quality as VideoQuality]
    : LOCAL_VIDEO_SIZES[DEFAULT_QUALITY];
}

/** The next job of a project: one per attempt, so a retry is a new job and a repeated enqueue of one attempt is not. */
async function enqueueRender(tx: Db, input: LocalVideoInput, attempt: number): Promise<void> {
  await enqueue(tx, {
    kind: LOCAL_VIDEO_JOB,
    payload: input,
    runAt: new Date(),
    uniqueKey: `${LOCAL_VIDEO_JOB}:${input.projectId}:${attempt}`,
    maxAttempts: 3,
  });
}

/** POST /video/generate {platform: 'local'}: the project (processing) at once, its render queued. */
export async function createLocalVideo(deps: LocalVideoDeps, body: VideoGenerateBody): Promise<ProjectRow> {
  const script = body.script?.trim() ?? '';
  if (!script) throw new HttpError(400, SCRIPT_REQUIRED, 'invalid_body');
  const headline = body.title?.trim() || undefined;
  const id = `vp-${randomUUID()}`;
  const input: LocalVideoInput = {
    projectId: id,
    script,
    quality: body.quality ?? DEFAULT_QUALITY,
    ...(body.voice?.trim() ? { voice: body.voice.trim() } : {}),
    ...(body.background?.trim() ? { background: body.background.trim() } : {}),
    ...(headline ? { headline } : {}),
  };
  const row = await deps.database.db.transaction(async (tx) => {
    const [project] = await tx
      .insert(videoProjects)
      .values({
        id,
        title: headline ?? snippet(script),
        status: 'processing',
        progress: 0,
        avatar: '',
        platform: 'local',
        duration: '0:00',
        createdAt: new Date().toISOString(),
        url: null,
      })
      .returning();
    await enqueueRender(tx, input, 1);
    return project;
  });
  await deps.events.publish({ topic: 'video', action: 'created', id });
  return row;
}

/** POST /video/projects/{id}/retry of a failed local project: rendered again from its stored input. */
export async function retryLocalVideo(deps: LocalVideoDeps, project: ProjectRow): Promise<ProjectRow> {
  const { db } = deps.database;
  const result = await db.execute(
    sql`SELECT payload FROM jobs WHERE kind = ${LOCAL_VIDEO_JOB} AND payload->>'projectId' = ${project.id} ORDER BY id DESC`,
  );
  const jobs = (result as unknown as { rows: Array<{ payload: LocalVideoInput | string }> }).rows;
  const last = jobs[0]?.payload;
  if (!last)
    throw new HttpError(
      409,
      'Für dieses Projekt ist kein Script gespeichert – bitte das Video neu erstellen.',
      'no_input',
    );
  const input = typeof last === 'string' ? (JSON.parse(last) as LocalVideoInput) : last;
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(videoProjects)
      .set({ status: 'processing', progress: 0, error: null, url: null })
      .where(and(eq(videoProjects.id, project.id), eq(videoProjects.status, 'failed')))
      .returning();
    if (!updated)
      throw new HttpError(409, 'Nur fehlgeschlagene Projekte können wiederholt werden.', 'invalid_transition');
    await enqueueRender(tx, input, jobs.length + 1);
    return updated;
  });
  await deps.events.publish({ topic: 'video', action: 'updated', id: project.id });
  return row;
}

/** A render of the pipeline's Video Gen as a completed local project (written in the transaction that files it). */
export async function addRenderProject(
  tx: Db,
  render: { mediaId: string; title: string; durationMs: number },
): Promise<string> {
  const id = `vp-${randomUUID()}`;
  await tx.insert(videoProjects).values({
    id,
    title: render.title,
    status: 'completed',
    progress: 100,
    avatar: '',
    platform: 'local',
    duration: clockOf(render.durationMs),
    createdAt: new Date().toISOString(),
    url: null,
    mediaId: render.mediaId,
  });
  return id;
}

async function setProgress(deps: LocalVideoDeps, id: string, progress: number): Promise<void> {
  const changed = await deps.database.db
    .update(videoProjects)
    .set({ progress })
    .where(and(eq(videoProjects.id, id), eq(videoProjects.status, 'processing')))
    .returning({ id: videoProjects.id });
  if (changed.length > 0) await deps.events.publish({ topic: 'video', action: 'updated', id });
}

/** The Media Library image the background names, else undefined (the plain branded background). */
async function backgroundPath(deps: LocalVideoDeps, background: string | undefined): Promise<string | undefined> {
  if (!background) return undefined;
  const [row] = await deps.database.db.select().from(media).where(eq(media.id, background));
  return row?.type === 'image' && row.fileName ? path.join(deps.mediaDir, row.fileName) : undefined;
}

/** Speech failures in German: the embedded engine's own words, a provider's failover message after a German lead. */
function speechFailure(error: unknown): Error {
  if (error instanceof HttpError && error.code === 'tts_embedded_failed') return new Error(error.message);
  return new Error(`Die Sprachausgabe ist fehlgeschlagen: ${messageOf(error)}`);
}

async function failProject(deps: LocalVideoDeps, project: ProjectRow, reason: string): Promise<void> {
  const { db } = deps.database;
  await db
    .update(videoProjects)
    .set({ status: 'failed', error: reason.slice(0, 2000) })
    .where(eq(videoProjects.id, project.id));
  await addNotification(db, `Video „${project.title}“ fehlgeschlagen: ${reason}`, 'info');
  await deps.events.publish({ topic: 'video', action: 'updated', id: project.id });
}

/** A render whose instance went down with it again and again: its project fails with the reason (Retry is offered). */
export async function giveUpLocalVideoJob(deps: LocalVideoDeps, job: Job, reason: string): Promise<void> {
  const input = job.payload as LocalVideoInput;
  const [project] = await deps.database.db.select().from(videoProjects).where(eq(videoProjects.id, input.projectId));
  if (project?.status === 'processing') await failProject(deps, project, reason);
}

/** The queued render of one local project: speech, render, Media Library, completed — or failed with the German reason. */
export async function runLocalVideoJob(deps: LocalVideoDeps, job: Job, lost: AbortSignal): Promise<void> {
  const input = job.payload as LocalVideoInput;
  const { db } = deps.database;
  const [project] = await db.select().from(videoProjects).where(eq(videoProjects.id, input.projectId));
  // Ended before a crash cut the job off, or gone: nothing left to do.
  if (!project || project.status !== 'processing') return;

  const abort = new AbortController();
  let timedOut = false;
  const onLost = () => abort.abort();
  lost.addEventListener('abort', onLost, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, LOCAL_VIDEO_LIMIT_MS);
  let audioPath: string | undefined;
  const file = newVideoFile(deps.mediaDir);
  try {
    await setProgress(deps, project.id, 10);
    const { ttsRoles } = await readSettings(db);
    // The voice speaks its own language (voiceFor: no run language here), through the desk's TTS roles or eSpeak-NG.
    const speech = await speakByRoles(
      input.script,
      ttsRoles,
      deps.credentials,
      { voice: input.voice ?? 'german-female-1' },
      abort.signal,
    ).catch((error: unknown) => {
      throw speechFailure(error);
    });
    audioPath = path.join(
      deps.mediaDir,
      `.speech-${randomUUID()}${speech.contentType.includes('wav') ? '.wav' : '.mp3'}`,
    );
    await mkdir(deps.mediaDir, { recursive: true });
    await writeFile(audioPath, Buffer.from(speech.audio)).catch((error: unknown) => {
      throw (error as NodeJS.ErrnoException).code === 'ENOSPC'
        ? new Error(`Das Video konnte nicht gerendert werden: ${NO_SPACE}`)
        : error;
    });
    await setProgress(deps, project.id, 40);
    const size = sizeOf(input.quality);
    const result = await renderVideo({
      audioPath,
      title: input.headline ?? '',
      disclosure: SYNTHETIC_VOICE_DISCLOSURE,
      script: input.script,
      backgroundPath: await backgroundPath(deps, input.background),
      outPath: file.path,
      thumbnailPath: file.thumbnailPath,
      width: size.width,
      height: size.height,
      signal: abort.signal,
    });
    if (abort.signal.aborted) throw new Error('abgebrochen');
    await setProgress(deps, project.id, 90);
    await fileVideo(
      deps,
      {
        id: file.id,
        fileName: file.fileName,
        thumbnailName: file.thumbnailName,
        mime: 'video/mp4',
        title: project.title,
        durationMs: result.durationMs,
      },
      (tx) =>
        tx
          .update(videoProjects)
          .set({
            status: 'completed',
            progress: 100,
            duration: clockOf(result.durationMs),
            mediaId: file.id,
            error: null,
          })
          .where(eq(videoProjects.id, project.id)),
    );
    await deps.events.publish({ topic: 'video', action: 'updated', id: project.id });
  } catch (error) {
    await rm(file.path, { force: true }).catch(() => undefined);
    await rm(file.thumbnailPath, { force: true }).catch(() => undefined);
    // Another instance took the job over (or this one is shutting down): it decides how the project ends.
    if (lost.aborted) return;
    const reason = timedOut
      ? `Zeitlimit von ${(LOCAL_VIDEO_LIMIT_MS / 1000).toLocaleString('de-DE')} s überschritten.`
      : messageOf(error);
    await failProject(deps, project, reason);
  } finally {
    clearTimeout(timer);
    lost.removeEventListener('abort', onLost);
    if (audioPath) await rm(audioPath, { force: true }).catch(() => undefined);
  }
}
