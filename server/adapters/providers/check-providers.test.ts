import { afterAll, beforeAll, expect, test } from 'vitest';
import { startElevenLabs, ELEVENLABS_KEY } from '../../../tests/fakes/elevenlabs';
import type { Fake } from '../../../tests/fakes/fake-http';
import { startOpenAi } from '../../../tests/fakes/openai-keytest';
import { startTelegram, TELEGRAM_TOKEN } from '../../../tests/fakes/telegram';
import { checkProviders } from './check-providers';

let eleven: Fake, openai: Fake, telegram: Fake;
beforeAll(async () => {
  [eleven, openai, telegram] = await Promise.all([startElevenLabs(0), startOpenAi(0), startTelegram(0)]);
});
afterAll(() => Promise.all([eleven.close(), openai.close(), telegram.close()]));

test('check:providers: PASS with a working key, FAIL with a refused one (German reason, no key), SKIP without a key', async () => {
  const printed: string[] = [];
  const lines = await checkProviders(
    {
      ELEVENLABS_API_URL: eleven.url,
      ELEVENLABS_API_KEY: ELEVENLABS_KEY,
      OPENAI_API_URL: `${openai.url}/v1`,
      OPENAI_API_KEY: 'sk-wrong-000000000000',
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
    },
    (line) => printed.push(line),
  );
  expect(Object.fromEntries(lines.map((l) => [l.provider, l.result]))).toEqual({
    openai: 'FAIL',
    elevenlabs: 'PASS',
    azure: 'SKIP',
    heygen: 'SKIP',
    tavus: 'SKIP',
    did: 'SKIP',
    modelslab: 'SKIP',
    pexels: 'SKIP',
    unsplash: 'SKIP',
    'tts:elevenlabs': 'PASS',
    'tts:azure': 'SKIP',
    telegram: 'PASS',
  });
  expect(printed).toContain('FAIL openai – OpenAI lehnt den Schlüssel ab (HTTP 401): Incorrect API key provided.');
  expect(printed).toContain('PASS telegram – Bot @newsdesk_bot');
  expect(printed.join('\n')).not.toContain('sk-wrong');
  expect(eleven.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
    'GET /v1/user',
    'POST /v1/text-to-speech/21m00Tcm4TlvDq8ikWAM',
  ]);
});
