import { getSetting } from '@/db/settings';
import { setDebugLogging } from '@/lib/http/debug';
import { setRetrySettings } from '@/lib/resilience/retry';
import { setTtsRoles } from '@/lib/api/tts';

/**
 * Loads what Admin Settings saved into the runtime at app start: retry settings, TTS roles, debug
 * logging, and every stored secret (API keys, OBS password, workflow key) registered for redaction.
 */
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
/**
 * The first load of the settings into the runtime, shared by everyone who needs them in force: the dashboard starts it
 * once the first screen has painted; a TTS request or a Switch made before then waits for it (a test speech right
 * after a reload goes to the saved primary, not the default one). A failed load is tried again by the next caller.
 */
export function settingsInRuntime(): Promise<void> {
  first ??= loadSettingsIntoRuntime().catch((error: unknown) => {
    first = undefined;
    throw error;
  });
  return first;
}
