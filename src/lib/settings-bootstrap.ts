import { getSetting } from '@/db/settings';
import { setDebugLogging } from '@/lib/http/debug';
import { setRetrySettings } from '@/lib/resilience/retry';
import { setTtsRoles } from '@/lib/api/tts';

/** Loads the saved settings into the runtime and registers every stored secret for redaction. */
export async function loadSettingsIntoRuntime(): Promise<void> {
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

let first: Promise<void> | undefined;
/** The first settings load, shared: a TTS request made before it ends waits for it; a failed load retries next time. */
export function settingsInRuntime(): Promise<void> {
  first ??= loadSettingsIntoRuntime().catch((error: unknown) => {
    first = undefined;
    throw error;
  });
  return first;
}
