import { ApiError, errorMessage } from '@/lib/http/api-error';
import { recordFailure, retryCountOf } from '@/lib/resilience/execute';
import type { TtsProvider as TtsEngine } from '@/contract';
import type { TtsProvider, TtsRoles } from '@/db/settings';
import { getConfig } from '@/lib/config';
import { callApi } from './client';

let roles: TtsRoles = { primary: 'elevenlabs', backup: 'azure' };
let lastProvider: TtsEngine | null = null;
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
    await Promise.race([
      settingsInRuntime(),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, SAVED_ROLES_WAIT_MS))),
    ]);
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
/**
 * On a live desk the roles are the server's (settings.get; Admin's Switch writes them there), so the console fails over
 * in the order the pipeline speaks; a server that cannot be asked leaves the roles in force.
 */
export async function deskRolesInForce(): Promise<void> {
  if (getConfig().apiMode !== 'live') return;
  try {
    const { ttsRoles } = await callApi('settings.get', { retries: false, record: false });
    if (ttsRoles.primary !== roles.primary || ttsRoles.backup !== roles.backup) setTtsRoles(ttsRoles);
  } catch {
    // Unreachable or refused: the request itself will tell.
  }
}

/** Which engine served the last successful request (null before the first): a provider, or the server's embedded one. */
export function lastTtsProvider(): TtsEngine | null {
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
 * POST /tts/generate {text, provider, ...options} → audio blob and the engine that spoke (the X-TTS-Provider header; the
 * asked provider when a backend names none). The primary gets 1 retry, then the backup
 * with the normal retries (SPEC §7). Each provider's failure is recorded under its name ('TTS failed: …',
 * 'Backup TTS failed: …'); when both fail, one TTS_SYSTEM entry 'Both TTS services failed: Primary (…): …,
 * Backup (…): …' is recorded and that error is thrown (code TTS_SYSTEM).
 */
export async function generateSpeech(
  text: string,
  options: Record<string, unknown> = {},
): Promise<{ audio: Blob; provider: TtsEngine }> {
  await savedRolesInForce();
  await deskRolesInForce();
  const { primary, backup } = roles;
  // Each provider's request is its own action (its own Idempotency-Key), shared by that provider's retries. The server
  // names the engine that spoke: on a desk without keys its embedded eSpeak-NG, whoever was asked.
  const call = async (provider: TtsProvider, retries?: number): Promise<{ audio: Blob; spoke: TtsEngine }> => {
    let spoke: TtsEngine = provider;
    const onHeaders = (headers: Headers) => {
      const named = headers.get('X-TTS-Provider');
      if (named === 'elevenlabs' || named === 'azure' || named === 'espeak') spoke = named;
    };
    const audio = await callApi('tts.generate', {
      body: { ...options, text, provider },
      service: provider,
      retries,
      record: false,
      onHeaders,
    });
    return { audio, spoke };
  };
  const succeed = ({ audio, spoke }: { audio: Blob; spoke: TtsEngine }) => {
    lastProvider = spoke;
    listeners.forEach((l) => l());
    return { audio, provider: spoke };
  };
  let primaryError: ApiError;
  try {
    return succeed(await call(primary, TTS_PRIMARY_RETRIES));
  } catch (error) {
    primaryError = wrap('TTS failed', error);
    await recordFailure(primary, primaryError, retryCountOf(error), {
      context: { path: '/tts/generate', role: 'primary' },
      operation: { kind: 'tts.generate', args: { text, provider: primary, options } },
    });
  }
  try {
    return succeed(await call(backup));
  } catch (error) {
    const backupError = wrap('Backup TTS failed', error);
    await recordFailure(backup, backupError, retryCountOf(error), {
      context: { path: '/tts/generate', role: 'backup' },
      operation: { kind: 'tts.generate', args: { text, provider: backup, options } },
    });
    const both = new ApiError(
      `Both TTS services failed: Primary (${primary}): ${primaryError.message}, Backup (${backup}): ${backupError.message}`,
      { code: 'TTS_SYSTEM', cause: backupError },
    );
    await recordFailure('TTS_SYSTEM', both, 0, {
      context: { primary, backup },
      operation: { kind: 'tts.generate', args: { text, provider: primary, options } },
    });
    throw both;
  }
}
