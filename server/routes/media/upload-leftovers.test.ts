// Half-written uploads left by a crash are removed at start; a live upload and the library's files are not.
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { sweepUploadLeftovers } from './upload-leftovers';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('only upload leftovers nobody has written to for the given time are removed', async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'leftovers-'));
  const now = Date.now();
  const hoursAgo = (h: number) => new Date(now - h * 3_600_000);
  await writeFile(path.join(dir, '.upload-crashed'), 'half a video');
  await utimes(path.join(dir, '.upload-crashed'), hoursAgo(3), hoursAgo(3));
  await writeFile(path.join(dir, '.upload-live'), 'still arriving');
  await writeFile(path.join(dir, 'media-1.mp4'), 'a library file');
  await utimes(path.join(dir, 'media-1.mp4'), hoursAgo(30), hoursAgo(30));

  expect(await sweepUploadLeftovers(dir, 3_600_000, now)).toBe(1);
  expect((await readdir(dir)).sort()).toEqual(['.upload-live', 'media-1.mp4']);
});

test('a media folder that does not exist yet has nothing to sweep', async () => {
  expect(await sweepUploadLeftovers(path.join(tmpdir(), 'no-such-media-folder-here'), 0)).toBe(0);
});
