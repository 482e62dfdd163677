import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { contractBody, createTestApp, errorBody, TEST_SIGNER, type TestApp } from '../../testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ maxUploadBytes: 64 * 1024 });
});
afterAll(() => t.close());

/** A WebM (EBML magic) of `size` bytes whose byte i is i % 251, so ranges can be checked. */
/** An EBML header with the DocType „webm“ (0x4282), as a WebM file begins, then filler. */
function webm(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size).map((_, i) => i % 251);
  bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d], 0);
  return bytes;
}

function form(file: Uint8Array<ArrayBuffer>, name: string, type: string, metadata?: unknown): FormData {
  const data = new FormData();
  data.append('media', new File([file], name, { type }));
  if (metadata !== undefined) data.append('metadata', JSON.stringify(metadata));
  return data;
}

test('an uploaded video is stored on disk, listed, served with ranges, and deleted with its file', async () => {
  const bytes = webm(20_000);
  // Signed addresses change with the six-hour window they fall in.
  const windowOf = () => Math.floor(Date.now() / 21_600_000);
  const uploadWindow = windowOf();
  const uploaded = await contractBody(
    'media.upload',
    await t.call('/media/upload', {
      method: 'POST',
      body: form(bytes, 'clip.webm', 'video/webm', { title: 'Studio-Clip', duration: '0:04' }),
    }),
  );
  expect(uploaded).toMatchObject({ title: 'Studio-Clip', type: 'video', duration: '0:04', size: '0.0 MB', views: 0 });
  expect(readdirSync(t.mediaDir)).toEqual([`${uploaded.id}.webm`]);
  expect((await contractBody('media.list', await t.call('/media')))[0].id).toBe(uploaded.id);

  const url = new URL(uploaded.url);
  expect(url.pathname).toBe(`/api/media/${uploaded.id}/file`);
  // The file address works without the Authorization header (a <video> cannot send one) but only with its signature.
  const whole = await t.app.request(url.pathname + url.search);
  expect(whole.status).toBe(200);
  expect(whole.headers.get('Content-Type')).toBe('video/webm');
  expect(whole.headers.get('Accept-Ranges')).toBe('bytes');
  expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);
  const part = await t.app.request(url.pathname + url.search, { headers: { Range: 'bytes=1000-1009' } });
  expect(part.status).toBe(206);
  expect(part.headers.get('Content-Range')).toBe('bytes 1000-1009/20000');
  expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(1000, 1010));
  const tail = await t.app.request(url.pathname + url.search, { headers: { Range: 'bytes=19990-' } });
  expect(tail.headers.get('Content-Range')).toBe('bytes 19990-19999/20000');
  expect((await t.app.request(url.pathname + url.search, { headers: { Range: 'bytes=30000-' } })).status).toBe(416);
  expect((await t.app.request(`${url.pathname}?sig=falsch`)).status).toBe(403);
  // Listed again within the window: the same address, so a playing <video> keeps its source (unless the list crossed
  // into the next window, where a new address is right).
  const listed = (await contractBody('media.list', await t.call('/media')))[0].url;
  if (windowOf() === uploadWindow) expect(listed).toBe(uploaded.url);
  // Past its expiry the address is refused with its own reason; the console's next list brings a fresh one.
  const expired = `${url.pathname}?${TEST_SIGNER.query('media', uploaded.id, Math.floor(Date.now() / 1000) - 1)}`;
  const refused = await t.app.request(expired);
  expect(refused.status).toBe(403);
  expect(await errorBody(refused)).toMatchObject({
    message: 'Die Adresse dieser Datei ist abgelaufen. Bitte die Ansicht neu laden.',
    code: 'expired_signature',
  });
  const exp = Number(url.searchParams.get('exp')) * 1000;
  expect(exp - Date.now()).toBeGreaterThan(6 * 3600_000 - 60_000);
  expect(exp - Date.now()).toBeLessThanOrEqual(12 * 3600_000);

  expect((await t.call(`/media/${uploaded.id}`, { method: 'DELETE' })).status).toBe(204);
  expect(existsSync(path.join(t.mediaDir, `${uploaded.id}.webm`))).toBe(false);
  expect((await t.app.request(url.pathname + url.search)).status).toBe(404);
  expect((await t.call(`/media/${uploaded.id}`, { method: 'DELETE' })).status).toBe(404);
});

test('the type is checked by content: a script named .mp4 is refused with 415 and nothing is kept', async () => {
  const script = new TextEncoder().encode('<script>alert(1)</script>'.repeat(4));
  const refused = await t.call('/media/upload', { method: 'POST', body: form(script, 'film.mp4', 'video/mp4') });
  expect(refused.status).toBe(415);
  expect((await errorBody(refused)).message).toBe(
    'Dateityp nicht unterstützt: erlaubt sind Video-, Audio- und Bilddateien.',
  );
  expect(readdirSync(t.mediaDir)).toEqual([]);
  // A real PNG with a wrong claimed type is accepted as the image it is.
  const png = new Uint8Array(64);
  png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const image = await contractBody(
    'media.upload',
    await t.call('/media/upload', { method: 'POST', body: form(png, 'bild.bin', 'application/octet-stream') }),
  );
  expect(image).toMatchObject({ type: 'image', duration: null, title: 'bild.bin' });
  expect(image.thumbnail).toBe(image.url);
});

test('an AVIF or HEIC photo (an ftyp file) is stored and served as the image it is, not as a video', async () => {
  const iso = (brand: string) => {
    const bytes = new Uint8Array(64);
    bytes.set([0x00, 0x00, 0x00, 0x20]);
    bytes.set(new TextEncoder().encode(`ftyp${brand}`), 4);
    return bytes;
  };
  for (const [brand, mime] of [
    ['avif', 'image/avif'],
    ['heic', 'image/heic'],
  ]) {
    const stored = await contractBody(
      'media.upload',
      await t.call('/media/upload', { method: 'POST', body: form(iso(brand), `foto.${brand}`, 'video/mp4') }),
    );
    expect(stored.type).toBe('image');
    const file = await t.app.request(stored.url);
    expect(file.headers.get('content-type')).toBe(mime);
  }
  const film = await contractBody(
    'media.upload',
    await t.call('/media/upload', { method: 'POST', body: form(iso('isom'), 'film.mp4', 'video/mp4') }),
  );
  expect(film.type).toBe('video');
});

test('a file over the size limit is refused with 413 and leaves no partial file; missing file is 400', async () => {
  const before = readdirSync(t.mediaDir).length;
  const big = await t.call('/media/upload', {
    method: 'POST',
    body: form(webm(70 * 1024), 'gross.webm', 'video/webm'),
  });
  expect(big.status).toBe(413);
  expect((await errorBody(big)).message).toBe('Die Datei ist zu groß (höchstens 64 KB).');
  expect(readdirSync(t.mediaDir)).toHaveLength(before);
  const none = new FormData();
  none.append('metadata', '{}');
  const missing = await t.call('/media/upload', { method: 'POST', body: none });
  expect(missing.status).toBe(400);
  expect((await errorBody(missing)).message).toBe('Das Feld media (die Datei) fehlt.');
  const badMeta = new FormData();
  badMeta.append('media', new File([webm(100)], 'a.webm'));
  badMeta.append('metadata', '{kaputt');
  const refused = await t.call('/media/upload', { method: 'POST', body: badMeta });
  expect(refused.status).toBe(400);
  expect((await errorBody(refused)).message).toBe('Das Feld metadata ist kein gültiges JSON.');
  expect(readdirSync(t.mediaDir)).toHaveLength(before);
});
