import { describe, expect, test } from 'vitest';
import { speakEmbedded } from './speech';
import { childrenRunning, waitForChild } from './test-processes';

const UMLAUTS = '„Die Bürger Österreichs äußern sich.“';
const SENTENCE = 'Die Regierung hat heute in Berlin neue Pläne für den Winter vorgestellt.';

/** The test's own reading of a 16-bit PCM WAV, independent of the module's. */
function readWav(wav: Buffer) {
  expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
  expect(wav.toString('latin1', 8, 16)).toBe('WAVEfmt ');
  expect(wav.readUInt16LE(20)).toBe(1); // PCM
  expect(wav.readUInt16LE(34)).toBe(16);
  const byteRate = wav.readUInt32LE(28);
  expect(wav.toString('latin1', 36, 40)).toBe('data');
  const size = wav.readUInt32LE(40);
  expect(44 + size).toBe(wav.length);
  const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + 44 + size));
  return { durationMs: (size / byteRate) * 1000, peak: samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0) };
}

describe('speakEmbedded', () => {
  test('returns a WAV with speech in it and its duration from the header', async () => {
    const { wav, durationMs } = await speakEmbedded(SENTENCE, { voice: 'de+f3' });
    const read = readWav(wav);
    expect(durationMs).toBeCloseTo(read.durationMs, -1);
    expect(durationMs).toBeGreaterThan(2000);
    expect(read.peak).toBeGreaterThan(1000);
  });

  test('a longer text gives a longer WAV', async () => {
    const once = await speakEmbedded(SENTENCE, { voice: 'de+m3' });
    const thrice = await speakEmbedded(`${SENTENCE} ${SENTENCE} ${SENTENCE}`, { voice: 'de+m3' });
    expect(thrice.durationMs).toBeGreaterThan(2.5 * once.durationMs);
  });

  test('speaks umlauts and ß: the audio differs from plain vowels and from misread UTF-8', async () => {
    const spoken = await speakEmbedded(UMLAUTS, { voice: 'de' });
    const plain = await speakEmbedded('„Die Burger Osterreichs aussern sich.“', { voice: 'de' });
    const misread = await speakEmbedded(Buffer.from(UMLAUTS, 'utf8').toString('latin1'), { voice: 'de' });
    expect(readWav(spoken.wav).peak).toBeGreaterThan(1000);
    expect(spoken.wav.equals(plain.wav)).toBe(false);
    expect(spoken.wav.equals(misread.wav)).toBe(false);
    expect(spoken.durationMs).toBeLessThan(misread.durationMs);
  });

  test('text that looks like an option or quoting is read, not parsed', async () => {
    const { wav } = await speakEmbedded('--help -v xx "Zitat" \'oder\' $HOME; 100 %', { voice: 'de' });
    expect(readWav(wav).durationMs).toBeGreaterThan(1000);
  });

  test('an abort kills the child process', async () => {
    const controller = new AbortController();
    const speaking = speakEmbedded(SENTENCE.repeat(30), { voice: 'de', signal: controller.signal });
    const pid = await waitForChild('espeak-worker.mjs');
    controller.abort();
    await expect(speaking).rejects.toThrow('Die eingebaute Sprachausgabe ist fehlgeschlagen: abgebrochen.');
    expect(childrenRunning('espeak-worker.mjs')).not.toContain(pid);
  });

  test('a time-out kills the child process', async () => {
    await expect(speakEmbedded(SENTENCE.repeat(30), { voice: 'de', timeoutMs: 50 })).rejects.toThrow(
      'Die eingebaute Sprachausgabe ist fehlgeschlagen: Zeitüberschreitung nach 50 ms.',
    );
    expect(childrenRunning('espeak-worker.mjs')).toEqual([]);
  });

  test('names an unknown voice and empty text in German', async () => {
    await expect(speakEmbedded(SENTENCE, { voice: 'xx' })).rejects.toThrow(
      'Die eingebaute Sprachausgabe ist fehlgeschlagen: eSpeak-NG kennt die Stimme „xx“ nicht.',
    );
    await expect(speakEmbedded(SENTENCE, { voice: '-w /tmp/x' })).rejects.toThrow(
      'Die eingebaute Sprachausgabe ist fehlgeschlagen: eSpeak-NG kennt die Stimme „-w /tmp/x“ nicht.',
    );
    await expect(speakEmbedded('  ', { voice: 'de' })).rejects.toThrow(
      'Die eingebaute Sprachausgabe ist fehlgeschlagen: Der Text ist leer.',
    );
  });
});
