import { describe, expect, test } from 'vitest';
import { assDocument, assText, assTime, cuesFor, sentencesOf } from './subtitles';

const SCRIPT =
  'Der Bundestag hat am 3. Oktober ein Gesetz beschlossen. Die Abgeordneten stimmten z. B. mit großer Mehrheit dafür! Wer zahlt?  Dr. Weber sagt: „Die Kommunen.“ Das Gesetz gilt ab 2027.';
const DISCLOSURE =
  'Dieser Beitrag wurde mit Hilfe von KI aus den genannten Quellen erstellt und von der Redaktion geprüft.';

/** The Dialogue lines of an ASS script as start, end (in ms), style and text. */
function dialogues(ass: string) {
  const ms = (t: string) => {
    const [h, m, s] = t.split(':');
    return Math.round((Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1000);
  };
  return ass
    .split('\n')
    .filter((line) => line.startsWith('Dialogue: '))
    .map((line) => {
      const [, start, end, style, , , , , , ...text] = line.slice('Dialogue: '.length).split(',');
      return { start: ms(start), end: ms(end), style, text: text.join(',') };
    });
}

describe('sentencesOf', () => {
  test('splits after . ! ? but not after an ordinal, an abbreviation or an initial', () => {
    expect(sentencesOf(SCRIPT)).toEqual([
      'Der Bundestag hat am 3. Oktober ein Gesetz beschlossen.',
      'Die Abgeordneten stimmten z. B. mit großer Mehrheit dafür!',
      'Wer zahlt?',
      'Dr. Weber sagt: „Die Kommunen.“',
      'Das Gesetz gilt ab 2027.',
    ]);
  });

  test('a line break or a paragraph is a space; a text without a full stop is one sentence', () => {
    expect(sentencesOf('Erster Satz.\n\nZweiter\nSatz')).toEqual(['Erster Satz.', 'Zweiter Satz']);
  });
});

describe('cuesFor', () => {
  test('one cue per sentence, each as long as its share of the characters, together covering the speech', () => {
    const durationMs = 12_340;
    const cues = cuesFor(SCRIPT, durationMs);
    const sentences = sentencesOf(SCRIPT);
    expect(cues.map((c) => c.text)).toEqual(sentences);
    expect(cues[0].startMs).toBe(0);
    expect(cues.at(-1)?.endMs).toBe(12_340);
    const chars = sentences.reduce((sum, s) => sum + s.length, 0);
    cues.forEach((cue, i) => {
      if (i > 0) expect(cue.startMs).toBe(cues[i - 1].endMs);
      expect(Math.abs(cue.endMs - cue.startMs - (durationMs * sentences[i].length) / chars)).toBeLessThanOrEqual(10);
    });
  });

  test('a sentence too long for the screen is split at a comma near its middle', () => {
    const long =
      'Das Gesetz soll im Frühjahr in Kraft treten und den Ausbau von Wind- und Solaranlagen beschleunigen, die Kommunen sollen an den Erträgen beteiligt werden und die Netze werden schneller ausgebaut.';
    const cues = cuesFor(long, 10_000);
    expect(cues.map((c) => c.text)).toEqual([
      'Das Gesetz soll im Frühjahr in Kraft treten und den Ausbau von Wind- und Solaranlagen beschleunigen,',
      'die Kommunen sollen an den Erträgen beteiligt werden und die Netze werden schneller ausgebaut.',
    ]);
    expect(cues.every((c) => c.text.length <= 110)).toBe(true);
  });
});

describe('assDocument', () => {
  test('headline with its sources, the disclosure and the brand for the whole video; the script sentence by sentence', () => {
    const ass = assDocument({
      width: 1280,
      height: 720,
      durationMs: 12_340,
      font: 'DejaVu Sans',
      title: 'Bundestag beschließt Gesetz',
      credit: 'Quellen: Alpha Nachrichten, Beta Zeitung',
      disclosure: DISCLOSURE,
      script: SCRIPT,
    });
    expect(ass).toContain('PlayResX: 1280\nPlayResY: 720');
    expect(ass).toMatch(/^Style: Subtitle,DejaVu Sans,38,/m);
    const lines = dialogues(ass);
    const header = lines.find((l) => l.style === 'Header');
    expect(header).toMatchObject({ start: 0, end: 12_340 });
    expect(header?.text).toMatch(
      /^Bundestag beschließt Gesetz\\N.*\\N\{[^}]*\}Quellen: Alpha Nachrichten, Beta Zeitung$/,
    );
    expect(lines.find((l) => l.style === 'Disclosure')).toEqual({
      start: 0,
      end: 12_340,
      style: 'Disclosure',
      text: DISCLOSURE,
    });
    expect(lines.find((l) => l.style === 'Brand')?.text).toBe('Newsdesk');
    const subtitles = lines.filter((l) => l.style === 'Subtitle');
    expect(subtitles.map((l) => l.text)).toEqual([
      'Der Bundestag hat am 3. Oktober ein Gesetz beschlossen.',
      'Die Abgeordneten stimmten z. B. mit großer Mehrheit dafür!',
      'Wer zahlt?',
      'Dr. Weber sagt: „Die Kommunen.“',
      'Das Gesetz gilt ab 2027.',
    ]);
    expect(subtitles[0].start).toBe(0);
    expect(subtitles.at(-1)?.end).toBe(12_340);
    subtitles.slice(1).forEach((line, i) => expect(line.start).toBe(subtitles[i].end));
  });

  test('a portrait video gets larger text for its width, the text still as typed', () => {
    const ass = assDocument({
      width: 1080,
      height: 1920,
      durationMs: 5000,
      font: 'DejaVu Sans',
      title: 'Titel',
      script: 'Ein Satz.',
    });
    expect(ass).toContain('PlayResX: 1080\nPlayResY: 1920');
    expect(ass).toMatch(/^Style: Subtitle,DejaVu Sans,56,/m);
    expect(dialogues(ass).filter((l) => l.style === 'Disclosure')).toEqual([]);
  });

  test('braces and backslashes cannot become ASS overrides; quotes, colons and % stay', () => {
    expect(assText('Zitat: „100 % sicher“ {\\b1} C:\\Neu \\N')).toBe('Zitat: „100 % sicher“ (∖b1) C:∖Neu ∖N');
    expect(assTime(3_723_456)).toBe('1:02:03.46');
  });
});
