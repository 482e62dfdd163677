// The desk's own video when no provider is set up: FFmpeg (GPL via x264, from @ffmpeg-installer) renders the story —
// headline, source credit, AI disclosure and the script as subtitles timed to the speech, over the run's image or a
// plain branded background — as an H.264/AAC MP4 that browsers play. It runs as a child process, never linked, one
// render at a time per instance, with a time limit that grows with the speech.
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, open, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { SNIFF_BYTES, sniffMedia } from '../../http/sniff';
import { ChildStopped, lastLine, runChild } from './child';
import { assDocument } from './subtitles';

export interface RenderInput {
  audioPath: string;
  title: string;
  /** The source credit under the headline: „Quellen: Alpha Nachrichten, Beta Zeitung“. */
  credit?: string;
  /** The AI disclosure line, shown small at the bottom for the whole video. */
  disclosure?: string;
  /** The spoken script (no citation marks): subtitles timed to the speech. */
  script?: string;
  /** An image to show behind the text; anything that is not a readable image gives the plain background. */
  backgroundPath?: string;
  outPath: string;
  /** Where a JPEG frame of the finished video goes (its thumbnail). */
  thumbnailPath?: string;
  /** Keeps a copy of the ASS script the render drew its text from (tests, debugging). */
  subtitlesPath?: string;
  width?: number;
  height?: number;
  signal?: AbortSignal;
  /** The render's own limit; default 2× the speech's length + 60 s. */
  timeoutMs?: number;
  /** Samples FFmpeg's peak memory (the bench). */
  measureMemory?: boolean;
}

export interface RenderResult {
  durationMs: number;
  bytes: number;
  width: number;
  height: number;
  background: 'image' | 'plain';
  /** Why the background image was not used (German), when one was given. */
  backgroundProblem?: string;
  /** False when no font was found: the video then shows no text. */
  text: boolean;
  /** The encode itself, without waiting for an earlier render. */
  renderMs: number;
  peakKb?: number;
}

/** Longer speech is refused: its render would take too long and no platform wants a news clip that long. */
export const MAX_SPEECH_MS = 10 * 60_000;
/** A render's own time limit: a healthy one needs a fraction of the speech's length. */
export const renderLimitMs = (speechMs: number) => 60_000 + 2 * speechMs;

// A card changes only when a subtitle does: 10 fps keeps the encode cheap and a cue's start within 0.1 s.
const FPS = 10;
const BACKGROUND = '0x111827';
const ACCENT = '0x2563eb';
// The font comes with `npm ci` (dejavu-fonts-ttf: Bitstream Vera licence, DejaVu changes public domain); Debian's
// font packages are only the fallback of an install without it.
const require = createRequire(import.meta.url);

interface FontSet {
  dir: string;
  regular: string;
  bold: string;
  family: string;
}

function fontSets(): FontSet[] {
  const sets: FontSet[] = [];
  try {
    sets.push({
      dir: path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf'),
      regular: 'DejaVuSans.ttf',
      bold: 'DejaVuSans-Bold.ttf',
      family: 'DejaVu Sans',
    });
  } catch {
    // Not installed: the system's fonts below.
  }
  sets.push(
    {
      dir: '/usr/share/fonts/truetype/dejavu',
      regular: 'DejaVuSans.ttf',
      bold: 'DejaVuSans-Bold.ttf',
      family: 'DejaVu Sans',
    },
    {
      dir: '/usr/share/fonts/truetype/liberation',
      regular: 'LiberationSans-Regular.ttf',
      bold: 'LiberationSans-Bold.ttf',
      family: 'Liberation Sans',
    },
    {
      dir: '/usr/share/fonts/truetype/freefont',
      regular: 'FreeSans.ttf',
      bold: 'FreeSansBold.ttf',
      family: 'FreeSans',
    },
  );
  return sets;
}

/** The font the render draws its text with: the first set whose regular and bold files are there. */
export function renderFont(): FontSet | undefined {
  return fontSets().find(
    (set) => existsSync(path.join(set.dir, set.regular)) && existsSync(path.join(set.dir, set.bold)),
  );
}

const failed = (reason: string) => new Error(`Das Video konnte nicht gerendert werden: ${reason}`);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** A full disk, in the words Monitoring and the notifications show. */
export const NO_SPACE = 'Kein Speicherplatz mehr frei – bitte Platz im Datenordner schaffen und den Run wiederholen.';
const isNoSpace = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOSPC';
const clock = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}`;
const seconds = (ms: number) => `${new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }).format(ms / 1000)} s`;

let ffmpegPath: Promise<string> | undefined;

/** The FFmpeg binary of @ffmpeg-installer, loaded on first use so a missing binary fails a render, not the server. */
function ffmpeg(): Promise<string> {
  ffmpegPath ??= import('@ffmpeg-installer/ffmpeg').then(
    (module) => module.default.path,
    (error: unknown) => {
      ffmpegPath = undefined;
      throw new Error(`FFmpeg ist nicht installiert (${messageOf(error)}).`);
    },
  );
  return ffmpegPath;
}

export interface MediaStream {
  kind: 'video' | 'audio' | 'other';
  codec: string;
  width?: number;
  height?: number;
}

export interface MediaInfo {
  /** Undefined for a still image (FFmpeg says „Duration: N/A“). */
  durationMs?: number;
  streams: MediaStream[];
  /** The file's comment tag (our renders carry their disclosure line there). */
  comment?: string;
}

/** What FFmpeg's `-i` says about a file (ffprobe is not shipped): its duration and its streams with their sizes. */
export async function probeMedia(file: string, signal?: AbortSignal): Promise<MediaInfo> {
  const unreadable = (reason: string) =>
    new Error(`Die Mediendatei „${path.basename(file)}“ ist nicht lesbar: ${reason}`);
  const args = ['-hide_banner', '-nostdin', '-i', path.resolve(file)];
  const result = await runChild(await ffmpeg(), args, { signal, timeoutMs: 30_000 }).catch((error: unknown) => {
    throw unreadable(messageOf(error));
  });
  if (!/^Input #0/m.test(result.stderr)) throw unreadable(lastLine(result.stderr) || 'unbekanntes Format.');
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(result.stderr);
  const streams = [
    ...result.stderr.matchAll(/Stream #\d+:\d+[^:]*: (Video|Audio|Subtitle|Data|Attachment): (\w+)([^\n]*)/g),
  ].map((m): MediaStream => {
    const size = /,\s(\d{2,5})x(\d{2,5})(?=[\s,[]|$)/.exec(m[3]);
    return {
      kind: m[1] === 'Video' ? 'video' : m[1] === 'Audio' ? 'audio' : 'other',
      codec: m[2],
      ...(size ? { width: Number(size[1]), height: Number(size[2]) } : {}),
    };
  });
  // The container's own comment tag, before any stream's metadata.
  const comment = /^ {4}comment\s*: (.*)$/m.exec(result.stderr.split(/^\s*Stream #/m)[0]);
  return {
    ...(comment ? { comment: comment[1] } : {}),
    ...(duration
      ? { durationMs: Math.round((Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])) * 1000) }
      : {}),
    streams,
  };
}

/** The playing time of an audio or video file, read from FFmpeg's "Duration:" line. */
export async function probeDurationMs(file: string, signal?: AbortSignal): Promise<number> {
  const info = await probeMedia(file, signal);
  if (info.durationMs === undefined)
    throw new Error(`Die Mediendatei „${path.basename(file)}“ ist nicht lesbar: Keine Dauer angegeben.`);
  return info.durationMs;
}

/** A JPEG frame of a video (its thumbnail), at most 640 px on its longer side, taken at `atMs` or its start. */
export async function extractThumbnail(
  video: string,
  out: string,
  options: { atMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
  const at = ((options.atMs ?? 0) / 1000).toFixed(2);
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-ss',
    at,
    '-i',
    path.resolve(video),
    '-frames:v',
    '1',
    '-vf',
    "scale='if(gt(iw,ih),min(640,iw),-2)':'if(gt(iw,ih),-2,min(640,ih))'",
    '-q:v',
    '4',
    '-f',
    'image2',
    '-c:v',
    'mjpeg',
    path.resolve(out),
  ];
  const result = await runChild(await ffmpeg(), args, { signal: options.signal, timeoutMs: 60_000 });
  if (result.code !== 0 || !existsSync(out)) {
    await rm(out, { force: true });
    if (/No space left on device/i.test(result.stderr)) throw failed(NO_SPACE);
    throw failed(`Vorschaubild: ${lastLine(result.stderr) || `FFmpeg endete mit Code ${result.code}.`}`);
  }
}

// One render at a time per instance: a second waits for the first (each is a queue entry, not a pile of encoders).
let renderTail: Promise<void> = Promise.resolve();
let inLine = 0;

/** How many renders are running or waiting on this instance. */
export function rendersInLine(): number {
  return inLine;
}

async function inTurn<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const before = renderTail;
  let release = () => {};
  const mine = new Promise<void>((resolve) => (release = resolve));
  // The next one waits for this one and for all before it, even if this one gives up while it waits.
  renderTail = before.then(() => mine);
  inLine += 1;
  try {
    await untilOrAborted(before, signal);
    return await work();
  } finally {
    inLine -= 1;
    release();
  }
}

function untilOrAborted(turn: Promise<void>, signal?: AbortSignal): Promise<void> {
  if (!signal) return turn;
  if (signal.aborted) return Promise.reject(new ChildStopped('abgebrochen.'));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new ChildStopped('abgebrochen.'));
    signal.addEventListener('abort', onAbort, { once: true });
    void turn.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}

/** Renders the story's video to `outPath` (MP4, H.264 yuv420p + AAC, faststart) as long as the speech. */
export async function renderVideo(input: RenderInput): Promise<RenderResult> {
  const width = input.width ?? 1280;
  const height = input.height ?? 720;
  if (!evenSize(width) || !evenSize(height)) {
    throw failed(`Ungültiges Format ${width}×${height} (gerade Zahlen von 128 bis 3840).`);
  }
  const outPath = path.resolve(input.outPath);
  const partPath = `${outPath}.part`;
  const binary = await ffmpeg().catch((error: unknown) => {
    throw failed(messageOf(error));
  });
  const audioMs = await probeDurationMs(input.audioPath, input.signal).catch((error: unknown) => {
    throw failed(messageOf(error));
  });
  if (audioMs <= 0) throw failed('Die Audiodatei ist leer.');
  if (audioMs > MAX_SPEECH_MS) {
    throw failed(
      `Der Sprechtext ist zu lang: ${clock(audioMs)} Minuten Sprache, höchstens ${MAX_SPEECH_MS / 60_000} Minuten passen in ein Video. Bitte die Meldung kürzen.`,
    );
  }

  return inTurn(async () => {
    // Texts, fonts and the prepared background go to a folder of our own, named by us: no title breaks the filter graph.
    const work = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-render-')).catch((error: unknown) => {
      throw failed(isNoSpace(error) ? NO_SPACE : messageOf(error));
    });
    try {
      const length = (audioMs / 1000).toFixed(3);
      const font = await fontsIn(work);
      const background = await prepareBackground(binary, input, work, width, height);
      const filters = [
        `drawbox=x=0:y=0:w=iw:h=${Math.max(4, Math.round(Math.min(width, height) * 0.012))}:color=${ACCENT}:t=fill`,
      ];
      if (font) {
        const ass = assDocument({
          width,
          height,
          durationMs: audioMs,
          font: font.family,
          title: input.title,
          credit: input.credit,
          disclosure: input.disclosure,
          script: input.script,
        });
        await writeFile(path.join(work, 'card.ass'), ass, 'utf8');
        if (input.subtitlesPath) await writeFile(input.subtitlesPath, ass, 'utf8');
        filters.push('subtitles=filename=card.ass:fontsdir=fonts');
      }
      await mkdir(path.dirname(outPath), { recursive: true });
      const args = [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        ...(background.file
          ? ['-loop', '1', '-framerate', String(FPS), '-i', background.file]
          : ['-f', 'lavfi', '-i', `color=c=${BACKGROUND}:s=${width}x${height}:r=${FPS}`]),
        '-i',
        path.resolve(input.audioPath),
        '-filter_complex',
        `[0:v]${filters.join(',')}[v]`,
        '-map',
        '[v]',
        '-map',
        '1:a:0',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-tune',
        'stillimage',
        '-pix_fmt',
        'yuv420p',
        '-r',
        String(FPS),
        '-g',
        String(FPS * 2),
        // Speech is mono: a mono AAC loses nothing and takes half the encoder's time of a stereo one.
        '-c:a',
        'aac',
        '-b:a',
        '96k',
        '-ar',
        '48000',
        '-ac',
        '1',
        '-t',
        length,
        // The disclosure in the file too, where players and platforms read it (machine-readable, as Art. 50 asks).
        ...(input.disclosure ? ['-metadata', `comment=${input.disclosure}`] : []),
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        partPath,
      ];
      const limitMs = input.timeoutMs ?? renderLimitMs(audioMs);
      const started = performance.now();
      const limits = {
        cwd: work,
        signal: input.signal,
        timeoutMs: limitMs,
        env: { FONTCONFIG_FILE: path.join(work, 'fonts.conf') },
        measureMemory: input.measureMemory,
      };
      const result = await runChild(binary, args, limits).catch((error: unknown) => {
        if (error instanceof ChildStopped && error.reason === 'timeout') {
          throw failed(`Das Rendern dauerte länger als das Zeitlimit von ${seconds(limitMs)} und wurde abgebrochen.`);
        }
        throw failed(error instanceof ChildStopped ? error.message : `FFmpeg startet nicht (${messageOf(error)}).`);
      });
      const renderMs = performance.now() - started;
      if (result.code !== 0) {
        if (/No space left on device/i.test(result.stderr)) throw failed(NO_SPACE);
        throw failed(`FFmpeg meldet: ${lastLine(result.stderr) || `Code ${result.code}.`}`);
      }
      await rename(partPath, outPath);
      const { size } = await stat(outPath);
      const durationMs = await probeDurationMs(outPath, input.signal).catch((error: unknown) => {
        throw failed(messageOf(error));
      });
      // The frame after the first cue began: headline, sources and the first subtitle, as the video opens.
      if (input.thumbnailPath)
        await extractThumbnail(outPath, input.thumbnailPath, {
          atMs: Math.min(1500, durationMs / 2),
          signal: input.signal,
        });
      return {
        durationMs,
        bytes: size,
        width,
        height,
        background: background.file ? ('image' as const) : ('plain' as const),
        ...(background.problem ? { backgroundProblem: background.problem } : {}),
        text: Boolean(font),
        renderMs,
        ...(result.peakKb !== undefined ? { peakKb: result.peakKb } : {}),
      };
    } catch (error) {
      // Nothing half-made stays; a cleanup that fails does not hide why the render failed.
      const remove = (file: string) => rm(file, { force: true }).catch(() => undefined);
      await remove(partPath);
      await remove(outPath);
      if (input.thumbnailPath) await remove(input.thumbnailPath);
      if (isNoSpace(error)) throw failed(NO_SPACE);
      throw error;
    } finally {
      await rm(work, { recursive: true, force: true }).catch(() => undefined);
    }
  }, input.signal).catch((error: unknown) => {
    if (error instanceof ChildStopped) throw failed(error.message);
    throw error;
  });
}

const evenSize = (n: number) => Number.isInteger(n) && n >= 128 && n <= 3840 && n % 2 === 0;
const xml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The font's two files in the render's folder, and a fontconfig of that folder only: libass finds the same font on
 * every machine, and scans none of the system's. Undefined when no font is there (the video then has no text).
 */
async function fontsIn(work: string): Promise<FontSet | undefined> {
  const font = renderFont();
  if (!font) return undefined;
  const dir = path.join(work, 'fonts');
  await mkdir(dir);
  for (const file of [font.regular, font.bold]) {
    await symlink(path.join(font.dir, file), path.join(dir, file)).catch(() =>
      copyFile(path.join(font.dir, file), path.join(dir, file)),
    );
  }
  await writeFile(
    path.join(work, 'fonts.conf'),
    `<?xml version="1.0"?>\n<fontconfig><dir>${xml(dir)}</dir><cachedir>${xml(path.join(work, 'fontcache'))}</cachedir></fontconfig>\n`,
  );
  return font;
}

/**
 * The background image scaled to cover the frame and darkened under the text, once, into the render's folder. A file
 * that is no image or that FFmpeg cannot read is not used: the reason comes back and the plain background stands in.
 */
async function prepareBackground(
  binary: string,
  input: RenderInput,
  work: string,
  width: number,
  height: number,
): Promise<{ file?: string; problem?: string }> {
  if (!input.backgroundPath) return {};
  const name = path.basename(input.backgroundPath);
  const head = await readHead(input.backgroundPath).catch(() => undefined);
  if (!head) return { problem: `Das Hintergrundbild „${name}“ ist nicht lesbar.` };
  if (sniffMedia(head)?.type !== 'image') return { problem: `Die Datei „${name}“ ist kein Bild.` };
  const file = path.join(work, 'background.jpg');
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    path.resolve(input.backgroundPath),
    '-frames:v',
    '1',
    '-vf',
    `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1,drawbox=x=0:y=0:w=iw:h=ih:color=black@0.55:t=fill`,
    '-q:v',
    '2',
    '-f',
    'image2',
    '-c:v',
    'mjpeg',
    file,
  ];
  const result = await runChild(binary, args, { cwd: work, signal: input.signal, timeoutMs: 60_000 });
  if (result.code !== 0 || !existsSync(file)) {
    if (/No space left on device/i.test(result.stderr)) throw failed(NO_SPACE);
    return {
      problem: `Das Bild „${name}“ lässt sich nicht lesen (${lastLine(result.stderr) || `FFmpeg endete mit Code ${result.code}`}).`,
    };
  }
  return { file };
}

/** A file's first bytes, enough for the media sniffer. */
export async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
