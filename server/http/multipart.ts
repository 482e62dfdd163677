// A streaming multipart/form-data reader: file parts go chunk by chunk to the caller (to disk), never whole into memory.

export interface PartInfo {
  name: string;
  filename?: string;
  contentType?: string;
}
export interface PartSink {
  data(chunk: Uint8Array): Promise<void> | void;
  end(): Promise<void> | void;
}

export class MultipartError extends Error {}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const MAX_HEADER_BYTES = 16 * 1024;

/** The boundary of a multipart/form-data Content-Type, or undefined. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) return undefined;
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  return (match?.[1] ?? match?.[2])?.trim();
}

function parseHeaders(text: string): PartInfo {
  const info: PartInfo = { name: '' };
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-disposition') {
      info.name = /\bname="([^"]*)"/i.exec(value)?.[1] ?? '';
      const filename = /\bfilename="([^"]*)"/i.exec(value)?.[1];
      if (filename !== undefined) info.filename = filename;
    } else if (name === 'content-type') info.contentType = value;
  }
  return info;
}

/** Reads the body part by part; `onPart` returns where the part's bytes go. Resolves when the closing boundary is read. */
export async function readMultipart(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  onPart: (part: PartInfo) => PartSink,
): Promise<void> {
  const opening = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buffer = Buffer.alloc(0);
  type State = 'preamble' | 'headers' | 'body' | 'after-delimiter' | 'done';
  // An object, so that TypeScript does not narrow the state across the awaits of the step function.
  const at_: { state: State } = { state: 'preamble' };
  const isDone = () => at_.state === 'done';
  let sink: PartSink | undefined;

  const step = async (final: boolean): Promise<void> => {
    for (;;) {
      if (at_.state === 'preamble') {
        const at = buffer.indexOf(opening);
        if (at < 0) return;
        buffer = buffer.subarray(at + opening.length);
        at_.state = 'after-delimiter';
      } else if (at_.state === 'after-delimiter') {
        if (buffer.length < 2) return;
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          at_.state = 'done';
          return;
        }
        if (!buffer.subarray(0, 2).equals(CRLF)) throw new MultipartError('Ungültiger Multipart-Aufbau.');
        buffer = buffer.subarray(2);
        at_.state = 'headers';
      } else if (at_.state === 'headers') {
        const at = buffer.indexOf(HEADER_END);
        if (at < 0) {
          if (buffer.length > MAX_HEADER_BYTES) throw new MultipartError('Multipart-Kopfzeilen zu lang.');
          return;
        }
        sink = onPart(parseHeaders(buffer.subarray(0, at).toString('utf8')));
        buffer = buffer.subarray(at + HEADER_END.length);
        at_.state = 'body';
      } else if (at_.state === 'body') {
        const at = buffer.indexOf(delimiter);
        if (at < 0) {
          // Keep a tail that may hold the start of the delimiter.
          const safe = buffer.length - delimiter.length;
          if (safe > 0) {
            await sink?.data(buffer.subarray(0, safe));
            buffer = buffer.subarray(safe);
          }
          return;
        }
        if (at > 0) await sink?.data(buffer.subarray(0, at));
        await sink?.end();
        sink = undefined;
        buffer = buffer.subarray(at + delimiter.length);
        at_.state = 'after-delimiter';
      } else return;
      if (final && !isDone() && buffer.length === 0) return;
    }
  };

  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer = buffer.length ? Buffer.concat([buffer, value]) : Buffer.from(value);
    await step(false);
    if (at_.state === 'done') {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  if (at_.state !== 'done') {
    await step(true);
    if (!isDone()) throw new MultipartError('Die Anfrage endet vor dem Ende des Formulars.');
  }
}

/** The body as it arrives, failing with `onIdle()` after `idleMs` of silence: a stall ends an upload, not its length. */
export function idleLimited(
  body: ReadableStream<Uint8Array>,
  idleMs: number,
  onIdle: () => Error,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  // A pull may still be waiting when the reader of this stream cancels it: nothing is handed on after that.
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const stalled = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(onIdle()), idleMs);
        });
        try {
          const { done, value } = await Promise.race([reader.read(), stalled]);
          if (cancelled) return;
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          await reader.cancel().catch(() => undefined);
          if (!cancelled) controller.error(error);
        } finally {
          clearTimeout(timer);
        }
      },
      cancel: (reason) => {
        cancelled = true;
        return reader.cancel(reason);
      },
      // Read only when asked: no read of the body is under way when the consumer cancels it.
    },
    { highWaterMark: 0 },
  );
}
