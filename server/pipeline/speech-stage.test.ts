// The pipeline's TTS stage speaks by the desk's roles from the server settings (Admin's Switch writes them there): the
// primary's provider first, the other one when they are swapped; the audio is a media item of type audio.
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AZURE_KEY, startAzureSpeech } from '../../tests/fakes/azure-speech';
import { ELEVENLABS_KEY, startElevenLabs } from '../../tests/fakes/elevenlabs';
import type { Fake } from '../../tests/fakes/fake-http';
import type { Run } from '../../src/contract';
import { media, news, newsTexts, runs } from '../data/db/schema';
import { createCredentials, type Credentials } from '../adapters/providers/credentials';
import { contractBody, createTestApp, type TestApp } from '../testing';
import { runStage } from './stages';

let eleven: Fake, azure: Fake, t: TestApp, credentials: Credentials;

beforeAll(async () => {
  [eleven, azure] = await Promise.all([startElevenLabs(0), startAzureSpeech(0)]);
  credentials = createCredentials({
    ELEVENLABS_API_URL: eleven.url,
    AZURE_SPEECH_URL: azure.url,
    ELEVENLABS_API_KEY: ELEVENLABS_KEY,
    AZURE_SPEECH_KEY: AZURE_KEY,
  });
  t = await createTestApp({ credentials });
});
afterAll(async () => {
  await t.close();
  await Promise.all([eleven.close(), azure.close()]);
});
beforeEach(() => {
  eleven.requests.length = 0;
  azure.requests.length = 0;
});

/** A run at its TTS stage: a story filed by AI Analyse, with the trigger's voice and language. */
async function runAtTts(params: Record<string, unknown>): Promise<Run> {
  const { db } = t.database;
  const id = `run-${randomUUID()}`;
  const newsId = `news-${randomUUID()}`;
  await db
    .insert(runs)
    .values({ id, workflowId: 'ai-news', topic: 'Energie', status: 'running', tokenHash: 'x', engine: 'desk', params });
  await db.insert(news).values({
    id: newsId,
    title: 'Bundestag beschließt Energiegesetz',
    source: 'Alpha Nachrichten',
    category: 'general',
    status: 'draft',
    createdAt: new Date().toISOString(),
    runId: id,
  });
  await db
    .insert(newsTexts)
    .values({ newsId, body: 'Der Bundestag hat ein Gesetz beschlossen [1].', model: 'extraktiv' });
  return {
    id,
    workflowId: 'ai-news',
    topic: 'Energie',
    status: 'running',
    startedAt: new Date().toISOString(),
    stages: [],
    log: [],
    artefacts: [{ kind: 'story', id: newsId, title: 'Bundestag beschließt Energiegesetz', stage: 'AI Analyse' }],
  };
}

const speak = async (run: Run, attempt = 1) =>
  runStage('TTS', {
    deps: {
      database: t.database,
      events: t.events,
      credentials,
      mediaDir: t.mediaDir,
      social: t.social,
    },
    engine: t.engine,
    run,
    signal: new AbortController().signal,
    allowPrivate: true,
    fetch,
    attempt,
  });

const logOf = async (id: string) =>
  (await t.database.db.select({ log: runs.log }).from(runs).where(eq(runs.id, id)))[0]?.log.join('\n') ?? '';

test("the TTS stage speaks with the settings' primary, and with the other provider once Admin's Switch swapped them", async () => {
  const first = await runAtTts({ voice: 'german-male-1', language: 'de' });
  const outcome = await speak(first);
  expect([eleven.requests.length, azure.requests.length]).toEqual([1, 0]);
  // The run's voice through the voice table; the script as spoken, without its citation marks.
  expect(eleven.requests[0]?.path).toBe('/v1/text-to-speech/pNInz6obpgDQGcFmaJgB');
  expect(JSON.parse(eleven.requests[0]?.body ?? '{}')).toMatchObject({
    text: 'Der Bundestag hat ein Gesetz beschlossen.',
  });
  expect(await logOf(first.id)).toContain('TTS: Gesprochen von ElevenLabs');
  const audio = outcome.artefacts?.[0];
  expect(audio).toMatchObject({ kind: 'audio', title: 'Bundestag beschließt Energiegesetz (Sprecher)' });
  const [item] = await t.database.db
    .select()
    .from(media)
    .where(eq(media.id, audio?.id ?? ''));
  expect(item).toMatchObject({
    type: 'audio',
    mime: 'audio/mpeg',
    title: 'Bundestag beschließt Energiegesetz (Sprecher)',
  });
  expect(item?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  await contractBody(
    'settings.update',
    await t.call('/settings', { method: 'PATCH', json: { ttsRoles: { primary: 'azure', backup: 'elevenlabs' } } }),
  );
  eleven.requests.length = 0;
  const second = await runAtTts({ voice: 'german-male-1', language: 'de' });
  await speak(second);
  expect([eleven.requests.length, azure.requests.length]).toEqual([0, 1]);
  expect(azure.requests[0]?.body).toContain("<voice name='de-DE-ConradNeural'>");
  expect(await logOf(second.id)).toContain('TTS: Gesprochen von Azure Speech');
});

test('the same attempt taken over after a crash files no second audio; a Retry, a new attempt, speaks anew', async () => {
  const run = await runAtTts({ voice: 'german-male-1', language: 'de' });
  const first = await speak(run, 7);
  // The instance died before the engine recorded the audio: another one takes the same job over.
  const again = await speak(run, 7);
  expect(again.artefacts).toEqual(first.artefacts);
  expect(eleven.requests.length + azure.requests.length).toBe(1);
  const filed = await t.database.db
    .select({ id: media.id })
    .from(media)
    .where(eq(media.title, 'Bundestag beschließt Energiegesetz (Sprecher)'));
  expect(filed.filter((m) => m.id.includes(run.id))).toHaveLength(1);

  const retried = await speak(run, 8);
  expect(retried.artefacts?.[0]?.id).not.toBe(first.artefacts?.[0]?.id);
  expect(eleven.requests.length + azure.requests.length).toBe(2);
});

test('the primary from the settings without a key yields to the other provider; without either key eSpeak-NG speaks', async () => {
  await contractBody(
    'settings.update',
    await t.call('/settings', { method: 'PATCH', json: { ttsRoles: { primary: 'elevenlabs', backup: 'azure' } } }),
  );
  const azureOnly = createCredentials({
    ELEVENLABS_API_URL: eleven.url,
    AZURE_SPEECH_URL: azure.url,
    AZURE_SPEECH_KEY: AZURE_KEY,
  });
  const deps = { database: t.database, events: t.events, mediaDir: t.mediaDir, social: t.social };
  const run = await runAtTts({ voice: 'Anna', language: 'de' });
  await runStage('TTS', {
    deps: { ...deps, credentials: azureOnly },
    engine: t.engine,
    run,
    signal: new AbortController().signal,
    allowPrivate: true,
    fetch,
    attempt: 1,
  });
  expect([eleven.requests.length, azure.requests.length]).toEqual([0, 1]);

  const bare = await runAtTts({ voice: 'Anna', language: 'de' });
  const outcome = await runStage('TTS', {
    deps: { ...deps, credentials: createCredentials({}) },
    engine: t.engine,
    run: bare,
    signal: new AbortController().signal,
    allowPrivate: true,
    fetch,
    attempt: 1,
  });
  expect([eleven.requests.length, azure.requests.length]).toEqual([0, 1]);
  expect(await logOf(bare.id)).toContain('TTS: Gesprochen von eSpeak-NG (eingebettet)');
  const [item] = await t.database.db
    .select()
    .from(media)
    .where(eq(media.id, outcome.artefacts?.[0]?.id ?? ''));
  expect(item).toMatchObject({ type: 'audio', mime: 'audio/wav' });
  expect(item?.duration).toMatch(/^0:0[1-9]$/);
}, 60_000);
