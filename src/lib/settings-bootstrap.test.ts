import { afterEach, describe, expect, test } from 'vitest';
import { db } from '@/db/db';
import { getTtsRoles, setTtsRoles } from '@/lib/api/tts';
import { isDebugLogging, setDebugLogging } from '@/lib/http/debug';
import { getRetrySettings } from '@/lib/resilience/retry';
import { clearSecrets, redact } from '@/lib/security/redact';
import { loadSettingsIntoRuntime } from './settings-bootstrap';

afterEach(() => {
  setTtsRoles({ primary: 'elevenlabs', backup: 'azure' });
  setDebugLogging(false);
  clearSecrets();
});

describe('loadSettingsIntoRuntime', () => {
  test('applies stored retry settings, TTS roles and debug mode, and registers stored secrets', async () => {
    await db.settings.bulkPut([
      {
        key: 'retry',
        value: { maxRetries: 6, retryDelay: 1500, backoffMultiplier: 1.5, retryCondition: 'server-only' },
      },
      { key: 'ttsRoles', value: { primary: 'azure', backup: 'elevenlabs' } },
      { key: 'system', value: { autoUpdates: false, debugMode: true, workflowWebhookUrl: '' } },
      { key: 'apiKeys', value: { tavus: 'tavus-stored-KEY-1' } },
      { key: 'obs', value: { host: 'h', port: 4455, password: 'obs-stored-PW-2', sceneName: 's', sourceName: 'x' } },
    ]);
    clearSecrets();
    await loadSettingsIntoRuntime();
    expect(getRetrySettings()).toEqual({
      maxRetries: 6,
      retryDelay: 1500,
      backoffMultiplier: 1.5,
      retryCondition: 'server-only',
    });
    expect(getTtsRoles()).toEqual({ primary: 'azure', backup: 'elevenlabs' });
    expect(isDebugLogging()).toBe(true);
    expect(redact('x tavus-stored-KEY-1 y obs-stored-PW-2')).toBe('x [REDACTED] y [REDACTED]');
  });

  test('with nothing stored the SPEC defaults apply', async () => {
    await loadSettingsIntoRuntime();
    expect(getRetrySettings()).toEqual({
      maxRetries: 3,
      retryDelay: 2000,
      backoffMultiplier: 2,
      retryCondition: 'default',
    });
    expect(getTtsRoles()).toEqual({ primary: 'elevenlabs', backup: 'azure' });
    expect(isDebugLogging()).toBe(false);
  });
});
