import { clearSecrets, redact } from '@/lib/security/redact';
import { db } from './db';
import { DEFAULT_SETTINGS, getSetting, patchSetting, putSetting } from './settings';

afterEach(() => clearSecrets());

describe('settings', () => {
  test('defaults of SPEC §9 when nothing is stored', async () => {
    expect(await getSetting('retry')).toEqual({
      maxRetries: 3,
      retryDelay: 2000,
      backoffMultiplier: 2,
      retryCondition: 'default',
    });
    expect(await getSetting('obs')).toMatchObject({
      host: 'localhost',
      port: 4455,
      sceneName: 'AI News',
      sourceName: 'AI News Content',
    });
    expect(await getSetting('ttsRoles')).toEqual({ primary: 'elevenlabs', backup: 'azure' });
    expect(await getSetting('triggerParameters')).toMatchObject({
      topic: 'Breaking News',
      language: 'de',
      platforms: ['youtube', 'facebook', 'telegram'],
      urgency: 'normal',
      category: 'general',
    });
    expect((await getSetting('system')).autoUpdates).toBe(true);
  });

  test('put and patch are stored and read back', async () => {
    await putSetting('ttsRoles', { primary: 'azure', backup: 'elevenlabs' });
    expect(await getSetting('ttsRoles')).toEqual({ primary: 'azure', backup: 'elevenlabs' });
    const next = await patchSetting('retry', { maxRetries: 5 });
    expect(next).toEqual({ ...DEFAULT_SETTINGS.retry, maxRetries: 5 });
    expect((await db.settings.get('retry'))?.value).toEqual(next);
  });

  test('stored API keys and the OBS password are registered for redaction', async () => {
    await putSetting('apiKeys', { openai: 'sk-test-123456' });
    await patchSetting('obs', { password: 'obs-geheim' });
    clearSecrets();
    await getSetting('apiKeys');
    await getSetting('obs');
    expect(redact('key sk-test-123456 and obs-geheim')).toBe('key [REDACTED] and [REDACTED]');
  });
});
