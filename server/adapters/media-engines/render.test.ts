import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { probeDurationMs, probeMedia, renderFont, renderVideo } from './render';
import { speakEmbedded } from './speech';
import { childrenRunning, waitForChild } from './test-processes';

const run = promisify(execFile);
const dir = mkdtempSync(path.join(os.tmpdir(), 'newsdesk-render-test-'));
const tone = path.join(dir, 'tone.wav');
const longTone = path.join(dir, 'long.wav');
const tooLong = path.join(dir, 'too-long.wav');
const image = path.join(dir, 'bild.jpg');
const SCRIPT =
  'Der Bundestag hat ein Gesetz beschlossen. Die Bürger Österreichs äußern sich! Die Regierung antwortet am 3. Oktober.';
const DISCLOSURE =
  'Dieser Beitrag wurde automatisch mit Hilfe von KI aus den genannten Quellen erstellt und ohne redaktionelle Prüfung veröffentlicht.';
const TITLE = 'Zitat: „100 % sicher“ – \'Bürger\' sagen: "Nein" \\ %{pts} 50%';

/** What `ffmpeg -i` says about a file (no ffprobe is shipped): its duration and stream lines. */
async function inspect(file: string) {
  const { stderr } = await run(ffmpegInstaller.path, ['-hide_banner', '-i', file]).catch(
    (error: { stderr: string }) => error,
  );
  const match = /Duration: (\d+):(\d{2}):(\d{2}\.\d+)/.exec(stderr);
  expect(match).not.toBeNull();
  const [, h, m, s] = match ?? [];
  const streams = stderr.split('\n').filter((line) => line.includes('Stream #'));
  return {
    durationMs: (Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1000,
    streams: streams.join('\n'),
    video: streams.filter((line) => / Video: /.test(line)),
    audio: streams.filter((line) => / Audio: /.test(line)),
  };
}

/** The Subtitle events of an ASS script: start and end in ms, and the text. */
function subtitleEvents(ass: string) {
  const ms = (t: string) => Math.round(t.split(':').reduce((sum, part) => sum * 60 + Number(part), 0) * 1000);
  return ass
    .split('\n')
    .filter((l) => l.startsWith('Dialogue: ') && l.split(',')[3] === 'Subtitle')
    .map((l) => {
      const [, start, end, , , , , , , ...text] = l.split(',');
      return { start: ms(start), end: ms(end), text: text.join(',') };
    });
}

/** The share of bright pixels in the frame at 1 s: text drawn on the dark card. */
async function brightShare(file: string) {
  const args = [
    '-loglevel',
    'error',
    '-ss',
    '1',
    '-i',
    file,
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'gray',
    '-',
  ];
  const { stdout } = await run(ffmpegInstaller.path, args, { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  return stdout.filter((v) => v > 160).length / stdout.length;
}

/** Top-level MP4 boxes in order. */
function boxes(file: string): string[] {
  const data = readFileSync(file);
  const names: string[] = [];
  for (let offset = 0; offset + 8 <= data.length;) {
    const size = data.readUInt32BE(offset);
    names.push(data.toString('latin1', offset + 4, offset + 8));
    if (size < 8) break;
    offset += size;
  }
  return names;
}

beforeAll(async () => {
  await run(ffmpegInstaller.path, ['-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3.7', tone]);
  await run(ffmpegInstaller.path, [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=300',
    longTone,
  ]);
  await run(ffmpegInstaller.path, [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=8000:cl=mono',
    '-t',
    '601',
    '-c:a',
    'pcm_u8',
    tooLong,
  ]);
  await run(ffmpegInstaller.path, [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=800x600',
    '-frames:v',
    '1',
    image,
  ]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('renderVideo', () => {
  test('renders an H.264/AAC MP4 as long as the audio with a title of quotes, colons and %', async () => {
    const outPath = path.join(dir, 'card.mp4');
    const result = await renderVideo({ audioPath: tone, title: TITLE, credit: 'tagesschau.de · 12:30 Uhr', outPath });
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

  test('an empty title gives the plain branded card; width and height are the video size', async () => {
    const outPath = path.join(dir, 'plain.mp4');
    await renderVideo({ audioPath: tone, title: '', outPath, width: 640, height: 360 });
    expect((await inspect(outPath)).streams).toMatch(/640x360/);
    // Only the brand's name and the accent bar are drawn.
    expect(await brightShare(outPath)).toBeLessThan(0.01);
  });

  test('speech of the embedded engine becomes a video of its length', async () => {
    const speech = await speakEmbedded('Die Bürger Österreichs äußern sich. Die Regierung antwortet am Abend.', {
      voice: 'de+f3',
    });
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

/** The stream lines FFmpeg reports for an image (it has no duration). */
async function imageStreams(file: string) {
  const { stderr } = await run(ffmpegInstaller.path, ['-hide_banner', '-i', file]).catch(
    (error: { stderr: string }) => error,
  );
  return stderr
    .split('\n')
    .filter((line) => line.includes('Stream #'))
    .join('\n');
}

/** The mean brightness of the frame at 1 s. */
async function meanGray(file: string) {
  const args = [
    '-loglevel',
    'error',
    '-ss',
    '1',
    '-i',
    file,
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'gray',
    '-',
  ];
  const { stdout } = await run(ffmpegInstaller.path, args, { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  return stdout.reduce((sum, v) => sum + v, 0) / stdout.length;
}

describe('the story video', () => {
  test('draws with the DejaVu font that npm installs', () => {
    expect(renderFont()).toMatchObject({
      family: 'DejaVu Sans',
      regular: 'DejaVuSans.ttf',
      bold: 'DejaVuSans-Bold.ttf',
    });
    expect(renderFont()?.dir).toContain(path.join('node_modules', 'dejavu-fonts-ttf', 'ttf'));
  });

  test('landscape: one H.264 and one AAC stream at 1280x720 as long as the speech, the script as timed subtitles, a JPEG thumbnail', async () => {
    const speech = await speakEmbedded(SCRIPT, { voice: 'de+f3' });
    const audioPath = path.join(dir, 'story.wav');
    writeFileSync(audioPath, speech.wav);
    const outPath = path.join(dir, 'story.mp4');
    const thumbnailPath = path.join(dir, 'story.jpg');
    const subtitlesPath = path.join(dir, 'story.ass');
    const result = await renderVideo({
      audioPath,
      title: 'Die Bürger Österreichs äußern sich',
      credit: 'Quellen: Alpha Nachrichten, Beta Zeitung',
      disclosure: DISCLOSURE,
      script: SCRIPT,
      outPath,
      thumbnailPath,
      subtitlesPath,
    });
    const info = await inspect(outPath);
    expect(info.video).toHaveLength(1);
    expect(info.video[0]).toMatch(/Video: h264 .*yuv420p.*1280x720/);
    expect(info.audio).toHaveLength(1);
    expect(info.audio[0]).toMatch(/Audio: aac/);
    expect(Math.abs(info.durationMs - speech.durationMs)).toBeLessThanOrEqual(500);
    expect(result).toMatchObject({ width: 1280, height: 720, background: 'plain', text: true });
    expect(await probeMedia(outPath)).toEqual({
      durationMs: result.durationMs,
      streams: [
        { kind: 'video', codec: 'h264', width: 1280, height: 720 },
        { kind: 'audio', codec: 'aac' },
      ],
      // Machine-readable too: the file's comment tag.
      comment: DISCLOSURE,
    });

    // The text it drew: headline, sources, disclosure, and the script sentence by sentence over the whole speech.
    const ass = readFileSync(subtitlesPath, 'utf8');
    expect(ass).toContain('Die Bürger Österreichs äußern sich');
    expect(ass).toContain('Quellen: Alpha Nachrichten, Beta Zeitung');
    expect(ass).toContain(DISCLOSURE);
    const events = subtitleEvents(ass);
    expect(events.map((e) => e.text)).toEqual([
      'Der Bundestag hat ein Gesetz beschlossen.',
      'Die Bürger Österreichs äußern sich!',
      'Die Regierung antwortet am 3. Oktober.',
    ]);
    expect(events[0].start).toBe(0);
    expect(Math.abs((events.at(-1)?.end ?? 0) - speech.durationMs)).toBeLessThanOrEqual(10);
    events.slice(1).forEach((event, i) => expect(event.start).toBe(events[i].end));
    expect(await brightShare(outPath)).toBeGreaterThan(0.005);

    const jpeg = readFileSync(thumbnailPath);
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await imageStreams(thumbnailPath)).toMatch(/Video: mjpeg.*640x360/);
  });

  test('portrait: 1080x1920 for TikTok and Instagram, its thumbnail upright', async () => {
    const outPath = path.join(dir, 'portrait.mp4');
    const thumbnailPath = path.join(dir, 'portrait.jpg');
    await renderVideo({
      audioPath: tone,
      title: 'Hochformat',
      script: SCRIPT,
      outPath,
      thumbnailPath,
      width: 1080,
      height: 1920,
    });
    const info = await inspect(outPath);
    expect(info.video[0]).toMatch(/Video: h264 .*1080x1920/);
    expect(info.audio[0]).toMatch(/Audio: aac/);
    expect(Math.abs(info.durationMs - 3700)).toBeLessThanOrEqual(500);
    expect(await imageStreams(thumbnailPath)).toMatch(/Video: mjpeg.*360x640/);
  });

  test('two renders asked at once run one after the other', async () => {
    const counts: number[] = [];
    const sampler = setInterval(() => counts.push(childrenRunning('libx264').length), 5);
    try {
      const results = await Promise.all(
        ['a', 'b'].map((name) =>
          renderVideo({ audioPath: tone, title: name, script: SCRIPT, outPath: path.join(dir, `queue-${name}.mp4`) }),
        ),
      );
      expect(results.map((r) => r.width)).toEqual([1280, 1280]);
    } finally {
      clearInterval(sampler);
    }
    expect(Math.max(...counts)).toBe(1);
    // The encoder ran, stopped, and ran again.
    const runs = counts.filter((c, i) => c === 1 && counts[i - 1] !== 1).length;
    expect(runs).toBe(2);
  });

  test('a render over its time limit is stopped with the German reason and leaves nothing', async () => {
    const outPath = path.join(dir, 'slow.mp4');
    await expect(
      renderVideo({
        audioPath: longTone,
        title: 'Langsam',
        script: SCRIPT,
        outPath,
        thumbnailPath: path.join(dir, 'slow.jpg'),
        timeoutMs: 300,
      }),
    ).rejects.toThrow(
      'Das Video konnte nicht gerendert werden: Das Rendern dauerte länger als das Zeitlimit von 0,3 s und wurde abgebrochen.',
    );
    expect(childrenRunning('libx264')).toEqual([]);
    expect(existsSync(outPath)).toBe(false);
    expect(existsSync(`${outPath}.part`)).toBe(false);
    expect(existsSync(path.join(dir, 'slow.jpg'))).toBe(false);
  });

  test('a background image is used; a file that is not an image is ignored with its reason, the plain one used', async () => {
    const withImage = await renderVideo({
      audioPath: tone,
      title: 'Bild',
      backgroundPath: image,
      outPath: path.join(dir, 'image.mp4'),
    });
    expect(withImage.background).toBe('image');
    expect(withImage.backgroundProblem).toBeUndefined();
    const notImage = await renderVideo({
      audioPath: tone,
      title: 'Bild',
      backgroundPath: tone,
      outPath: path.join(dir, 'not-image.mp4'),
    });
    expect(notImage).toMatchObject({ background: 'plain', backgroundProblem: 'Die Datei „tone.wav“ ist kein Bild.' });
    expect(await meanGray(path.join(dir, 'image.mp4'))).toBeGreaterThan(
      (await meanGray(path.join(dir, 'not-image.mp4'))) + 10,
    );
    const broken = path.join(dir, 'kaputt.png');
    writeFileSync(
      broken,
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]),
    );
    const unreadable = await renderVideo({
      audioPath: tone,
      title: 'Bild',
      backgroundPath: broken,
      outPath: path.join(dir, 'broken-image.mp4'),
    });
    expect(unreadable.background).toBe('plain');
    expect(unreadable.backgroundProblem).toMatch(/^Das Bild „kaputt.png“ lässt sich nicht lesen \(.+\)\.$/);
    expect((await inspect(path.join(dir, 'broken-image.mp4'))).video[0]).toMatch(/1280x720/);
  });

  test('speech over 10 minutes is refused before any encoding', async () => {
    const outPath = path.join(dir, 'too-long.mp4');
    await expect(renderVideo({ audioPath: tooLong, title: 'Zu lang', script: SCRIPT, outPath })).rejects.toThrow(
      'Das Video konnte nicht gerendert werden: Der Sprechtext ist zu lang: 10:01 Minuten Sprache, höchstens 10 Minuten passen in ein Video. Bitte die Meldung kürzen.',
    );
    expect(existsSync(outPath)).toBe(false);
  });

  test('FFmpeg failing gives its last line in German; a full disk says so; neither leaves a file', async () => {
    const blocked = path.join(dir, 'blocked.mp4');
    mkdirSync(`${blocked}.part`);
    await expect(renderVideo({ audioPath: tone, title: 'x', outPath: blocked })).rejects.toThrow(
      /^Das Video konnte nicht gerendert werden: FFmpeg meldet: .*Is a directory/,
    );
    expect(existsSync(blocked)).toBe(false);
    rmSync(`${blocked}.part`, { recursive: true });

    // /dev/full answers every write with ENOSPC, as a full disk does.
    const full = path.join(dir, 'full.mp4');
    symlinkSync('/dev/full', `${full}.part`);
    await expect(renderVideo({ audioPath: tone, title: 'x', outPath: full })).rejects.toThrow(
      'Das Video konnte nicht gerendert werden: Kein Speicherplatz mehr frei – bitte Platz im Datenordner schaffen und den Run wiederholen.',
    );
    expect(existsSync(full)).toBe(false);
    expect(existsSync(`${full}.part`)).toBe(false);
  });
});
