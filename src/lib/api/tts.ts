import { ApiError, errorMessage } from '@/lib/http/api-error';
import { recordFailure, retryCountOf } from '@/lib/resilience/execute';
import type { TtsProvider, TtsRoles } from '@/db/settings';
import { callApi } from './client';

let roles: TtsRoles = { primary: 'elevenlabs', backup: 'azure' };
let lastProvider: TtsProvider | null = null;
const listeners = new Set<() => void>();

/** The TTS roles in force; Admin's Switch changes them and the next request uses them. */
export function getTtsRoles(): TtsRoles {
  return roles;
}
/**
 * Admin's saved roles reach the runtime once the dashboard's first screen has painted (lib/settings-bootstrap); a
 * request or a Switch before then waits for them. Loaded lazily: Dexie stays out of this module's first load.
 */
export async function savedRolesInForce(): Promise<void> {
  // A storage that cannot be read, or a database whose upgrade another tab blocks, must not hold the request: after
  // SAVED_ROLES_WAIT_MS the roles in force stay (the defaults, or what Switch set).
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const { settingsInRuntime } = await import('@/lib/settings-bootstrap');
    await Promise.race([settingsInRuntime(), new Promise<void>((resolve) => (timer = setTimeout(resolve, SAVED_ROLES_WAIT_MS)))]);
  } catch {
    // Storage unreadable: as above.
  } finally {
    clearTimeout(timer);
  }
}
/** How long a TTS request or a Switch waits for the saved roles before it goes on with those in force. */
export const SAVED_ROLES_WAIT_MS = 2000;

/** Sets the TTS roles (SPEC §4: primary starts as elevenlabs, backup as azure; Switch swaps them). */
export function setTtsRoles(next: TtsRoles): void {
  roles = next;
  listeners.forEach((l) => l());
}
/** Which provider served the last successful request (null before the first). */
export function lastTtsProvider(): TtsProvider | null {
  return lastProvider;
}
/** Subscribes to role and last-provider changes; returns the unsubscribe function. */
export function onTtsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** SPEC §7: the primary TTS provider gets one retry only; the backup the normal retries. */
export const TTS_PRIMARY_RETRIES = 1;

function statusTextOf(error: unknown): string {
  if (error instanceof ApiError && error.status) return error.statusText || String(error.status);
  return errorMessage(error);
}

function wrap(prefix: string, error: unknown): ApiError {
  return new ApiError(`${prefix}: ${statusTextOf(error)}`, {
    code: error instanceof ApiError ? error.code : 'UNKNOWN',
    status: error instanceof ApiError ? error.status : 0,
    statusText: error instanceof ApiError ? error.statusText : '',
    cause: error,
  });
}

/**
 * POST /tts/generate {text, provider, ...options} → audio blob. The primary gets 1 retry, then the backup
 * with the normal retries (SPEC §7). Each provider's failure is recorded under its name ('TTS failed: …',
 * 'Backup TTS failed: …'); when both fail, one TTS_SYSTEM entry 'Both TTS services failed: Primary (…): …,
 * Backup (…): …' is recorded and that error is thrown (code TTS_SYSTEM).
 */
export async function generateSpeech(text: string, options: Record<string, unknown> = {}): Promise<{ audio: Blob; provider: TtsProvider }> {
  await savedRolesInForce();
  const { primary, backup } = roles;
  // Each provider's request is its own action (its own Idempotency-Key), shared by that provider's retries.
  const call = (provider: TtsProvider, retries?: number) =>
    callApi('tts.generate', { body: { ...options, text, provider }, service: provider, retries, record: false });
  const succeed = (audio: Blob, provider: TtsProvider) => {
    lastProvider = provider;
    listeners.forEach((l) => l());
    return { audio, provider };
  };
  let primaryError: ApiError;
  try {
    return succeed(await call(primary, TTS_PRIMARY_RETRIES), primary);
  } catch (error) {
    primaryError = wrap('TTS failed', error);
    await recordFailure(primary, primaryError, retryCountOf(error), { context: { path: '/tts/generate', role: 'primary' }, operation: { kind: 'tts.generate', args: { text, provider: primary, options } } });
  }
  try {
    return succeed(await call(backup), backup);
  } catch (error) {
    const backupError = wrap('Backup TTS failed', error);
    await recordFailure(backup, backupError, retryCountOf(error), { context: { path: '/tts/generate', role: 'backup' }, operation: { kind: 'tts.generate', args: { text, provider: backup, options } } });
    const both = new ApiError(
      `Both TTS services failed: Primary (${primary}): ${primaryError.message}, Backup (${backup}): ${backupError.message}`,
      { code: 'TTS_SYSTEM', cause: backupError },
    );
    await recordFailure('TTS_SYSTEM', both, 0, { context: { primary, backup }, operation: { kind: 'tts.generate', args: { text, provider: primary, options } } });
    throw both;
  }
}
