// Videos into the Media Library: a render of the desk's own, or a provider's finished avatar video copied from its
// (expiring) address, each with a JPEG frame as its thumbnail beside the file, linked to the runs that made it.
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../context';
import type { Db } from '../data/db/client';
import { media, runArtefacts } from '../data/db/schema';
import { extractThumbnail, NO_SPACE, probeMedia, readHead } from '../adapters/media-engines/render';
import { FetchRefused, guardedFetch } from '../adapters/net/guarded-fetch';
import { formatSize, storedThumbnail, thumbnailFor } from '../routes/media/media.queries';
import { addArtefacts, appendLog } from '../routes/workflow/workflow.queries';
import { sniffMedia } from '../http/sniff';
import { deskDay } from '../data/day';

export type LibraryDeps = Pick<Deps, 'database' | 'events' | 'mediaDir'>;

/** A provider's file is copied up to this size; larger is left at the provider (its link stays). */
const MAX_PROVIDER_VIDEO_BYTES = 2 * 1024 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 15 * 60_000;

const clockOf = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.round(ms / 1000) % 60).padStart(2, '0')}`;
const isNoSpace = (error: unknown) =>
  (error as NodeJS.ErrnoException | undefined)?.code === 'ENOSPC' ||
  (error instanceof Error && error.message.includes(NO_SPACE));

/** A new Media Library id and where its video and thumbnail go in the data folder. */
export function newVideoFile(
  mediaDir: string,
  ext = '.mp4',
  id?: string,
): { id: string; fileName: string; path: string; thumbnailName: string; thumbnailPath: string } {
  // An id made before (a stage attempt's) may be rendered by two instances at once (one lost its lease): each writes
  // files of its own, and the one that files the item first keeps them.
  const base = id ? `${id}-${randomUUID().slice(0, 8)}` : `media-${randomUUID()}`;
  return {
    id: id ?? base,
    fileName: `${base}${ext}`,
    path: path.join(mediaDir, `${base}${ext}`),
    thumbnailName: `${base}.jpg`,
    thumbnailPath: path.join(mediaDir, `${base}.jpg`),
  };
}

/**
 * Files a video already in the data folder as a Media Library item of type video (duration, size, its stored
 * thumbnail when there is one); `alongside` writes what refers to it (a project) in the same transaction. On failure
 * nothing is left: the rows are not there, the files are removed.
 */
export async function fileVideo(
  deps: LibraryDeps,
  file: { id: string; fileName: string; thumbnailName?: string; mime: string; title: string; durationMs?: number },
  alongside?: (tx: Db) => Promise<unknown>,
): Promise<{ id: string; title: string }> {
  const { database, events, mediaDir } = deps;
  try {
    const { size } = await stat(path.join(mediaDir, file.fileName));
    const filed = await database.db.transaction(async (tx) => {
      // An id made before (a stage attempt taken over) may be filed already, by the instance that lost the attempt.
      const [row] = await tx
        .insert(media)
        .values({
          id: file.id,
          title: file.title,
          type: 'video',
          size: formatSize(size),
          duration: file.durationMs === undefined ? null : clockOf(file.durationMs),
          date: deskDay(),
          thumbnail: file.thumbnailName ? storedThumbnail(file.thumbnailName) : thumbnailFor('video', file.title),
          url: null,
          fileName: file.fileName,
          mime: file.mime,
          bytes: size,
        })
        .onConflictDoNothing()
        .returning({ id: media.id });
      if (row) await alongside?.(tx);
      return row !== undefined;
    });
    if (!filed) {
      await rm(path.join(mediaDir, file.fileName), { force: true });
      if (file.thumbnailName) await rm(path.join(mediaDir, file.thumbnailName), { force: true });
      return { id: file.id, title: file.title };
    }
  } catch (error) {
    await rm(path.join(mediaDir, file.fileName), { force: true });
    if (file.thumbnailName) await rm(path.join(mediaDir, file.thumbnailName), { force: true });
    throw error;
  }
  await events.publish({ topic: 'media', action: 'created', id: file.id });
  return { id: file.id, title: file.title };
}

/**
 * Copies a provider's finished video into the Media Library through the SSRF guard, so a published story keeps its
 * video when the provider's address expires; the run that asked for it gets the copy as its video too.
 */
export async function copyProviderVideo(
  deps: LibraryDeps & { allowPrivate: boolean },
  job: { projectId: string; title: string; url: string; providerName: string; signal?: AbortSignal },
): Promise<{ id: string; title: string }> {
  const { mediaDir } = deps;
  await mkdir(mediaDir, { recursive: true });
  const temp = path.join(mediaDir, `.download-${randomUUID()}`);
  let target: ReturnType<typeof newVideoFile> | undefined;
  let stored: { id: string; title: string };
  try {
    const answer = await guardedFetch(job.url, {
      allowPrivate: deps.allowPrivate,
      saveTo: temp,
      maxBytes: MAX_PROVIDER_VIDEO_BYTES,
      timeoutMs: DOWNLOAD_TIMEOUT_MS,
      maxRedirects: 5,
      signal: job.signal,
    });
    if (answer.status < 200 || answer.status >= 300)
      throw new Error(`${job.providerName} liefert die Videodatei nicht (HTTP ${answer.status}).`);
    const sniffed = sniffMedia(await readHead(temp));
    if (sniffed?.type !== 'video') throw new Error(`Die Datei von ${job.providerName} ist kein Video.`);
    target = newVideoFile(mediaDir, sniffed.ext);
    await rename(temp, target.path);
    const info = await probeMedia(target.path, job.signal).catch(() => undefined);
    // A frame as thumbnail when FFmpeg can read the file; else the drawn placeholder.
    const framed = await extractThumbnail(target.path, target.thumbnailPath, {
      atMs: Math.min(1000, (info?.durationMs ?? 0) / 2),
      signal: job.signal,
    }).then(
      () => true,
      (error: unknown) => {
        if (isNoSpace(error)) throw error;
        return false;
      },
    );
    stored = await fileVideo(deps, {
      id: target.id,
      fileName: target.fileName,
      ...(framed ? { thumbnailName: target.thumbnailName } : {}),
      mime: sniffed.mime,
      title: job.title,
      durationMs: info?.durationMs,
    });
  } catch (error) {
    await rm(temp, { force: true });
    if (target) {
      await rm(target.path, { force: true });
      await rm(target.thumbnailPath, { force: true });
    }
    if (isNoSpace(error)) throw new Error(NO_SPACE, { cause: error });
    if (error instanceof FetchRefused)
      throw new Error(`Die Videodatei von ${job.providerName} ließ sich nicht laden: ${error.message}`, {
        cause: error,
      });
    throw error;
  }
  await linkToRuns(deps, job.projectId, stored);
  return stored;
}

/** The runs whose Video Gen asked the provider for this project get the stored copy as a video of theirs. */
async function linkToRuns(deps: LibraryDeps, projectId: string, stored: { id: string; title: string }): Promise<void> {
  const { db } = deps.database;
  const refs = await db
    .select()
    .from(runArtefacts)
    .where(and(eq(runArtefacts.kind, 'video'), eq(runArtefacts.refId, projectId)));
  for (const ref of refs) {
    await addArtefacts(db, ref.runId, ref.stage as Parameters<typeof addArtefacts>[2], [
      { kind: 'video', id: stored.id, title: stored.title },
    ]);
    await appendLog(
      db,
      ref.runId,
      `Video Gen: Das Video des Anbieters liegt jetzt in der Mediathek („${stored.title}“).`,
    );
    await deps.events.publish({ topic: 'workflow', action: 'updated', id: ref.runId });
  }
}
