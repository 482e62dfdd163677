// YouTube's resumable upload as Google's page "Resumable Uploads" describes it
// (https://developers.google.com/youtube/v3/guides/using_resumable_upload_protocol): a session, then the file in
// chunks read from disk one at a time; after a dropped connection, a time-out or a 5xx the server is asked how far it
// got and the upload goes on from the byte after that, and a session the server lost (404) starts over.
import type { FileHandle } from 'node:fs/promises';
import {
  PLATFORM_TIMEOUT_MS,
  PlatformError,
  platformFetch,
  responseFailure,
  retryDelayMs,
  silenceFailure,
  type RetryPolicy,
} from './http';

/** Google takes every chunk but the last in multiples of this. */
export const UPLOAD_GRANULE = 256 * 1024;
export const DEFAULT_CHUNK_BYTES = 8 * 1024 * 1024;
/** One chunk's time limit: 8 MiB still goes through a slow uplink (0.1 MB/s) in it. */
export const CHUNK_TIMEOUT_MS = 2 * 60_000;
/** Failures without progress before an upload gives up; a job making no retries of its own still resumes. */
const MIN_RESUMES = 3;
/** Sessions one upload opens at most: a new one each time the server has lost the last (404). */
const MAX_SESSIONS = 3;

/** The chunk size of a setting, rounded down to Google's multiple of 256 KiB; the default when unset or unusable. */
export function chunkBytesOf(setting: string | undefined): number {
  const wanted = Number(setting);
  if (!setting || !Number.isFinite(wanted) || wanted < UPLOAD_GRANULE) return DEFAULT_CHUNK_BYTES;
  return Math.floor(wanted / UPLOAD_GRANULE) * UPLOAD_GRANULE;
}

export interface ResumableUpload {
  /** The API's base address: its origin is the only one a session URI may name (the token goes nowhere else). */
  base: string;
  token: string;
  /** The video resource (snippet, status) of the session. */
  metadata: unknown;
  file: { handle: FileHandle; size: number; type: string };
  chunkBytes: number;
  retry: RetryPolicy;
  /** Per request (a chunk); a status request takes at most the platforms' usual limit. */
  timeoutMs: number;
}

/** One PUT to the session: its answer, or the failure of a request that got none. */
type Sent = { response: Response } | { silence: PlatformError };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Uploads the file and gives back the new video's id. */
export async function uploadResumable(upload: ResumableUpload): Promise<string> {
  for (let session = 1; ; session += 1) {
    const uri = await openSession(upload);
    const outcome = await sendFile(upload, uri);
    if (outcome !== 'lost') return outcome;
    if (session >= MAX_SESSIONS)
      throw new PlatformError(
        'YouTube hat die Upload-Sitzung wiederholt verworfen – die Veröffentlichung wird später erneut versucht.',
        'unavailable',
      );
  }
}

/** Step 1: the session, its URI from Location; it must stay on the API's host, since every chunk carries the token. */
async function openSession(upload: ResumableUpload): Promise<string> {
  const response = await platformFetch(
    'youtube',
    `${upload.base}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`,
    {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${upload.token}`,
        'Content-Type': 'application/json; charset=UTF-8',
        'X-Upload-Content-Length': String(upload.file.size),
        'X-Upload-Content-Type': upload.file.type,
      },
      body: JSON.stringify(upload.metadata),
    },
    { retry: upload.retry, secrets: [upload.token] },
  );
  await response.body?.cancel();
  const location = response.headers.get('location');
  if (!location) throw new PlatformError('YouTube hat keine Upload-Adresse geliefert.', 'unavailable');
  let uri: URL;
  try {
    uri = new URL(location, upload.base);
  } catch {
    throw new PlatformError('YouTube hat eine ungültige Upload-Adresse geliefert.', 'rejected');
  }
  if (uri.origin !== new URL(upload.base).origin)
    throw new PlatformError('YouTube hat eine Upload-Adresse auf einem fremden Host geliefert.', 'rejected');
  return uri.href;
}

/** Steps 3 and 4: the chunks, each from where the server stands; the video's id, or 'lost' (404: new session). */
async function sendFile(upload: ResumableUpload, uri: string): Promise<string | 'lost'> {
  const total = upload.file.size;
  const resumes = Math.max(upload.retry.retries, MIN_RESUMES);
  let offset = 0;
  let failures = 0;
  let ask = false;
  // The last chunk went out and no answer came back: the video may exist although the upload failed.
  let unknown = false;
  for (;;) {
    let failure: PlatformError;
    const end = Math.min(offset + upload.chunkBytes, total);
    const sent = ask ? await put(upload, uri, undefined) : await put(upload, uri, { from: offset, end });
    if ('response' in sent) {
      const { response } = sent;
      if (response.status === 200 || response.status === 201) return videoId(response);
      if (response.status === 404) {
        await response.body?.cancel();
        return 'lost';
      }
      if (response.status === 308) {
        await response.body?.cancel();
        const reached = rangeEnd(response.headers.get('range'), total);
        if (ask || reached > offset) {
          if (!ask) failures = 0;
          offset = reached;
          unknown = offset >= total;
          ask = false;
          if (offset < total) continue;
        }
        // All bytes and no video, or a chunk that moved nothing: ask again after a pause.
        failure = new PlatformError('YouTube hat den Upload nicht fortgesetzt.', 'unavailable');
      } else {
        failure = await responseFailure('youtube', response, { secrets: [upload.token] });
        if (!failure.retryable) throw failure;
      }
    } else {
      failure = sent.silence;
      if (!ask && end === total) unknown = true;
    }
    if (failures >= resumes)
      throw unknown
        ? new PlatformError(
            'YouTube hat den letzten Teil des Videos nicht bestätigt. Ob YouTube das Video angenommen hat, ist unklar – bitte dort prüfen, bevor es erneut gesendet wird.',
            'uncertain',
          )
        : failure;
    await sleep(retryDelayMs(upload.retry, failures, failure));
    failures += 1;
    ask = true;
  }
}

/** A chunk (Content-Range: bytes a-b/total) or, without one, the status request (bytes *\/total, empty body). */
async function put(
  upload: ResumableUpload,
  uri: string,
  chunk: { from: number; end: number } | undefined,
): Promise<Sent> {
  const total = upload.file.size;
  const body = chunk ? await readChunk(upload.file.handle, chunk.from, chunk.end) : undefined;
  const timeoutMs = chunk ? upload.timeoutMs : Math.min(upload.timeoutMs, PLATFORM_TIMEOUT_MS);
  const headers: Record<string, string> = {
    Authorization: `Bearer ${upload.token}`,
    'Content-Length': String(body?.byteLength ?? 0),
    'Content-Range': chunk ? `bytes ${chunk.from}-${chunk.end - 1}/${total}` : `bytes */${total}`,
  };
  if (chunk) headers['Content-Type'] = upload.file.type;
  try {
    // 'manual': the token never follows a redirect, and 308 is Google's "Resume Incomplete", not one.
    const response = await fetch(uri, {
      method: 'PUT',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { response };
  } catch (error) {
    return { silence: silenceFailure('youtube', error, { sent: false, timeoutMs, secrets: [upload.token] }) };
  }
}

/** Bytes [from, end) of the file: only this chunk is in memory. */
async function readChunk(handle: FileHandle, from: number, end: number): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(end - from);
  let filled = 0;
  try {
    while (filled < bytes.byteLength) {
      const { bytesRead } = await handle.read(bytes, filled, bytes.byteLength - filled, from + filled);
      if (bytesRead === 0) throw new Error('Die Datei ist kürzer geworden');
      filled += bytesRead;
    }
  } catch (error) {
    throw new PlatformError(
      `Das Video konnte nicht gelesen werden: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      'rejected',
    );
  }
  return bytes;
}

/** The byte after the server's Range (bytes=0-N); 0 when it names none (nothing arrived yet). */
function rangeEnd(range: string | null, total: number): number {
  const match = range ? /^bytes=0-(\d+)$/.exec(range.trim()) : null;
  if (!match) return 0;
  return Math.min(Number(match[1]) + 1, total);
}

async function videoId(response: Response): Promise<string> {
  const video = (await response.json().catch(() => ({}))) as { id?: unknown };
  if (typeof video.id !== 'string' || !video.id)
    throw new PlatformError('YouTube hat keine Video-ID zurückgegeben.', 'rejected');
  return video.id;
}
