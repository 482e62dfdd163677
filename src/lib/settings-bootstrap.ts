import { getSetting } from '@/db/settings';
import { setDebugLogging } from '@/lib/http/debug';
import { setRetrySettings } from '@/lib/resilience/retry';
import { registerRetryable } from '@/lib/resilience/retry-registry';
import { VIDEO_BREAKER } from '@/lib/resilience/breakers';
import { apiRequest } from '@/lib/api/client';
import { setTtsRoles } from '@/lib/api/tts';
import { VIDEO_PROVIDERS } from '@/lib/api/video';

function idOf(args: unknown): string {
  if (typeof args !== 'string' || !args) throw new Error('Ungültige Operation');
  return encodeURIComponent(args);
}

function objectOf(args: unknown): Record<string, unknown> {
  return args && typeof args === 'object' ? (args as Record<string, unknown>) : {};
}

/**
 * Registers how the error log's Retry re-runs each operation kind lib/api records. Each re-run makes the
 * same call through the same breaker and retry policy as the original, but does not record a second entry:
 * the Retry updates the entry it came from.
 */
export function registerApiRetryables(): void {
  registerRetryable('news.publish', (args) => apiRequest(`/news/${idOf(args)}/publish`, { method: 'POST', record: false }));
  registerRetryable('news.retry', (args) => apiRequest(`/news/${idOf(args)}/retry`, { method: 'POST', record: false }));
  registerRetryable('workflow.trigger', (args) => {
    const { id, body } = objectOf(args);
    return apiRequest(`/workflow/trigger/${idOf(id)}`, { method: 'POST', json: objectOf(body), record: false });
  });
  registerRetryable('workflow.retry', (args) => apiRequest(`/workflow/retry/${idOf(args)}`, { method: 'POST', record: false }));
  registerRetryable('telegram.notify', (args) =>
    apiRequest('/telegram/notify', { method: 'POST', json: { message: typeof args === 'string' ? args : '' }, record: false }));
  registerRetryable('video.generate', (args) => {
    const { provider, body } = objectOf(args);
    const known = typeof provider === 'string' && (VIDEO_PROVIDERS as readonly string[]).includes(provider);
    return apiRequest(known ? `/video/${provider}/generate` : '/video/generate', {
      method: 'POST', json: objectOf(body), service: 'video-generation', breaker: VIDEO_BREAKER, record: false,
    });
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
