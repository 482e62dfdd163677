import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { AZURE_KEY, startAzureSpeech } from '../../../tests/fakes/azure-speech';
import { ELEVENLABS_KEY, startElevenLabs } from '../../../tests/fakes/elevenlabs';
import type { Fake } from '../../../tests/fakes/fake-http';
import { HttpError } from '../../http/errors';
import { contractBody, createTestApp, errorBody, type TestApp } from '../../testing';
import { createCredentials } from './credentials';
import { speakWithFailover } from './tts';

let eleven: Fake, azure: Fake, t: TestApp;
const env = () => ({
  ELEVENLABS_API_URL: eleven.url,
  AZURE_SPEECH_URL: azure.url,
  ELEVENLABS_API_KEY: ELEVENLABS_KEY,
  AZURE_SPEECH_KEY: AZURE_KEY,
  ELEVENLABS_VOICE_ID: 'voiceAnna1',
});

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
  const response = await t.call('/tts/generate', {
    method: 'POST',
    json: { text: 'Guten Abend.', provider: 'elevenlabs' },
  });
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
  const response = await t.call('/tts/generate', {
    method: 'POST',
    json: { text: 'Tom & Jerry <live>', provider: 'azure' },
  });
  expect(response.status).toBe(200);
  const [sent] = azure.requests;
  expect(sent?.headers).toMatchObject({
    'ocp-apim-subscription-key': AZURE_KEY,
    'content-type': 'application/ssml+xml',
    'x-microsoft-outputformat': 'audio-24khz-48kbitrate-mono-mp3',
  });
  expect(sent?.body).toBe(
    "<speak version='1.0' xml:lang='de-DE'><voice name='de-DE-KatjaNeural'>Tom &amp; Jerry &lt;live&gt;</voice></speak>",
  );
});

test('one provider failing: 503 for a retryable answer (5xx, 429), 502 for a rejected key — German, without the key', async () => {
  eleven.failNext(500);
  const failed = await t.call('/tts/generate', { method: 'POST', json: { text: 'Hallo', provider: 'elevenlabs' } });
  expect(failed.status).toBe(503);
  expect(await errorBody(failed)).toEqual({
    message: 'ElevenLabs meldet einen Fehler (HTTP 500): An internal error occurred.',
    code: 'provider_unavailable',
  });
  eleven.failNext(429);
  const limited = await t.call('/tts/generate', { method: 'POST', json: { text: 'Hallo', provider: 'elevenlabs' } });
  expect(limited.status).toBe(503);
  expect((await errorBody(limited)).message).toBe(
    'ElevenLabs: Anfragelimit erreicht (HTTP 429): Too many concurrent requests for your subscription.',
  );
  const wrongKey = await createTestApp({
    database: t.database,
    providerEnv: { ...env(), ELEVENLABS_API_KEY: 'xi-wrong-key-0000000' },
  });
  try {
    const rejected = await wrongKey.call('/tts/generate', {
      method: 'POST',
      json: { text: 'Hallo', provider: 'elevenlabs' },
    });
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
  const speech = await speakWithFailover(
    'Hallo',
    'elevenlabs',
    'azure',
    credentials,
    {},
    async (ms) => void waits.push(ms),
  );
  expect(speech.provider).toBe('azure');
  expect(speech.primaryError).toBe('TTS failed: Unauthorized');
  expect(waits).toEqual([]);
});

test('SPEC §7/§8: the primary gets 1 retry, the backup 3 (2 s, 4 s, 8 s); both failing is TTS_SYSTEM with both reasons', async () => {
  const credentials = createCredentials(env());
  const waits: number[] = [];
  eleven.failNext(500, 2);
  azure.failNext(429, 4);
  const error = await speakWithFailover(
    'Hallo',
    'elevenlabs',
    'azure',
    credentials,
    {},
    async (ms) => void waits.push(ms),
  ).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).body).toEqual({
    message:
      'Both TTS services failed: Primary (elevenlabs): TTS failed: Internal Server Error, Backup (azure): Backup TTS failed: Too Many Requests',
    code: 'TTS_SYSTEM',
  });
  expect(eleven.requests).toHaveLength(2);
  expect(azure.requests).toHaveLength(4);
  expect(waits).toEqual([2000, 2000, 4000, 8000]);
});

test('the roles follow the request: azure as primary, elevenlabs as backup, through the route', async () => {
  azure.failNext(502);
  azure.failNext(503);
  const response = await t.call('/tts/generate', {
    method: 'POST',
    json: { text: 'Hallo', provider: 'azure', backup: 'elevenlabs' },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('x-tts-provider')).toBe('elevenlabs');
  expect(response.headers.get('x-tts-primary-error')).toBe('TTS failed: Service Unavailable');
  expect(azure.requests).toHaveLength(2);
  expect(eleven.requests).toHaveLength(1);
}, 15_000);

/** The length of a 16-bit PCM WAV from its own header (the test's reading, not the module's). */
function wavMs(wav: Buffer): number {
  expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
  expect(wav.toString('latin1', 8, 12)).toBe('WAVE');
  expect(wav.toString('latin1', 36, 40)).toBe('data');
  return (wav.readUInt32LE(40) / wav.readUInt32LE(28)) * 1000;
}

const setRoles = async (primary: string, backup: string) =>
  contractBody(
    'settings.update',
    await t.call('/settings', { method: 'PATCH', json: { ttsRoles: { primary, backup } } }),
  );

test('the TTS roles live in the server settings: elevenlabs and azure by default, never the same provider twice', async () => {
  const settings = await contractBody('settings.get', await t.call('/settings'));
  expect(settings.ttsRoles).toEqual({ primary: 'elevenlabs', backup: 'azure' });
  const same = await t.call('/settings', {
    method: 'PATCH',
    json: { ttsRoles: { primary: 'azure', backup: 'azure' } },
  });
  expect(same.status).toBe(400);
  expect((await errorBody(same)).message).toContain('Primär- und Backup-Dienst müssen verschieden sein.');
  const unknown = await t.call('/settings', {
    method: 'PATCH',
    json: { ttsRoles: { primary: 'espeak', backup: 'azure' } },
  });
  expect(unknown.status).toBe(400);
  // The other settings stay as they were.
  expect(await contractBody('settings.get', await t.call('/settings'))).toEqual(settings);
});

test("without a provider the desk's roles decide: elevenlabs first by default, azure first once swapped, then the failover", async () => {
  try {
    const byDefault = await t.call('/tts/generate', { method: 'POST', json: { text: 'Hallo' } });
    expect(byDefault.headers.get('x-tts-provider')).toBe('elevenlabs');
    expect([eleven.requests.length, azure.requests.length]).toEqual([1, 0]);

    expect((await setRoles('azure', 'elevenlabs')).ttsRoles).toEqual({ primary: 'azure', backup: 'elevenlabs' });
    eleven.requests.length = 0;
    const swapped = await t.call('/tts/generate', { method: 'POST', json: { text: 'Hallo' } });
    expect(swapped.status).toBe(200);
    expect(swapped.headers.get('x-tts-provider')).toBe('azure');
    expect([eleven.requests.length, azure.requests.length]).toEqual([0, 1]);

    // The primary fails twice (its 1 retry): the backup speaks, and the answer says why.
    azure.failNext(500, 2);
    azure.requests.length = 0;
    const failedOver = await t.call('/tts/generate', { method: 'POST', json: { text: 'Hallo' } });
    expect(failedOver.headers.get('x-tts-provider')).toBe('elevenlabs');
    expect(failedOver.headers.get('x-tts-primary-error')).toBe('TTS failed: Internal Server Error');
    expect([eleven.requests.length, azure.requests.length]).toEqual([1, 2]);
  } finally {
    await setRoles('elevenlabs', 'azure');
  }
}, 15_000);

test('a console voice goes through the one voice table: the ElevenLabs voice id, the Azure voice of the language', async () => {
  await t.call('/tts/generate', {
    method: 'POST',
    json: { text: 'Guten Abend.', provider: 'elevenlabs', voice: 'german-male-1' },
  });
  expect(eleven.requests[0]?.path).toBe('/v1/text-to-speech/pNInz6obpgDQGcFmaJgB');
  await t.call('/tts/generate', {
    method: 'POST',
    json: { text: 'Good evening.', provider: 'azure', voice: 'Max', language: 'en' },
  });
  expect(azure.requests[0]?.body).toBe(
    "<speak version='1.0' xml:lang='en-US'><voice name='en-US-DavisNeural'>Good evening.</voice></speak>",
  );
});

test('asked for espeak, the embedded eSpeak-NG speaks even with keys: a WAV, no provider called', async () => {
  const response = await t.call('/tts/generate', {
    method: 'POST',
    json: { text: 'Guten Abend.', provider: 'espeak', voice: 'german-male-1' },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('audio/wav');
  expect(response.headers.get('x-tts-provider')).toBe('espeak');
  const wav = Buffer.from(await response.arrayBuffer());
  expect(wavMs(wav)).toBeGreaterThan(300);
  expect([eleven.requests.length, azure.requests.length]).toEqual([0, 0]);
  // The same text and voice a second later: the same WAV (eSpeak-NG's variation is not seeded by the clock).
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const again = await t.call('/tts/generate', {
    method: 'POST',
    json: { text: 'Guten Abend.', provider: 'espeak', voice: 'german-male-1' },
  });
  expect(Buffer.from(await again.arrayBuffer()).equals(wav)).toBe(true);
}, 60_000);

test('without any TTS key tts.generate answers a real WAV from eSpeak-NG and names it, whoever was asked', async () => {
  const bare = await createTestApp({
    database: t.database,
    providerEnv: { ELEVENLABS_API_URL: eleven.url, AZURE_SPEECH_URL: azure.url },
  });
  try {
    for (const body of [{ provider: 'elevenlabs' }, { provider: 'azure', backup: 'elevenlabs' }, {}]) {
      const response = await bare.call('/tts/generate', {
        method: 'POST',
        json: { text: 'Guten Abend, hier sind die Nachrichten.', ...body },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('audio/wav');
      expect(response.headers.get('x-tts-provider')).toBe('espeak');
      expect(wavMs(Buffer.from(await response.arrayBuffer()))).toBeGreaterThan(1000);
    }
    expect([eleven.requests.length, azure.requests.length]).toEqual([0, 0]);
  } finally {
    await bare.close();
  }
}, 60_000);

test('a key for the other provider only: the asked one is not configured (the console fails over), nothing embedded', async () => {
  const azureOnly = await createTestApp({
    database: t.database,
    providerEnv: { ELEVENLABS_API_URL: eleven.url, AZURE_SPEECH_URL: azure.url, AZURE_SPEECH_KEY: AZURE_KEY },
  });
  try {
    const asked = await azureOnly.call('/tts/generate', {
      method: 'POST',
      json: { text: 'Hallo', provider: 'elevenlabs' },
    });
    expect(asked.status).toBe(503);
    expect((await errorBody(asked)).message).toBe('ElevenLabs ist nicht konfiguriert.');
    // By the roles, the primary without a key yields to the backup that has one.
    const byRoles = await azureOnly.call('/tts/generate', { method: 'POST', json: { text: 'Hallo' } });
    expect(byRoles.headers.get('x-tts-provider')).toBe('azure');
    expect(azure.requests).toHaveLength(1);
  } finally {
    await azureOnly.close();
  }
});
