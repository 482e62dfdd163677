import { expect, test } from 'vitest';
import { createCredentials } from './credentials';

test('a provider address comes from its setting without a trailing slash, else the public address', () => {
  const credentials = createCredentials({ ELEVENLABS_API_URL: 'http://127.0.0.1:4330/', HEYGEN_API_URL: '  ' });
  expect(credentials.url('elevenlabs')).toBe('http://127.0.0.1:4330');
  expect(credentials.url('heygen')).toBe('https://api.heygen.com');
  expect(credentials.url('telegram')).toBe('https://api.telegram.org');
});

test('a key saved in Admin takes precedence over the environment; a blank value counts as unset', async () => {
  const saved = new Map([['openai', 'sk-saved']]);
  const credentials = createCredentials(
    { OPENAI_API_KEY: 'sk-env', ELEVENLABS_API_KEY: 'xi-env', HEYGEN_API_KEY: '', TELEGRAM_CHAT_ID: '@newsdesk' },
    { get: async (provider) => saved.get(provider) },
  );
  expect(await credentials.key('openai')).toBe('sk-saved');
  expect(await credentials.key('elevenlabs')).toBe('xi-env');
  expect(await credentials.key('heygen')).toBeUndefined();
  expect(credentials.setting('TELEGRAM_CHAT_ID')).toBe('@newsdesk');
  expect(credentials.setting('OPENAI_MODEL')).toBeUndefined();
});
