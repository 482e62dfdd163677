// Speech: ElevenLabs (primary by default) and Azure Speech (backup), the failover of SPEC §7/§8, the desk's roles from
// its settings, and the embedded eSpeak-NG when neither provider has a key.
import type { TtsProvider as TtsEngine, TtsRoles } from '../../../src/contract';
import { HttpError, notConfigured } from '../../http/errors';
import { speakEmbedded } from '../media-engines/speech';
import { isConsoleVoice, voiceFor } from '../media-engines/voices';
import { delayList, withRetry, type Sleep } from '../net/retry';
import type { Credentials } from './credentials';
import { PROVIDER_NAMES, ProviderError, providerFetch } from './http';

/** The providers with a key (the roles of Admin's Switch). */
export type TtsProvider = 'elevenlabs' | 'azure';
export type { TtsEngine };

/** Each engine's name as the console and the run log show it. */
export const TTS_ENGINE_NAMES: Record<TtsEngine, string> = {
  elevenlabs: 'ElevenLabs',
  azure: 'Azure Speech',
  espeak: 'eSpeak-NG (eingebettet)',
};

export interface Speech {
  audio: ArrayBuffer;
  contentType: string;
  provider: TtsEngine;
  /** Known for the embedded engine's WAV (from its header). */
  durationMs?: number;
}

/** The other provider of the two. */
export const otherProvider = (provider: TtsProvider): TtsProvider =>
  provider === 'elevenlabs' ? 'azure' : 'elevenlabs';

const languageOf = (options: Record<string, unknown>) => (typeof options.language === 'string' ? options.language : '');

const xml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] ?? ch,
  );

/** One request to one provider, no retry. Throws ProviderError (or HttpError 503 when no key is there). */
export async function synthesize(
  provider: TtsProvider,
  text: string,
  credentials: Credentials,
  options: Record<string, unknown> = {},
): Promise<Speech> {
  const key = await credentials.key(provider);
  if (!key) throw notConfigured(PROVIDER_NAMES[provider] ?? provider);
  if (provider === 'elevenlabs') {
    // POST /v1/text-to-speech/{voice_id} (elevenlabs.io/docs/api-reference/text-to-speech/convert).
    // A provider voice id asked for, else the console voice from the one table (adapters/media-engines/voices.ts), else
    // the desk's configured voice, else the table's voice of the text's language.
    const asked =
      typeof options.voiceId === 'string' && /^[A-Za-z0-9]{1,64}$/.test(options.voiceId) ? options.voiceId : undefined;
    const consoleVoice = isConsoleVoice(options.voice)
      ? voiceFor(options.voice, languageOf(options)).elevenlabs
      : undefined;
    const voice =
      asked ??
      consoleVoice ??
      credentials.setting('ELEVENLABS_VOICE_ID') ??
      voiceFor(undefined, languageOf(options)).elevenlabs;
    const model = credentials.setting('ELEVENLABS_MODEL_ID') ?? 'eleven_multilingual_v2';
    const response = await providerFetch(
      'elevenlabs',
      `${credentials.url('elevenlabs')}/v1/text-to-speech/${encodeURIComponent(voice)}?output_format=mp3_44100_128`,
      {
        method: 'POST',
        headers: { 'xi-api-key': key, 'Content-Type': 'application/json', Accept: 'audio/mpeg' },
        body: JSON.stringify({ text, model_id: model }),
        secret: key,
      },
    );
    return {
      audio: await response.arrayBuffer(),
      contentType: response.headers.get('content-type') ?? 'audio/mpeg',
      provider,
    };
  }
  // POST /cognitiveservices/v1 with SSML (learn.microsoft.com/azure/ai-services/speech-service/rest-text-to-speech).
  const consoleVoice = isConsoleVoice(options.voice) ? voiceFor(options.voice, languageOf(options)).azure : undefined;
  const voice =
    consoleVoice ?? credentials.setting('AZURE_SPEECH_VOICE') ?? voiceFor(undefined, languageOf(options)).azure;
  const lang = voice.split('-').slice(0, 2).join('-');
  const ssml = `<speak version='1.0' xml:lang='${xml(lang)}'><voice name='${xml(voice)}'>${xml(text)}</voice></speak>`;
  const response = await providerFetch('azure', `${credentials.url('azure')}/cognitiveservices/v1`, {
    method: 'POST',
    headers: {
      'Ocp-Apim-Subscription-Key': key,
      'Content-Type': 'application/ssml+xml',
      'X-Microsoft-OutputFormat': 'audio-24khz-48kbitrate-mono-mp3',
      'User-Agent': 'newsdesk',
    },
    body: ssml,
    secret: key,
  });
  return {
    audio: await response.arrayBuffer(),
    contentType: response.headers.get('content-type') ?? 'audio/mpeg',
    provider,
  };
}

/** SPEC §9 retry defaults: base 2000 ms, multiplier 2 (2 s, 4 s, 8 s). */
export const RETRY_DELAYS_MS = [2000, 4000, 8000];

/** Tries `provider` with `retries` retries, only while the failure is retryable (SPEC §8 retry eligibility). */
const withRetries = (retries: number, run: () => Promise<Speech>, sleep?: Sleep): Promise<Speech> =>
  withRetry(
    {
      retries,
      retryable: (error) => error instanceof ProviderError && error.retryable,
      delayMs: delayList(RETRY_DELAYS_MS),
      sleep,
    },
    run,
  );

const statusTextOf = (error: unknown) =>
  error instanceof ProviderError ? error.statusText : error instanceof Error ? error.message : String(error);

export interface FailoverResult extends Speech {
  /** 'TTS failed: …' when the primary failed and the backup spoke. */
  primaryError?: string;
}

/**
 * SPEC §7/§8: the primary gets 1 retry, then the backup the normal 3 retries. Both failing gives HttpError 502 with
 * code TTS_SYSTEM and 'Both TTS services failed: Primary (…): TTS failed: …, Backup (…): Backup TTS failed: …'.
 */
export async function speakWithFailover(
  text: string,
  primary: TtsProvider,
  backup: TtsProvider,
  credentials: Credentials,
  options: Record<string, unknown> = {},
  sleep?: Sleep,
): Promise<FailoverResult> {
  let primaryError: string;
  try {
    return await withRetries(1, () => synthesize(primary, text, credentials, options), sleep);
  } catch (error) {
    primaryError = `TTS failed: ${statusTextOf(error)}`;
  }
  try {
    return {
      ...(await withRetries(RETRY_DELAYS_MS.length, () => synthesize(backup, text, credentials, options), sleep)),
      primaryError,
    };
  } catch (error) {
    const backupError = `Backup TTS failed: ${statusTextOf(error)}`;
    throw new HttpError(
      502,
      `Both TTS services failed: Primary (${primary}): ${primaryError}, Backup (${backup}): ${backupError}`,
      'TTS_SYSTEM',
    );
  }
}

/** The embedded eSpeak-NG speaks `text` with the console voice of `options` (voice, language) as a WAV. */
export async function speakWithEmbedded(
  text: string,
  options: Record<string, unknown> = {},
  signal?: AbortSignal,
): Promise<Speech> {
  const voice = voiceFor(typeof options.voice === 'string' ? options.voice : undefined, languageOf(options)).espeak;
  const result = await speakEmbedded(text, { voice, signal }).catch((error: unknown) => {
    throw new HttpError(500, error instanceof Error ? error.message : String(error), 'tts_embedded_failed');
  });
  const audio = new ArrayBuffer(result.wav.byteLength);
  new Uint8Array(audio).set(result.wav);
  return { audio, contentType: 'audio/wav', provider: 'espeak', durationMs: result.durationMs };
}

/**
 * The desk's speech by its roles (settings' ttsRoles): the primary when its key is there, else the other provider, with
 * the failover of SPEC §7/§8 to the other one; with neither key the embedded eSpeak-NG speaks.
 */
export async function speakByRoles(
  text: string,
  roles: TtsRoles,
  credentials: Credentials,
  options: Record<string, unknown> = {},
  signal?: AbortSignal,
  sleep?: Sleep,
): Promise<FailoverResult> {
  const [primaryKey, backupKey] = await Promise.all([credentials.key(roles.primary), credentials.key(roles.backup)]);
  if (!primaryKey && !backupKey) return speakWithEmbedded(text, options, signal);
  const first = primaryKey ? roles.primary : roles.backup;
  return speakWithFailover(text, first, otherProvider(first), credentials, options, sleep);
}

/** One provider's failure as the server's answer: 503 when a retry may help (network, 5xx, 429), else 502. */
export function ttsHttpError(error: unknown): HttpError {
  if (error instanceof ProviderError)
    return new HttpError(
      error.retryable ? 503 : 502,
      error.message,
      error.retryable ? 'provider_unavailable' : 'provider_rejected',
    );
  return error instanceof HttpError
    ? error
    : new HttpError(502, 'Die Sprachausgabe ist fehlgeschlagen.', 'provider_failed');
}
