// @vitest-environment node
/**
 * „Schlagzeile auf Sendung“ with a REAL OBS Studio (the harness in this folder): the Newsdesk server's own pipeline
 * writes and publishes a story without review; its headline is then in OBS's text source and its public video address
 * on an ffmpeg_source (made here with CreateInput), which OBS fetches from the desk. Ports are free ones.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { OBSWebSocket } from 'obs-websocket-js/json';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseEnv } from '../../server/env';
import { startServer, type Running } from '../../server/server';
import { startFeedServer, storyFixtures, type FeedServer } from '../fakes/feeds';
import { OBS_TEXT_SOURCE, startObs, type ObsHarness } from './obs-harness';

const TOKEN = 'on-air-integration-token-0123456';
const MEDIA = 'Newsdesk Video';
const SCENE = 'main-studio';
let obs: ObsHarness | undefined;
let newsdesk: Running | undefined;
let feeds: FeedServer | undefined;
let direct: OBSWebSocket | undefined;
let dataDir = '';
const requested: string[] = [];
const original = console.log;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function api(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
  if (!newsdesk) throw new Error('server not started');
  return fetch(`${newsdesk.url}/api${pathAndQuery}`, {
    ...init,
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', ...init.headers },
  });
}
const json = async <T>(pending: Response | Promise<Response>): Promise<T> => {
  const response = await pending;
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
};

async function until<T>(fn: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  obs = await startObs();
  direct = new OBSWebSocket();
  direct.on('ConnectionError', () => undefined);
  await direct.connect(`ws://${obs.host}:${obs.port}`, obs.password, { rpcVersion: 1 });
  // A media source in the program scene, as a studio would set one up (a local file until the desk points it elsewhere).
  const { inputs } = await direct.call('GetInputList');
  if (!inputs.some((i) => i.inputName === MEDIA)) {
    await direct.call('CreateInput', {
      sceneName: SCENE,
      inputName: MEDIA,
      inputKind: 'ffmpeg_source',
      inputSettings: { is_local_file: true, local_file: '' },
      sceneItemEnabled: true,
    });
  }
  feeds = await startFeedServer();
  const { alpha, beta } = storyFixtures(feeds.url);
  feeds.set('/alpha.xml', { body: alpha });
  feeds.set('/beta.atom', { body: beta, type: 'application/atom+xml' });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-on-air-'));
  const port = await freePort();
  // The request log shows which addresses OBS fetched from the desk.
  console.log = (...args: unknown[]) => {
    const line = args.map(String).join(' ');
    if (line.startsWith('GET /news/')) requested.push(line);
  };
  newsdesk = await startServer(
    parseEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      NEWSDESK_TOKEN: TOKEN,
      NEWSDESK_DATA_DIR: dataDir,
      NEWSDESK_PUBLIC_URL: `http://127.0.0.1:${port}`,
      NEWSDESK_FETCH_PRIVATE: '1',
      NEWSDESK_DEFAULT_SOURCES: '0',
      NEWSDESK_JOB_POLL_MS: '500',
      OBS_URL: `ws://${obs.host}:${obs.port}`,
      OBS_PASSWORD: obs.password,
      OBS_NAME: 'Studio',
    }),
    { log: true },
  );
  await until(
    () => json<Array<{ state: string }>>(api('/obs/instances')),
    (list) => list[0]?.state === 'connected',
  );
  for (const [name, feed] of [
    ['Alpha Nachrichten', '/alpha.xml'],
    ['Beta Zeitung', '/beta.atom'],
  ]) {
    await json(
      api('/sources', {
        method: 'POST',
        body: JSON.stringify({ name, url: `${feeds.url}${feed}`, category: 'general', language: 'de' }),
      }),
    );
  }
  await json(api('/sources/fetch', { method: 'POST' }));
}, 120_000);

afterAll(async () => {
  await direct?.disconnect().catch(() => undefined);
  await newsdesk?.stop();
  await obs?.stop();
  await feeds?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  console.log = original;
}, 30_000);

it('a story the pipeline publishes goes on air: its headline in the text source, its video address on the media source', async () => {
  const settings = await json<{ review: boolean; onAir: { enabled: boolean; mediaSource: string } }>(
    api('/settings', {
      method: 'PATCH',
      body: JSON.stringify({ review: false, onAir: { enabled: true, mediaSource: MEDIA } }),
    }),
  );
  expect(settings).toMatchObject({ review: false, onAir: { enabled: true, mediaSource: MEDIA } });
  const { executionId } = await json<{ executionId: string }>(
    api('/workflow/ai-news/start', {
      method: 'POST',
      body: JSON.stringify({ topic: 'Breaking News', language: 'de', platforms: [] }),
    }),
  );
  type RunView = { id: string; status: string; log: string[]; artefacts?: Array<{ kind: string; id: string }> };
  const run = await until(
    async () => (await json<RunView[]>(api('/workflow/runs?limit=10'))).find((r) => r.id === executionId),
    (r) => r !== undefined && r.status !== 'running',
    90_000,
  );
  expect(run?.status).toBe('success');
  const storyId = run?.artefacts?.find((a) => a.kind === 'story')?.id ?? '';
  const story = await json<{ title: string; status: string; publicUrl: string; videoUrl: string | null }>(
    api(`/news/${storyId}`),
  );
  expect(story.status).toBe('published');
  expect(story.videoUrl).toBe(`${story.publicUrl}/video`);
  expect(
    run?.log.some((line) => line.endsWith(`Auf Sendung: Schlagzeile in „${OBS_TEXT_SOURCE}“, Video in „${MEDIA}“.`)),
  ).toBe(true);

  // Read back from OBS itself, over the test's own connection.
  const text = await direct?.call('GetInputSettings', { inputName: OBS_TEXT_SOURCE });
  expect(text?.inputSettings.text).toBe(story.title);
  const media = await direct?.call('GetInputSettings', { inputName: MEDIA });
  expect(media?.inputKind).toBe('ffmpeg_source');
  expect(media?.inputSettings).toMatchObject({
    is_local_file: false,
    input: story.videoUrl,
    restart_on_activate: true,
    looping: false,
  });
  // The source is shown in the program scene, so OBS opens the address at once: the desk serves it the video.
  const slug = new URL(story.publicUrl).pathname;
  await until(
    async () => requested,
    (lines) => lines.some((l) => l.startsWith(`GET ${slug}/video 200`) || l.startsWith(`GET ${slug}/video 206`)),
    15_000,
  );
}, 120_000);
