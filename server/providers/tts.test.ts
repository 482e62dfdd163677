import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { AZURE_KEY, startAzureSpeech } from '../../tests/fakes/azure-speech';
import { ELEVENLABS_KEY, startElevenLabs } from '../../tests/fakes/elevenlabs';
import type { Fake } from '../../tests/fakes/fake-http';
import { HttpError } from '../errors';
import { createTestApp, errorBody, type TestApp } from '../testing';
import { createCredentials } from './credentials';
import { speakWithFailover } from './tts';

let eleven: Fake, azure: Fake, t: TestApp;
const env = () => ({ ELEVENLABS_API_URL: eleven.url, AZURE_SPEECH_URL: azure.url, ELEVENLABS_API_KEY: ELEVENLABS_KEY, AZURE_SPEECH_KEY: AZURE_KEY, ELEVENLABS_VOICE_ID: 'voiceAnna1' });

beforeAll(async () => {
  [eleven, azure] = await Promise.all([startElevenLabs(0), startAzureSpeech(0)]);
  t = await createTestApp({ providerEnv: env() });
});
afterAll(async () => {
  await t.close();
  await Promise.all([eleven.close(), azure.close()]);
});
beforeEach(() => {
  eleven.requests.length = 0;
  azure.requests.length = 0;
});

test('POST /tts/generate with elevenlabs calls its text-to-speech endpoint with the voice and model of the settings and answers the audio', async () => {
  const response = await t.call('/tts/generate', { method: 'POST', json: { text: 'Guten Abend.', provider: 'elevenlabs' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('audio/mpeg');
  expect(response.headers.get('x-tts-provider')).toBe('elevenlabs');
  expect(new Uint8Array(await response.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0x49, 0x44, 0x33]));
  const [sent] = eleven.requests;
  expect(sent).toMatchObject({ method: 'POST', path: '/v1/text-to-speech/voiceAnna1' });
  expect(sent?.headers['xi-api-key']).toBe(ELEVENLABS_KEY);
  expect(JSON.parse(sent?.body ?? '{}')).toEqual({ text: 'Guten Abend.', model_id: 'eleven_multilingual_v2' });
});

test('azure gets SSML with its subscription key and output format; the text is escaped', async () => {
  const response = await t.call('/tts/generate', { method: 'POST', json: { text: 'Tom & Jerry <live>', provider: 'azure' } });
  expect(response.status).toBe(200);
  const [sent] = azure.requests;
  expect(sent?.headers).toMatchObject({ 'ocp-apim-subscription-key': AZURE_KEY, 'content-type': 'application/ssml+xml', 'x-microsoft-outputformat': 'audio-24khz-48kbitrate-mono-mp3' });
  expect(sent?.body).toBe("<speak version='1.0' xml:lang='de-DE'><voice name='de-DE-KatjaNeural'>Tom &amp; Jerry &lt;live&gt;</voice></speak>");
});

test('one provider failing: 503 for a retryable answer (5xx, 429), 502 for a rejected key — German, without the key', async () => {
  eleven.failNext(500);
  const failed = await t.call('/tts/generate', { method: 'POST', json: { text: 'Hallo', provider: 'elevenlabs' } });
  expect(failed.status).toBe(503);
  expect(await errorBody(failed)).toEqual({ message: 'ElevenLabs meldet einen Fehler (HTTP 500): An internal error occurred.', code: 'provider_unavailable' });
  eleven.failNext(429);
  const limited = await t.call('/tts/generate', { method: 'POST', json: { text: 'Hallo', provider: 'elevenlabs' } });
  expect(limited.status).toBe(503);
  expect((await errorBody(limited)).message).toBe('ElevenLabs: Anfragelimit erreicht (HTTP 429): Too many concurrent requests for your subscription.');
  const wrongKey = await createTestApp({ database: t.database, providerEnv: { ...env(), ELEVENLABS_API_KEY: 'xi-wrong-key-0000000' } });
  try {
    const rejected = await wrongKey.call('/tts/generate', { method: 'POST', json: { text: 'Hallo', provider: 'elevenlabs' } });
    expect(rejected.status).toBe(502);
    const body = await rejected.text();
    expect(body).toContain('ElevenLabs lehnt den Schlüssel ab (HTTP 401): Invalid API key');
    expect(body).not.toContain('xi-wrong-key');
  } finally {
    await wrongKey.close();
  }
});

test('with a backup named, the server fails over: the primary rejected at once, the backup speaks, and the answer says so', async () => {
  const credentials = createCredentials({ ...env(), ELEVENLABS_API_KEY: 'xi-wrong-key-0000000' });
  const waits: number[] = [];
  const speech = await speakWithFailover('Hallo', 'elevenlabs', 'azure', credentials, {}, async (ms) => void waits.push(ms));
  expect(speech.provider).toBe('azure');
  expect(speech.primaryError).toBe('TTS failed: Unauthorized');
  expect(waits).toEqual([]);
});

test('SPEC §7/§8: the primary gets 1 retry, the backup 3 (2 s, 4 s, 8 s); both failing is TTS_SYSTEM with both reasons', async () => {
  const credentials = createCredentials(env());
  const waits: number[] = [];
  eleven.failNext(500, 2);
  azure.failNext(429, 4);
  const error = await speakWithFailover('Hallo', 'elevenlabs', 'azure', credentials, {}, async (ms) => void waits.push(ms)).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).body).toEqual({
    message: 'Both TTS services failed: Primary (elevenlabs): TTS failed: Internal Server Error, Backup (azure): Backup TTS failed: Too Many Requests',
    code: 'TTS_SYSTEM',
  });
  expect(eleven.requests).toHaveLength(2);
  expect(azure.requests).toHaveLength(4);
  expect(waits).toEqual([2000, 2000, 4000, 8000]);
});

test('the roles follow the request: azure as primary, elevenlabs as backup, through the route', async () => {
  azure.failNext(502);
  azure.failNext(503);
  const response = await t.call('/tts/generate', { method: 'POST', json: { text: 'Hallo', provider: 'azure', backup: 'elevenlabs' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('x-tts-provider')).toBe('elevenlabs');
  expect(response.headers.get('x-tts-primary-error')).toBe('TTS failed: Service Unavailable');
  expect(azure.requests).toHaveLength(2);
  expect(eleven.requests).toHaveLength(1);
}, 15_000);
