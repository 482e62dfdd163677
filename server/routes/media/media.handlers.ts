// Media: list, multipart upload streamed to the data folder (type by magic bytes, size limit), delete with the file,
// and the files themselves with HTTP range requests (videos seek) under a per-file signed address.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { schemas, type MediaFile } from '../../../src/contract';
import type { AppEnv } from '../../context';
import { media, socialPostMedia, socialPostResults, videoProjects } from '../../data/db/schema';
import { HttpError, notFound } from '../../http/errors';
import { boundaryOf, idleLimited, MultipartError, readMultipart } from '../../http/multipart';
import { issuesOf, register } from '../../http/operation';
import { requireSigned } from '../../http/signing';
import { SNIFF_BYTES, sniffMedia, type Sniffed } from '../../http/sniff';
import { addNotification } from '../dashboard/dashboard.queries';
import { formatSize, thumbnailFile, thumbnailFor, toMedia } from './media.queries';
import { deskDay } from '../../data/day';

async function upload(c: Context<AppEnv>): Promise<MediaFile> {
  const { database, events, mediaDir, maxUploadBytes, uploadIdleMs = 60_000 } = c.get('deps');
  const limit =
    maxUploadBytes >= 1024 * 1024
      ? `${Math.round(maxUploadBytes / (1024 * 1024))} MB`
      : `${Math.round(maxUploadBytes / 1024)} KB`;
  const tooLarge = () => new HttpError(413, `Die Datei ist zu groß (höchstens ${limit}).`, 'too_large');
  const boundary = boundaryOf(c.req.header('content-type'));
  if (!boundary || !c.req.raw.body)
    throw new HttpError(400, 'Erwartet wird ein Formular (multipart/form-data) mit dem Feld media.', 'not_multipart');
  if (Number(c.req.header('content-length') ?? 0) > maxUploadBytes + 64 * 1024) throw tooLarge();
  await mkdir(mediaDir, { recursive: true });

  const temp = path.join(mediaDir, `.upload-${randomUUID()}`);
  let out: WriteStream | undefined;
  let written = 0;
  let head = Buffer.alloc(0);
  let sniffed: Sniffed | undefined;
  let fileName: string | undefined;
  let metadataText: string | undefined;
  // The file is opened only once its first bytes passed the type check.
  const write = (chunk: Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      out ??= createWriteStream(temp, { flags: 'wx' });
      out.write(chunk, (error) => (error ? reject(error) : resolve()));
    });

  try {
    const stalled = () =>
      new HttpError(
        408,
        `Der Upload ist ins Stocken geraten: seit ${Math.round(uploadIdleMs / 1000)} s kam nichts mehr an. Bitte die Datei erneut hochladen.`,
        'upload_stalled',
      );
    await readMultipart(idleLimited(c.req.raw.body, uploadIdleMs, stalled), boundary, (part) => {
      if (part.name === 'media' && part.filename !== undefined && fileName === undefined) {
        fileName = part.filename;
        return {
          async data(chunk) {
            written += chunk.length;
            if (written > maxUploadBytes) throw tooLarge();
            if (!sniffed) {
              head = Buffer.concat([head, chunk]);
              if (head.length < SNIFF_BYTES) return;
              sniffed = sniffMedia(head);
              if (!sniffed)
                throw new HttpError(
                  415,
                  'Dateityp nicht unterstützt: erlaubt sind Video-, Audio- und Bilddateien.',
                  'unsupported_type',
                );
              await write(head);
              return;
            }
            await write(chunk);
          },
          async end() {
            if (!sniffed && head.length) {
              sniffed = sniffMedia(head);
              if (!sniffed)
                throw new HttpError(
                  415,
                  'Dateityp nicht unterstützt: erlaubt sind Video-, Audio- und Bilddateien.',
                  'unsupported_type',
                );
              await write(head);
            }
            if (out)
              await new Promise<void>((resolve, reject) =>
                (out as WriteStream).end((error?: Error | null) => (error ? reject(error) : resolve())),
              );
          },
        };
      }
      if (part.name === 'metadata' && part.filename === undefined) {
        const chunks: Uint8Array[] = [];
        let size = 0;
        return {
          data(chunk) {
            size += chunk.length;
            if (size > 64 * 1024) throw new HttpError(413, 'Das Feld metadata ist zu groß.', 'too_large');
            chunks.push(chunk);
          },
          end() {
            metadataText = Buffer.concat(chunks).toString('utf8');
          },
        };
      }
      return { data() {}, end() {} };
    });
    if (!out || !sniffed)
      throw new HttpError(
        400,
        fileName === undefined ? 'Das Feld media (die Datei) fehlt.' : 'Die Datei ist leer.',
        'missing_file',
      );

    let metadata: z.infer<typeof schemas.MediaUploadMetadata> = {};
    if (metadataText !== undefined && metadataText.trim() !== '') {
      let raw: unknown;
      try {
        raw = JSON.parse(metadataText);
      } catch {
        throw new HttpError(400, 'Das Feld metadata ist kein gültiges JSON.', 'invalid_json');
      }
      const parsed = z.safeParse(schemas.MediaUploadMetadata, raw);
      if (!parsed.success)
        throw new HttpError(
          400,
          'Das Feld metadata ist ungültig.',
          'validation',
          issuesOf(parsed.error).map((i) => ({ ...i, path: `metadata.${i.path}` })),
        );
      metadata = parsed.data;
    }

    const id = `media-${randomUUID()}`;
    const stored = `${id}${sniffed.ext}`;
    await rename(temp, path.join(mediaDir, stored));
    const title = metadata.title?.trim() || (fileName ?? '').trim() || 'Unbenannte Datei';
    const [row] = await database.db
      .insert(media)
      .values({
        id,
        title,
        type: sniffed.type,
        size: formatSize(written),
        duration: sniffed.type === 'image' ? null : (metadata.duration ?? '0:00'),
        date: deskDay(),
        thumbnail: thumbnailFor(sniffed.type, title),
        url: null,
        fileName: stored,
        mime: sniffed.mime,
        bytes: written,
      })
      .returning();
    await addNotification(database.db, `Medium „${title}“ hochgeladen`, 'success');
    await events.publish({ topic: 'media', action: 'created', id });
    return toMedia(c, row);
  } catch (error) {
    const open = out;
    if (open && !open.closed) await new Promise<void>((resolve) => open.destroy().once('close', () => resolve()));
    await unlink(temp).catch(() => undefined);
    if (error instanceof MultipartError) throw new HttpError(400, error.message, 'invalid_multipart');
    throw error;
  }
}

export function registerMedia(app: Hono<AppEnv>): void {
  register(app, 'media.list', async ({ c }) =>
    (await c.get('deps').database.db.select().from(media).orderBy(desc(media.seq))).map((row) => toMedia(c, row)),
  );
  register(app, 'media.upload', ({ c }) => upload(c));
  register(app, 'media.delete', async ({ params, c }) => {
    const { database, events, mediaDir } = c.get('deps');
    // A local render's project goes with its video (ON DELETE CASCADE): My Projects is told too.
    const projects = await database.db
      .select({ id: videoProjects.id })
      .from(videoProjects)
      .where(eq(videoProjects.mediaId, params.id));
    const row = await database.db.transaction(async (tx) => {
      const [held] = await tx.select({ id: media.id }).from(media).where(eq(media.id, params.id)).for('update');
      if (!held) throw notFound('Datei');
      // A post still to go out would reach its platform without the file, or fail at its time with nobody watching.
      const [waiting] = await tx
        .select({ platform: socialPostResults.platform, status: socialPostResults.status })
        .from(socialPostMedia)
        .innerJoin(socialPostResults, eq(socialPostResults.id, socialPostMedia.resultId))
        .where(
          and(
            eq(socialPostMedia.mediaId, params.id),
            inArray(socialPostResults.status, ['scheduled', 'pending', 'publishing']),
          ),
        )
        .limit(1);
      if (waiting)
        throw new HttpError(
          409,
          waiting.status === 'scheduled'
            ? 'Die Datei gehört zu einem geplanten Post und kann erst gelöscht werden, wenn er veröffentlicht ist.'
            : 'Die Datei gehört zu einem Post, der gerade veröffentlicht wird; bitte danach löschen.',
          'conflict',
        );
      const [deleted] = await tx.delete(media).where(eq(media.id, params.id)).returning();
      return deleted;
    });
    if (row.fileName) await unlink(path.join(mediaDir, row.fileName)).catch(() => undefined);
    const thumbnail = thumbnailFile(row);
    if (thumbnail) await unlink(path.join(mediaDir, thumbnail)).catch(() => undefined);
    await events.publish({ topic: 'media', action: 'deleted', id: params.id });
    for (const project of projects) await events.publish({ topic: 'video', action: 'deleted', id: project.id });
  });
}

/** GET /api/media/{id}/file?exp=…&sig=…: the stored file, with single byte ranges (206) so players can seek; &part=thumbnail its stored frame. */
export async function serveMediaFile(c: Context<AppEnv>): Promise<Response> {
  const { database, mediaDir, signer } = c.get('deps');
  const id = c.req.param('id') ?? '';
  requireSigned(signer, 'media', id, (name) => c.req.query(name), 'dieser Datei');
  const [row] = await database.db.select().from(media).where(eq(media.id, id));
  if (!row?.fileName) throw notFound('Datei');
  if (c.req.query('part') === 'thumbnail') {
    const thumbnail = thumbnailFile(row);
    if (!thumbnail) throw notFound('Vorschaubild');
    return sendStoredFile(c, mediaDir, { fileName: thumbnail, mime: 'image/jpeg' }, 'private, max-age=3600');
  }
  return sendStoredFile(c, mediaDir, row, 'private, max-age=3600');
}

/** A stored file of the Media Library, with single byte ranges (206) so players can seek. */
export async function sendStoredFile(
  c: Context,
  mediaDir: string,
  row: { fileName: string | null; mime: string | null },
  cacheControl: string,
): Promise<Response> {
  if (!row.fileName) throw notFound('Datei');
  const file = path.join(mediaDir, row.fileName);
  const size = (await stat(file).catch(() => undefined))?.size;
  if (size === undefined) throw notFound('Datei');
  const headers: Record<string, string> = {
    'Content-Type': row.mime ?? 'application/octet-stream',
    'Accept-Ranges': 'bytes',
    'Cache-Control': cacheControl,
    // A stored file is shown, never run as a page of this origin.
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Content-Disposition': 'inline',
  };
  const range = c.req.header('range');
  if (range) {
    const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    let start = match?.[1] ? Number(match[1]) : undefined;
    let end = match?.[2] ? Number(match[2]) : undefined;
    if (start === undefined && end !== undefined) {
      start = Math.max(0, size - end);
      end = size - 1;
    }
    if (!match || start === undefined || start >= size || (end !== undefined && end < start)) {
      return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
    }
    end = Math.min(end ?? size - 1, size - 1);
    const stream = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
    return new Response(c.req.method === 'HEAD' ? null : stream, {
      status: 206,
      headers: {
        ...headers,
        'Content-Range': `bytes ${start}-${end}/${size}`,
        'Content-Length': String(end - start + 1),
      },
    });
  }
  const stream = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(c.req.method === 'HEAD' ? null : stream, {
    status: 200,
    headers: { ...headers, 'Content-Length': String(size) },
  });
}
