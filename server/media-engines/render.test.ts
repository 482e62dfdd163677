import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { probeDurationMs, renderVideo } from './render';
import { speakEmbedded } from './speech';
import { childrenRunning, waitForChild } from './test-processes';

const run = promisify(execFile);
const dir = mkdtempSync(path.join(os.tmpdir(), 'newsdesk-render-test-'));
const tone = path.join(dir, 'tone.wav');
const longTone = path.join(dir, 'long.wav');
const TITLE = 'Zitat: „100 % sicher“ – \'Bürger\' sagen: "Nein" \\ %{pts} 50%';

/** What `ffmpeg -i` says about a file (no ffprobe is shipped): its duration and stream lines. */
async function inspect(file: string) {
  const { stderr } = await run(ffmpegInstaller.path, ['-hide_banner', '-i', file]).catch((error: { stderr: string }) => error);
  const match = /Duration: (\d+):(\d{2}):(\d{2}\.\d+)/.exec(stderr);
  expect(match).not.toBeNull();
  const [, h, m, s] = match ?? [];
  const streams = stderr.split('\n').filter((line) => line.includes('Stream #')).join('\n');
  return { durationMs: (Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1000, streams };
}

/** The share of bright pixels in the frame at 1 s: text drawn on the dark card. */
async function brightShare(file: string) {
  const args = ['-loglevel', 'error', '-ss', '1', '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'];
  const { stdout } = await run(ffmpegInstaller.path, args, { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  return stdout.filter((v) => v > 160).length / stdout.length;
}

/** Top-level MP4 boxes in order. */
function boxes(file: string): string[] {
  const data = readFileSync(file);
  const names: string[] = [];
  for (let offset = 0; offset + 8 <= data.length; ) {
    const size = data.readUInt32BE(offset);
    names.push(data.toString('latin1', offset + 4, offset + 8));
    if (size < 8) break;
    offset += size;
  }
  return names;
}

beforeAll(async () => {
  await run(ffmpegInstaller.path, ['-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3.7', tone]);
  await run(ffmpegInstaller.path, ['-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=300', longTone]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('renderVideo', () => {
  test('renders an H.264/AAC MP4 as long as the audio with a title of quotes, colons and %', async () => {
    const outPath = path.join(dir, 'card.mp4');
    const result = await renderVideo({ audioPath: tone, title: TITLE, subtitle: 'tagesschau.de · 12:30 Uhr', outPath });
    const info = await inspect(outPath);
    expect(Math.abs(info.durationMs - 3700)).toBeLessThanOrEqual(300);
    expect(Math.abs(result.durationMs - 3700)).toBeLessThanOrEqual(300);
    expect(result.bytes).toBe(statSync(outPath).size);
    expect(info.streams).toMatch(/Video: h264 .*yuv420p.*1280x720/);
    expect(info.streams).toMatch(/Audio: aac/);
    // +faststart: the index comes before the media, so a browser starts playing before the whole file arrives.
    const order = boxes(outPath);
    expect(order[0]).toBe('ftyp');
    expect(order.indexOf('moov')).toBeLessThan(order.indexOf('mdat'));
    expect(await brightShare(outPath)).toBeGreaterThan(0.005);
    expect(existsSync(`${outPath}.part`)).toBe(false);
  });

  test('an empty title gives a plain card; width and height are the video size', async () => {
    const outPath = path.join(dir, 'plain.mp4');
    await renderVideo({ audioPath: tone, title: '', outPath, width: 640, height: 360 });
    expect((await inspect(outPath)).streams).toMatch(/640x360/);
    expect(await brightShare(outPath)).toBe(0);
  });

  test('speech of the embedded engine becomes a video of its length', async () => {
    const speech = await speakEmbedded('Die Bürger Österreichs äußern sich. Die Regierung antwortet am Abend.', { voice: 'de+f3' });
    const audioPath = path.join(dir, 'speech.wav');
    writeFileSync(audioPath, speech.wav);
    const outPath = path.join(dir, 'nested', 'speech.mp4');
    const result = await renderVideo({ audioPath, title: 'Die Bürger Österreichs äußern sich', outPath });
    expect(Math.abs((await inspect(outPath)).durationMs - speech.durationMs)).toBeLessThanOrEqual(300);
    expect(Math.abs(result.durationMs - speech.durationMs)).toBeLessThanOrEqual(300);
  });

  test('an abort kills FFmpeg and leaves no file', async () => {
    const controller = new AbortController();
    const outPath = path.join(dir, 'aborted.mp4');
    const rendering = renderVideo({ audioPath: longTone, title: 'Lang', outPath, signal: controller.signal });
    const pid = await waitForChild('libx264');
    controller.abort();
    await expect(rendering).rejects.toThrow('Das Video konnte nicht gerendert werden: abgebrochen.');
    expect(childrenRunning('libx264')).not.toContain(pid);
    expect(existsSync(outPath)).toBe(false);
    expect(existsSync(`${outPath}.part`)).toBe(false);
  });

  test('says in German what is wrong with the input', async () => {
    const outPath = path.join(dir, 'never.mp4');
    await expect(renderVideo({ audioPath: path.join(dir, 'fehlt.wav'), title: 'x', outPath })).rejects.toThrow(
      /^Das Video konnte nicht gerendert werden: Die Mediendatei „fehlt.wav“ ist nicht lesbar: .*No such file or directory/,
    );
    await expect(renderVideo({ audioPath: tone, title: 'x', outPath, width: 1279 })).rejects.toThrow(
      'Das Video konnte nicht gerendert werden: Ungültiges Format 1279×720 (gerade Zahlen von 128 bis 3840).',
    );
    expect(existsSync(outPath)).toBe(false);
  });
});

describe('probeDurationMs', () => {
  test('reads the duration of a WAV', async () => {
    expect(Math.abs((await probeDurationMs(tone)) - 3700)).toBeLessThanOrEqual(50);
  });
});
