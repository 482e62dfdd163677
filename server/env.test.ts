import { expect, test } from 'vitest';
import { EnvError, parseEnv } from './env';

test('one OBS by OBS_URL/OBS_PASSWORD, more by OBS_INSTANCES; the first is the default', () => {
  const env = parseEnv({
    OBS_URL: 'ws://10.0.0.5:4455',
    OBS_PASSWORD: 'pw-one',
    OBS_INSTANCES: JSON.stringify([
      { name: 'Studio B', url: 'ws://studio-b.local:4455', password: 'pw-two', textSource: 'Ticker' },
    ]),
  });
  expect(env.obsInstances).toEqual([
    { name: 'OBS', url: 'ws://10.0.0.5:4455', password: 'pw-one', textSource: 'AI News Content' },
    { name: 'Studio B', url: 'ws://studio-b.local:4455', password: 'pw-two', textSource: 'Ticker' },
  ]);
  expect(parseEnv({}).obsInstances).toEqual([]);
});

test('bad OBS settings stop the start with a German reason that never shows the password', () => {
  expect(() => parseEnv({ OBS_URL: 'http://obs:4455' })).toThrow('OBS_URL muss mit ws:// oder wss:// beginnen.');
  expect(() => parseEnv({ OBS_INSTANCES: '[{' })).toThrow('OBS_INSTANCES: kein gültiges JSON');
  let error: unknown;
  try {
    parseEnv({ OBS_INSTANCES: JSON.stringify([{ name: 'A', url: 'nope', password: 'geheim-123' }]) });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(EnvError);
  expect((error as Error).message).toContain('Die url einer OBS-Instanz muss mit ws:// oder wss:// beginnen.');
  expect((error as Error).message).not.toContain('geheim-123');
  expect(() =>
    parseEnv({ OBS_URL: 'ws://a:1', OBS_INSTANCES: JSON.stringify([{ name: 'OBS', url: 'ws://b:1' }]) }),
  ).toThrow('OBS-Instanz "OBS" ist doppelt.');
});

test('n8n calls the desk back at NEWSDESK_CALLBACK_BASE_URL, else at the public address, else (unset) the request origin', () => {
  expect(parseEnv({ NEWSDESK_PUBLIC_URL: 'https://desk.example/' }).callbackBaseUrl).toBe('https://desk.example');
  expect(
    parseEnv({
      NEWSDESK_PUBLIC_URL: 'https://desk.example',
      NEWSDESK_CALLBACK_BASE_URL: 'http://host.docker.internal:3000',
    }).callbackBaseUrl,
  ).toBe('http://host.docker.internal:3000');
  expect(parseEnv({}).callbackBaseUrl).toBeUndefined();
});
