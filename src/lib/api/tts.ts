import { ApiError, errorMessage } from '@/lib/http/api-error';
import { transport } from '@/lib/http/transport';
import { execute, recordFailure } from '@/lib/resilience/execute';
import type { TtsProvider, TtsRoles } from '@/db/settings';
import { apiUrl } from './client';

let roles: TtsRoles = { primary: 'elevenlabs', backup: 'azure' };
let lastProvider: TtsProvider | null = null;
const listeners = new Set<() => void>();

/** The TTS roles in force; Admin's Switch changes them and the next request uses them. */
export function getTtsRoles(): TtsRoles {
  return roles;
}
export function setTtsRoles(next: TtsRoles): void {
  roles = next;
  listeners.forEach((l) => l());
}
/** Which provider served the last successful request (null before the first). */
export function lastTtsProvider(): TtsProvider | null {
  return lastProvider;
}
export function onTtsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function statusTextOf(error: unknown): string {
  if (error instanceof ApiError && error.status) return error.statusText || String(error.status);
  return errorMessage(error);
}

/**
 * POST /tts/generate {text, provider, ...options} → audio blob. The primary gets 1 retry, then the backup
 * with the normal retries (SPEC §7). Failures: 'TTS failed: …', 'Backup TTS failed: …'; when both fail one
 * TTS_SYSTEM entry 'Both TTS services failed: Primary (…): …, Backup (…): …' is recorded and thrown.
 */
export async function generateSpeech(text: string, options: Record<string, unknown> = {}): Promise<{ audio: Blob; provider: TtsProvider }> {
  const { primary, backup } = roles;
  const call = (provider: TtsProvider) => () =>
    transport<Blob>(apiUrl('/tts/generate'), { method: 'POST', json: { text, provider, ...options }, responseType: 'blob' });
  let primaryError: ApiError;
  try {
    const audio = await execute(call(primary), { service: primary, retries: 1, record: false });
    lastProvider = primary;
    listeners.forEach((l) => l());
    return { audio, provider: primary };
  } catch (error) {
    primaryError = new ApiError(`TTS failed: ${statusTextOf(error)}`, { code: error instanceof ApiError ? error.code : 'UNKNOWN', cause: error });
  }
  try {
    const audio = await execute(call(backup), { service: backup, record: false });
    lastProvider = backup;
    listeners.forEach((l) => l());
    return { audio, provider: backup };
  } catch (error) {
    const backupError = new ApiError(`Backup TTS failed: ${statusTextOf(error)}`, { code: error instanceof ApiError ? error.code : 'UNKNOWN', cause: error });
    const both = new ApiError(
      `Both TTS services failed: Primary (${primary}): ${primaryError.message}, Backup (${backup}): ${backupError.message}`,
      { code: 'TTS_SYSTEM' },
    );
    await recordFailure('TTS_SYSTEM', both, 0, { context: { primary, backup } });
    throw both;
  }
}
