// The desk's own video when no provider is set up: FFmpeg (GPL via x264, from @ffmpeg-installer) renders a still title
// card with the story's speech as an H.264/AAC MP4 that browsers play. It runs as a child process, never linked.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ChildStopped, lastLine, runChild } from './child';

export interface RenderInput {
  audioPath: string;
  title: string;
  subtitle?: string;
  outPath: string;
  width?: number;
  height?: number;
  signal?: AbortSignal;
}

// A still card needs few frames; 10 fps keeps the encode cheap and seeking fine.
const FPS = 10;
const BACKGROUND = '0x111827';
// Bold for the title, regular for the subtitle; Debian's fonts-dejavu-core comes first (fontconfig depends on it).
const TITLE_FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/freefont/FreeSansBold.ttf',
];
const TEXT_FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/freefont/FreeSans.ttf',
];

const failed = (reason: string) => new Error(`Das Video konnte nicht gerendert werden: ${reason}`);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

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

/** The playing time of an audio or video file, read from FFmpeg's "Duration:" line (ffprobe is not shipped). */
export async function probeDurationMs(file: string, signal?: AbortSignal): Promise<number> {
  const unreadable = (reason: string) => new Error(`Die Mediendatei „${path.basename(file)}“ ist nicht lesbar: ${reason}`);
  const args = ['-hide_banner', '-nostdin', '-i', path.resolve(file)];
  const result = await runChild(await ffmpeg(), args, { signal, timeoutMs: 30_000 }).catch((error: unknown) => {
    throw unreadable(messageOf(error));
  });
  const match = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(result.stderr);
  if (!match) {
    throw unreadable(result.stderr.includes('Duration: N/A') ? 'Keine Dauer angegeben.' : lastLine(result.stderr) || 'unbekanntes Format.');
  }
  return Math.round((Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3])) * 1000);
}

/** Renders the title card with the audio to `outPath` (MP4, H.264 yuv420p + AAC, faststart) as long as the audio. */
export async function renderVideo(input: RenderInput): Promise<{ durationMs: number; bytes: number }> {
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

  // Texts go to drawtext as files in a folder of our own, named by us: no title can break the filter graph.
  const work = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-render-'));
  try {
    const filter = await titleCard(work, { width, height, title: input.title, subtitle: input.subtitle });
    const seconds = (audioMs / 1000).toFixed(3);
    await mkdir(path.dirname(outPath), { recursive: true });
    const args = [
      '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `color=c=${BACKGROUND}:s=${width}x${height}:r=${FPS}:d=${seconds}`,
      '-i', path.resolve(input.audioPath),
      ...(filter ? ['-filter_complex', `[0:v]${filter}[v]`, '-map', '[v]'] : ['-map', '0:v']),
      '-map', '1:a:0',
      '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'stillimage', '-pix_fmt', 'yuv420p', '-g', String(FPS * 2),
      '-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2',
      '-t', seconds, '-movflags', '+faststart', '-f', 'mp4', partPath,
    ];
    // A stuck encoder must not hold the stage forever; a healthy one needs a fraction of the audio's length.
    const limits = { cwd: work, signal: input.signal, timeoutMs: 120_000 + 2 * audioMs };
    const result = await runChild(binary, args, limits).catch((error: unknown) => {
      throw failed(error instanceof ChildStopped ? error.message : `FFmpeg startet nicht (${messageOf(error)}).`);
    });
    if (result.code !== 0) throw failed(lastLine(result.stderr) || `FFmpeg endete mit Code ${result.code}.`);
    await rename(partPath, outPath);
    const { size } = await stat(outPath);
    const durationMs = await probeDurationMs(outPath, input.signal).catch((error: unknown) => {
      throw failed(messageOf(error));
    });
    return { durationMs, bytes: size };
  } catch (error) {
    await rm(partPath, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const evenSize = (n: number) => Number.isInteger(n) && n >= 128 && n <= 3840 && n % 2 === 0;

const firstExisting = (files: readonly string[]) => files.find((file) => existsSync(file));

interface Card {
  width: number;
  height: number;
  title: string;
  subtitle?: string;
}

// One drawtext per line (FFmpeg 4.1 cannot centre lines), each read from a file with expansion off, so quotes, colons,
// % and backslashes show as typed. Without a font the card stays plain: a video without its title beats no video.
async function titleCard(dir: string, card: Card): Promise<string | undefined> {
  const titleFont = firstExisting(TITLE_FONTS) ?? firstExisting(TEXT_FONTS);
  const textFont = firstExisting(TEXT_FONTS) ?? titleFont;
  if (!titleFont || !textFont) return undefined;
  const titleSize = Math.round(card.height * 0.075);
  const subtitleSize = Math.round(card.height * 0.042);
  const usable = card.width * 0.84;
  // Average glyph widths of DejaVu Sans (bold ≈ 0.62 em, regular ≈ 0.55 em) decide where a line is wrapped.
  const blocks = [
    {
      lines: wrapText(card.title, Math.floor(usable / (titleSize * 0.62)), 4),
      font: titleFont,
      size: titleSize,
      color: 'white',
      step: Math.round(titleSize * 1.3),
    },
    {
      lines: wrapText(card.subtitle ?? '', Math.floor(usable / (subtitleSize * 0.55)), 3),
      font: textFont,
      size: subtitleSize,
      color: '0xCBD5E1',
      step: Math.round(subtitleSize * 1.45),
    },
  ].filter((block) => block.lines.length > 0);
  if (blocks.length === 0) return undefined;
  const gap = Math.round(card.height * 0.05);
  const total = blocks.reduce((sum, block) => sum + block.lines.length * block.step, 0) + gap * (blocks.length - 1);
  let y = Math.round((card.height - total) / 2);
  const filters: string[] = [];
  for (const block of blocks) {
    for (const line of block.lines) {
      const file = `line-${filters.length}.txt`;
      await writeFile(path.join(dir, file), line, 'utf8');
      const style = `fontfile=${block.font}:fontsize=${block.size}:fontcolor=${block.color}`;
      filters.push(`drawtext=${style}:textfile=${file}:expansion=none:x=(w-text_w)/2:y=${y}`);
      y += block.step;
    }
    y += gap;
  }
  return filters.join(',');
}

/** Words to lines of at most `width` characters; the last of `maxLines` ends in … when text is left over. */
function wrapText(text: string, width: number, maxLines: number): string[] {
  // Control characters would be drawn as boxes (or end a line); a title is one paragraph.
  const words = text.replace(/\p{Cf}/gu, '').replace(/[\p{Cc}\s]+/gu, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (let word of words) {
    while (word.length > width) {
      if (line) lines.push(line);
      lines.push(word.slice(0, width - 1) + '-');
      word = word.slice(width - 1);
      line = '';
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const last = lines[maxLines - 1];
  return [...lines.slice(0, maxLines - 1), `${last.length < width ? last : last.slice(0, width - 1).trimEnd()}…`];
}
