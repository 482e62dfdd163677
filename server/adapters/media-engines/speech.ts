// The desk's own speech when no provider is set up: eSpeak-NG in WebAssembly, run by espeak-worker.mjs in a child
// node process (GPL-3.0: a separate program, never linked into the server).
import { fileURLToPath } from 'node:url';
import { ChildStopped, lastLine, runChild } from './child';

const WORKER = fileURLToPath(new URL('./espeak-worker.mjs', import.meta.url));
const DEFAULT_TIMEOUT_MS = 120_000;
// eSpeak-NG voice names: a language with an optional variant (de, en-us, de+f3); anything else could read as an option.
const VOICE = /^[a-z]{2,3}(-[a-z0-9]+)*(\+[a-z0-9]+)?$/i;

const failed = (reason: string) => new Error(`Die eingebaute Sprachausgabe ist fehlgeschlagen: ${reason}`);

export interface SpeechOptions {
  /** An eSpeak-NG voice, e.g. from voiceFor(…).espeak. */
  voice: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Speaks `text` with the embedded eSpeak-NG; the WAV (16-bit PCM) and its length from the header. */
export async function speakEmbedded(
  text: string,
  options: SpeechOptions,
): Promise<{ wav: Buffer; durationMs: number }> {
  if (!text.trim()) throw failed('Der Text ist leer.');
  if (!VOICE.test(options.voice)) throw failed(`eSpeak-NG kennt die Stimme „${options.voice}“ nicht.`);
  const result = await runChild(process.execPath, [WORKER, options.voice], {
    input: Buffer.from(text, 'utf8'),
    signal: options.signal,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  }).catch((error: unknown) => {
    throw failed(error instanceof ChildStopped ? error.message : `eSpeak-NG startet nicht (${String(error)}).`);
  });
  if (result.code !== 0) {
    const reason = lastLine(result.stderr);
    if (reason.includes('voice does not exist')) throw failed(`eSpeak-NG kennt die Stimme „${options.voice}“ nicht.`);
    throw failed(reason || `eSpeak-NG endete mit Code ${result.code}.`);
  }
  const durationMs = wavDurationMs(result.stdout);
  if (durationMs === undefined) throw failed('eSpeak-NG lieferte keine gültige WAV-Datei.');
  return { wav: result.stdout, durationMs };
}

/** The length of a PCM WAV from its fmt and data chunks, or undefined when it is not one. */
function wavDurationMs(wav: Buffer): number | undefined {
  if (wav.length < 12 || wav.toString('latin1', 0, 4) !== 'RIFF' || wav.toString('latin1', 8, 12) !== 'WAVE')
    return undefined;
  let byteRate = 0;
  for (let offset = 12; offset + 8 <= wav.length;) {
    const id = wav.toString('latin1', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ' && size >= 16 && offset + 24 <= wav.length) byteRate = wav.readUInt32LE(offset + 16);
    if (id === 'data') {
      // A streamed header may carry a placeholder size; what arrived is what plays.
      const bytes = Math.min(size, wav.length - offset - 8);
      return byteRate > 0 && bytes > 0 ? Math.round((bytes / byteRate) * 1000) : undefined;
    }
    offset += 8 + size + (size % 2);
  }
  return undefined;
}
