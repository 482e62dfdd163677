import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { startDidFake, type DidFake } from '../../../../tests/fakes/did';
import { startHeygenFake, type HeygenFake } from '../../../../tests/fakes/heygen';
import { startModelsLabFake, type ModelsLabFake } from '../../../../tests/fakes/modelslab';
import { startTavusFake, type TavusFake } from '../../../../tests/fakes/tavus';
import { seedDemo } from '../../../data/db/seed';
import type { ChangeEvent } from '../../../data/events';
import { contractBody, createTestApp, errorBody, type TestApp } from '../../../testing';
import { createCredentials, type Credentials } from '../credentials';
import { pollDueVideoJobs, startVideoPoller } from './jobs';

// Ports of the video range, one per fake.
let heygen: HeygenFake;
let tavus: TavusFake;
let did: DidFake;
let modelslab: ModelsLabFake;
let credentials: Credentials;
let t: TestApp;

beforeAll(async () => {
  [heygen, tavus, did, modelslab] = await Promise.all([
    startHeygenFake(0, { apiKey: 'hg-key-123456', pollsUntilDone: 3 }),
    startTavusFake(0, { apiKey: 'tv-key-123456', pollsUntilDone: 2 }),
    startDidFake(0, { apiKey: 'did-user:did-pass', pollsUntilDone: 2 }),
    startModelsLabFake(0, { apiKey: 'ml-key-123456', pollsUntilDone: 2 }),
  ]);
  credentials = createCredentials({
    HEYGEN_API_URL: heygen.url,
    HEYGEN_API_KEY: 'hg-key-123456',
    TAVUS_API_URL: tavus.url,
    TAVUS_API_KEY: 'tv-key-123456',
    DID_API_URL: did.url,
    DID_API_KEY: 'did-user:did-pass',
    MODELSLAB_API_URL: `${modelslab.url}/api`,
    MODELSLAB_API_KEY: 'ml-key-123456',
    VIDAU_API_KEY: 'va-key-123456',
    VIDEO_POLL_INTERVAL_MS: '60000',
  });
  t = await createTestApp({ credentials });
  await seedDemo(t.database.db);
});
afterAll(async () => {
  await t.close();
  await Promise.all([heygen, tavus, did, modelslab].map((f) => f.close()));
});
beforeEach(async () => {
  for (const f of [heygen, tavus, did, modelslab]) f.requests.length = 0;
  // Each test follows only its own jobs.
  await t.database.db.execute(sql`UPDATE video_jobs SET state = 'parked' WHERE state = 'following'`);
});

const deps = () => ({ database: t.database, events: t.events, credentials });
/** Makes every open job due now (the poll interval is a minute in these tests: no poll happens by itself). */
const makeDue = () =>
  t.database.db.execute(
    sql`UPDATE video_jobs SET next_poll_at = now() - interval '1 second', lease_until = NULL WHERE state = 'following'`,
  );
const pollNow = async () => {
  await makeDue();
  return pollDueVideoJobs(deps());
};
const project = async (id: string) =>
  (await contractBody('video.projects', await t.call('/video/projects'))).find((p) => p.id === id);

test('HeyGen: the job is created with the documented body, followed to completed, and the file is streamed with ranges', async () => {
  const avatars = await contractBody('video.providerAvatars', await t.call('/video/heygen/avatars'));
  expect(avatars.map((a) => a.id)).toEqual(['Angela-inTshirt-20220820', 'Tyler-incasualsuit-20220721']);

  const created = await contractBody(
    'video.providerGenerate',
    await t.call('/video/heygen/generate', {
      method: 'POST',
      json: {
        avatar: 'Angela-inTshirt-20220820',
        script: 'Guten Abend, hier sind die Nachrichten.',
        background: 'news-studio',
        voice: 'german-female-1',
      },
    }),
  );
  expect(created).toMatchObject({
    status: 'processing',
    progress: 0,
    platform: 'heygen',
    avatar: 'Angela-inTshirt-20220820',
    url: null,
  });
  const sent = heygen.requests.find((r) => r.method === 'POST' && r.path === '/v2/video/generate');
  expect(sent?.headers['x-api-key']).toBe('hg-key-123456');
  expect(sent?.body).toMatchObject({
    video_inputs: [
      {
        character: { type: 'avatar', avatar_id: 'Angela-inTshirt-20220820' },
        voice: {
          type: 'text',
          input_text: 'Guten Abend, hier sind die Nachrichten.',
          voice_id: '2d5b0e6cf36f460aa7fc47e3eee4ba54',
        },
        background: { type: 'color', value: '#1E293B' },
      },
    ],
    dimension: { width: 1280, height: 720 },
  });

  const events: ChangeEvent[] = [];
  const unsubscribe = t.events.subscribe((e) => events.push(e));
  expect(await pollNow()).toBe(1);
  const first = await contractBody('video.status', await t.call(`/video/heygen/status/${created.id}`));
  expect(first.status).toBe('processing');
  expect(first.progress).toBeGreaterThan(0);
  await expect
    .poll(() => events.some((e) => e.topic === 'video' && e.action === 'updated' && e.id === created.id))
    .toBe(true);
  await pollNow();
  const second = await contractBody('video.status', await t.call(`/video/heygen/status/${created.id}`));
  expect(second.progress).toBeGreaterThan(first.progress);
  await pollNow();
  unsubscribe();

  const done = await project(created.id);
  expect(done).toMatchObject({ status: 'completed', progress: 100, duration: '0:04' });
  expect(done?.url).toMatch(new RegExp(`^http://localhost/api/video/heygen/file/${created.id}\\?exp=\\d+&sig=`));
  expect(
    heygen.requests.filter((r) => r.path === '/v1/video_status.get').map((r) => r.query.get('video_id')),
  ).toHaveLength(3);
  expect(await pollNow()).toBe(0);

  // The bearer download and the signed address (no header: what <video src> sends) stream the provider's file.
  const download = await t.call(`/video/heygen/download/${created.id}`);
  expect(download.status).toBe(200);
  expect(download.headers.get('content-type')).toBe('video/webm');
  const bytes = new Uint8Array(await download.arrayBuffer());
  expect([...bytes.slice(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  const signedPath = new URL(done?.url ?? '').pathname + new URL(done?.url ?? '').search;
  const ranged = await t.app.request(signedPath, { headers: { Range: 'bytes=0-9' } });
  expect(ranged.status).toBe(206);
  expect(ranged.headers.get('content-range')).toBe(`bytes 0-9/${bytes.length}`);
  expect((await ranged.arrayBuffer()).byteLength).toBe(10);
  const forged = await t.app.request(signedPath.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'));
  expect(forged.status).toBe(403);
  expect((await errorBody(forged)).message).toBe('Die Adresse dieses Videos ist ungültig.');
});

test("HeyGen: a render failure marks the project failed with the provider's reason in German; Retry makes a new job", async () => {
  const created = await contractBody(
    'video.generate',
    await t.call('/video/generate', {
      method: 'POST',
      json: {
        platform: 'heygen',
        avatar: 'Tyler-incasualsuit-20220721',
        script: 'FEHLSCHLAG bitte',
        voice: 'german-male-1',
      },
    }),
  );
  for (let i = 0; i < 3; i++) await pollNow();
  expect((await project(created.id))?.status).toBe('failed');
  const overview = await t.call('/dashboard/overview');
  expect(JSON.stringify(await overview.json())).toContain(
    'HeyGen meldet einen Fehler bei der Erstellung: Video is too long (> 3600.0s)',
  );

  const retried = await contractBody(
    'video.retryProject',
    await t.call(`/video/projects/${created.id}/retry`, { method: 'POST' }),
  );
  expect(retried).toMatchObject({ id: created.id, status: 'processing', progress: 0 });
  expect(heygen.requests.filter((r) => r.path === '/v2/video/generate')).toHaveLength(2);
});

test('HeyGen: a wrong key, a refused body, a rate limit and an outage answer German errors; nothing is stored', async () => {
  const before = (await contractBody('video.projects', await t.call('/video/projects'))).length;
  const wrong = await createTestApp({
    database: t.database,
    credentials: createCredentials({ HEYGEN_API_URL: heygen.url, HEYGEN_API_KEY: 'falscher-schluessel' }),
  });
  try {
    const refused = await wrong.call('/video/heygen/generate', {
      method: 'POST',
      json: { avatar: 'Angela-inTshirt-20220820', script: 'Hallo', voice: 'german-male-1' },
    });
    expect(refused.status).toBe(502);
    const body = await errorBody(refused);
    expect(body.message).toBe('HeyGen hat den API-Schlüssel abgelehnt (HTTP 401): Unauthorized: invalid API key');
    expect(JSON.stringify(body)).not.toContain('falscher-schluessel');
  } finally {
    await wrong.close();
  }

  const unknown = await t.call('/video/heygen/generate', {
    method: 'POST',
    json: { avatar: 'gibt-es-nicht', script: 'Hallo', voice: 'german-male-1' },
  });
  expect(unknown.status).toBe(422);
  expect((await errorBody(unknown)).message).toBe(
    'HeyGen hat die Anfrage abgelehnt (HTTP 400): Avatar gibt-es-nicht not found',
  );

  const noVoice = await t.call('/video/heygen/generate', {
    method: 'POST',
    json: { avatar: 'Angela-inTshirt-20220820', script: 'Hello', voice: 'english-male-1' },
  });
  expect(noVoice.status).toBe(422);
  expect((await errorBody(noVoice)).message).toBe(
    'HeyGen bietet keine Stimme für Englisch, männlich – bitte HEYGEN_VOICE_ID setzen.',
  );

  const missing = await t.call('/video/heygen/generate', {
    method: 'POST',
    json: { avatar: 'Angela-inTshirt-20220820', script: '  ' },
  });
  expect(missing.status).toBe(400);
  expect((await errorBody(missing)).message).toBe('Bitte Avatar und Script auswählen.');

  heygen.failNext({
    status: 429,
    body: { error: { code: 'rate_limit_exceeded', message: 'Too many requests' } },
    headers: { 'Retry-After': '7' },
  });
  const limited = await t.call('/video/heygen/generate', {
    method: 'POST',
    json: { avatar: 'Angela-inTshirt-20220820', script: 'Hallo', voice: 'german-male-1' },
  });
  expect(limited.status).toBe(429);
  expect(limited.headers.get('retry-after')).toBe('7');
  expect((await errorBody(limited)).message).toBe('HeyGen: Rate limit erreicht – bitte in 7 s erneut versuchen.');

  heygen.failNext({ status: 503, body: { error: { code: 'internal_error', message: 'Service unavailable' } } });
  const down = await t.call('/video/heygen/generate', {
    method: 'POST',
    json: { avatar: 'Angela-inTshirt-20220820', script: 'Hallo', voice: 'german-male-1' },
  });
  expect(down.status).toBe(502);
  expect((await errorBody(down)).message).toBe(
    'HeyGen ist vorübergehend nicht verfügbar (HTTP 503): Service unavailable',
  );
  expect((await contractBody('video.projects', await t.call('/video/projects'))).length).toBe(before);
});

test('a rate limit while following only postpones the poll (Retry-After), it does not fail the job', async () => {
  const created = await contractBody(
    'video.heygenCreate',
    await t.call('/video/heygen/create', {
      method: 'POST',
      json: { avatar: 'Angela-inTshirt-20220820', script: 'Geduld.', voice: 'german-male-1' },
    }),
  );
  heygen.failNext({
    status: 429,
    body: { error: { code: 'rate_limit_exceeded', message: 'Too many requests' } },
    headers: { 'Retry-After': '120' },
  });
  await pollNow();
  expect((await project(created.id))?.status).toBe('processing');
  const [row] = (
    (await t.database.db.execute(
      sql`SELECT next_poll_at > now() + interval '100 seconds' AS later, state FROM video_jobs WHERE project_id = ${created.id}`,
    )) as unknown as { rows: { later: boolean; state: string }[] }
  ).rows;
  expect(row).toEqual({ later: true, state: 'following' });
  for (let i = 0; i < 3; i++) await pollNow();
  expect((await project(created.id))?.status).toBe('completed');
});

test('a restart resumes unfinished jobs: a new instance on the same database follows them, a crashed lease runs out', async () => {
  const created = await contractBody(
    'video.providerGenerate',
    await t.call('/video/heygen/generate', {
      method: 'POST',
      json: { avatar: 'Angela-inTshirt-20220820', script: 'Nach dem Neustart.', voice: 'german-male-1' },
    }),
  );
  // An instance claimed the job and died: its lease still holds, so nobody else asks the provider yet.
  await t.database.db.execute(
    sql`UPDATE video_jobs SET next_poll_at = now() - interval '1 second', lease_until = now() + interval '1 hour' WHERE project_id = ${created.id}`,
  );
  expect(await pollDueVideoJobs(deps())).toBe(0);
  await t.database.db.execute(
    sql`UPDATE video_jobs SET lease_until = now() - interval '1 second' WHERE project_id = ${created.id}`,
  );

  // The restarted instance: a new app and a running poller on the same database, with a short interval.
  const fast = createCredentials({
    HEYGEN_API_URL: heygen.url,
    HEYGEN_API_KEY: 'hg-key-123456',
    VIDEO_POLL_INTERVAL_MS: '50',
  });
  const restarted = await createTestApp({ database: t.database, credentials: fast });
  const poller = startVideoPoller({
    database: t.database,
    events: restarted.events,
    credentials: fast,
  });
  try {
    await expect.poll(async () => (await project(created.id))?.status, { timeout: 10_000 }).toBe('completed');
  } finally {
    await poller.stop();
    await restarted.close();
  }
});

test('Tavus: replicas as avatars, POST /v2/videos with x-api-key, generation_progress shown, ready → completed', async () => {
  const avatars = await contractBody('video.providerAvatars', await t.call('/video/tavus/avatars'));
  expect(avatars).toEqual([
    {
      id: 'rfe12d8b9597',
      name: 'Anna (Stock)',
      preview: 'https://cdn.tavus.io/anna.mp4',
      voice: '',
      platform: 'tavus',
    },
  ]);
  const created = await contractBody(
    'video.tavusCreate',
    await t.call('/video/tavus/create', {
      method: 'POST',
      json: { avatar: 'rfe12d8b9597', script: 'Willkommen.', title: 'Tavus-Test' },
    }),
  );
  expect(created.title).toBe('Tavus-Test');
  const sent = tavus.requests.find((r) => r.method === 'POST' && r.path === '/v2/videos');
  expect(sent?.headers['x-api-key']).toBe('tv-key-123456');
  expect(sent?.body).toEqual({ replica_id: 'rfe12d8b9597', script: 'Willkommen.', video_name: 'Tavus-Test' });
  await pollNow();
  expect((await contractBody('video.status', await t.call(`/video/tavus/status/${created.id}`))).progress).toBe(50);
  await pollNow();
  expect((await project(created.id))?.status).toBe('completed');
  expect((await t.call(`/video/tavus/download/${created.id}`)).status).toBe(200);

  const bad = await t.call('/video/tavus/generate', { method: 'POST', json: { avatar: 'r783537ef5', script: 'x' } });
  expect(bad.status).toBe(422);
  expect((await errorBody(bad)).message).toBe(
    'Tavus hat die Anfrage abgelehnt (HTTP 400): Invalid replica_id: r783537ef5',
  );
});

test('D-ID: POST /talks with Basic auth, the avatar image and a Microsoft voice; an error talk fails the project', async () => {
  const created = await contractBody(
    'video.didCreate',
    await t.call('/video/did/create', {
      method: 'POST',
      json: { avatar: 'avatar-sophie', script: 'Das Wetter.', voice: 'german-female-1' },
    }),
  );
  const sent = did.requests.find((r) => r.method === 'POST' && r.path === '/talks');
  expect(sent?.headers.authorization).toBe('Basic did-user:did-pass');
  expect(sent?.body).toMatchObject({
    script: { type: 'text', input: 'Das Wetter.', provider: { type: 'microsoft', voice_id: 'de-DE-KatjaNeural' } },
  });
  expect(String((sent?.body as { source_url: string }).source_url)).toMatch(/^https?:\/\//);
  await pollNow();
  await pollNow();
  expect((await project(created.id))?.status).toBe('completed');

  const failing = await contractBody(
    'video.didCreate',
    await t.call('/video/did/create', {
      method: 'POST',
      json: { avatar: 'avatar-sophie', script: 'FEHLSCHLAG', voice: 'german-male-1' },
    }),
  );
  await pollNow();
  await pollNow();
  expect((await project(failing.id))?.status).toBe('failed');
  expect(JSON.stringify(await (await t.call('/dashboard/overview')).json())).toContain(
    'D-ID meldet einen Fehler bei der Erstellung: Failed to detect a face in the source image',
  );
});

test('ModelsLab: the key goes in the body; an error answer with HTTP 200 is still an error', async () => {
  const created = await contractBody(
    'video.modelslabGenerate',
    await t.call('/video/modelslab/generate', { method: 'POST', json: { script: 'Ein Sonnenuntergang über Berlin.' } }),
  );
  const sent = modelslab.requests.find((r) => r.path === '/api/v6/video/text2video');
  expect(sent?.body).toMatchObject({ key: 'ml-key-123456', prompt: 'Ein Sonnenuntergang über Berlin.' });
  await pollNow();
  await pollNow();
  expect((await project(created.id))?.status).toBe('completed');

  const wrong = await createTestApp({
    database: t.database,
    credentials: createCredentials({ MODELSLAB_API_URL: `${modelslab.url}/api`, MODELSLAB_API_KEY: 'falsch' }),
  });
  try {
    const refused = await wrong.call('/video/modelslab/generate', { method: 'POST', json: { script: 'x' } });
    expect(refused.status).toBe(422);
    expect((await errorBody(refused)).message).toBe('ModelsLab hat die Anfrage abgelehnt: Invalid Api Key');
  } finally {
    await wrong.close();
  }
});

test('VidAU has no public API for avatar videos: a clear German 501 (503 while no key is set)', async () => {
  const answer = await t.call('/video/vidau/create', { method: 'POST', json: { avatar: 'a', script: 'x' } });
  expect(answer.status).toBe(501);
  expect((await errorBody(answer)).message).toBe(
    'VidAU bietet keine öffentliche Schnittstelle zum Erzeugen von Avatar-Videos – bitte einen anderen Video-Anbieter wählen.',
  );
  const bare = await createTestApp({ database: t.database });
  try {
    const none = await bare.call('/video/heygen/generate', { method: 'POST', json: { avatar: 'a', script: 'x' } });
    expect(none.status).toBe(503);
    expect((await errorBody(none)).message).toBe('Der Video-Anbieter HeyGen ist nicht konfiguriert.');
  } finally {
    await bare.close();
  }
});
