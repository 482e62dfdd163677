import { getSetting } from '@/db/settings';
import { setDebugLogging } from '@/lib/http/debug';
import { setRetrySettings } from '@/lib/resilience/retry';
import { registerRetryable } from '@/lib/resilience/retry-registry';
import { callApi } from '@/lib/api/client';
import { setTtsRoles } from '@/lib/api/tts';
import { generateVideoWith } from '@/lib/api/video';

function idOf(args: unknown): string {
  if (typeof args !== 'string' || !args) throw new Error('Ungültige Operation');
  return args;
}

function objectOf(args: unknown): Record<string, unknown> {
  return args && typeof args === 'object' && !Array.isArray(args) ? { ...args } : {};
}

/**
 * Registers how the error log's Retry re-runs each operation kind lib/api records. Each re-run makes the
 * same call of the contract through the same breaker and retry policy as the original, but does not record a
 * second entry: the Retry updates the entry it came from. A Retry is a new operator action, so it gets a new key.
 */
export function registerApiRetryables(): void {
  registerRetryable('news.publish', (args) => callApi('news.publish', { params: { id: idOf(args) }, record: false }));
  registerRetryable('news.retry', (args) => callApi('news.retry', { params: { id: idOf(args) }, record: false }));
  registerRetryable('workflow.trigger', (args) => {
    const { id, body } = objectOf(args);
    return callApi('workflow.trigger', { params: { id: idOf(id) }, body: objectOf(body), record: false });
  });
  registerRetryable('workflow.retry', (args) => callApi('workflow.retry', { params: { id: idOf(args) }, record: false }));
  registerRetryable('telegram.notify', (args) =>
    callApi('telegram.notify', { body: { message: typeof args === 'string' ? args : '' }, record: false }));
  registerRetryable('video.generate', (args) => {
    const { provider, body } = objectOf(args);
    return generateVideoWith(typeof provider === 'string' ? provider : '', objectOf(body), { record: false });
  });
}

/**
 * Loads what Admin Settings saved into the runtime at app start: retry settings, TTS roles, debug
 * logging, and every stored secret (API keys, OBS password, workflow key) registered for redaction.
 */
export async function loadSettingsIntoRuntime(): Promise<void> {
  registerApiRetryables();
  const [retry, ttsRoles, system] = await Promise.all([
    getSetting('retry'),
    getSetting('ttsRoles'),
    getSetting('system'),
    // getSetting registers the secrets these hold.
    getSetting('apiKeys'),
    getSetting('obs'),
    getSetting('workflowConfig'),
  ]);
  setRetrySettings(retry);
  setTtsRoles(ttsRoles);
  setDebugLogging(system.debugMode);
}
