// What the desk's own video shows as text, written as one ASS script that libass (FFmpeg's `subtitles` filter) draws:
// the headline with its source credit, the AI disclosure, the brand, and the spoken script as subtitles timed to the
// speech. No speech-to-text runs here: each cue gets a share of the speech proportional to its characters.

export interface Cue {
  startMs: number;
  endMs: number;
  text: string;
}

export interface CardText {
  title: string;
  /** „Quellen: Alpha Nachrichten, Beta Zeitung“ */
  credit?: string;
  /** The AI disclosure line the published story carries. */
  disclosure?: string;
  /** The spoken script (without its citation marks), shown as subtitles. */
  script?: string;
}

export interface AssInput extends CardText {
  width: number;
  height: number;
  durationMs: number;
  /** The font family libass selects (the render gives it that font's files). */
  font: string;
}

export const BRAND = 'Newsdesk';
/** A cue longer than this is split at a comma or between words, so a subtitle stays two or three lines. */
export const MAX_CUE_CHARS = 110;

// Words whose full stop does not end a sentence: German and English abbreviations a news script uses.
const ABBREVIATIONS = new Set([
  'bzw',
  'ca',
  'dr',
  'prof',
  'nr',
  'vgl',
  'usw',
  'etc',
  'st',
  'mio',
  'mrd',
  'inkl',
  'ggf',
  'evtl',
  'jh',
  'abs',
  'art',
  'hr',
  'fr',
  'mr',
  'mrs',
  'ms',
  'vs',
  'sog',
  'bspw',
  'zb',
  'u.a',
  'z.b',
  'd.h',
  'u.s',
  'e.g',
  'i.e',
]);

/** The text as one line: control and format characters out, runs of white space as one space. */
export function oneLine(text: string): string {
  return text
    .replace(/\p{Cf}/gu, '')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
}

/** Sentences of a script: split after . ! ? … before the next word, not after an abbreviation, initial or ordinal. */
export function sentencesOf(text: string): string[] {
  const flat = oneLine(text);
  const sentences: string[] = [];
  let start = 0;
  for (const match of flat.matchAll(/[.!?…]+["'“”„»«‘’)\]]*\s+(?=\S)/g)) {
    const end = (match.index ?? 0) + match[0].length;
    const before = flat.slice(start, match.index ?? 0);
    const word = /(\S+)$/.exec(before)?.[1] ?? '';
    const bare = word.replace(/^["'“”„»«‘’(]+/, '');
    const endsWithDot = match[0].startsWith('.') && !match[0].startsWith('..');
    // „am 3. Oktober“, „z. B.“, „J. Smith“, „Dr. Weber“: the dot belongs to the word.
    if (endsWithDot && (/^\d{1,2}$/.test(bare) || /^\p{L}$/u.test(bare) || ABBREVIATIONS.has(bare.toLowerCase())))
      continue;
    sentences.push(flat.slice(start, end).trim());
    start = end;
  }
  const rest = flat.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/** A sentence longer than `max` characters in parts: at a comma, semicolon or dash near the middle, else between words. */
function splitLong(sentence: string, max: number): string[] {
  if (sentence.length <= max) return [sentence];
  const middle = sentence.length / 2;
  const candidates = (pattern: RegExp) =>
    [...sentence.matchAll(pattern)]
      .map((m) => (m.index ?? 0) + m[0].length)
      .filter((i) => i > 0 && i < sentence.length);
  const nearest = (points: number[]) => points.sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle))[0];
  const atPause = nearest(
    candidates(/[,;:]\s+|\s[–—-]\s/g).filter((i) => i >= sentence.length * 0.25 && i <= sentence.length * 0.75),
  );
  const at = atPause ?? nearest(candidates(/\s+/g));
  if (at === undefined) return [sentence];
  return [...splitLong(sentence.slice(0, at).trim(), max), ...splitLong(sentence.slice(at).trim(), max)];
}

/**
 * The script as cues covering `durationMs` from 0 to its end without gaps: one per sentence (a long one in parts), each
 * lasting its share of the characters. Times are whole centiseconds, the unit of ASS.
 */
export function cuesFor(script: string, durationMs: number, maxChars = MAX_CUE_CHARS): Cue[] {
  const parts = sentencesOf(script).flatMap((s) => splitLong(s, maxChars));
  const total = parts.reduce((sum, p) => sum + p.length, 0);
  if (total === 0 || durationMs <= 0) return [];
  const at = (chars: number) => Math.round((durationMs * chars) / total / 10) * 10;
  let before = 0;
  return parts.map((text, i) => {
    const startMs = at(before);
    before += text.length;
    return { startMs, endMs: i === parts.length - 1 ? Math.round(durationMs / 10) * 10 : at(before), text };
  });
}

/** h:mm:ss.cc, the time format of ASS events. */
export function assTime(ms: number): string {
  const cs = Math.max(0, Math.round(ms / 10));
  const h = Math.floor(cs / 360_000);
  const m = Math.floor((cs % 360_000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}`;
}

/**
 * Text as libass shows it literally: braces would open an override block and a backslash could start \N or \h, so
 * they become look-alikes (( ) and ∖); everything else, quotes, colons and %, stays as typed.
 */
export function assText(text: string): string {
  return oneLine(text).replaceAll('\\', '∖').replaceAll('{', '(').replaceAll('}', ')');
}

interface Layout {
  brand: number;
  title: number;
  credit: number;
  subtitle: number;
  disclosure: number;
  side: number;
  headerTop: number;
  subtitleBottom: number;
  disclosureBottom: number;
  brandTop: number;
}

// Pixel sizes at 1280×720 and at 1080×1920, scaled with the width for other sizes. A portrait video keeps its text
// clear of the platforms' own buttons at the bottom.
const LANDSCAPE: Layout = {
  brand: 24,
  title: 52,
  credit: 28,
  subtitle: 38,
  disclosure: 18,
  side: 80,
  headerTop: 110,
  subtitleBottom: 96,
  disclosureBottom: 22,
  brandTop: 30,
};
const PORTRAIT: Layout = {
  brand: 36,
  title: 74,
  credit: 40,
  subtitle: 56,
  disclosure: 28,
  side: 80,
  headerTop: 330,
  subtitleBottom: 560,
  disclosureBottom: 260,
  brandTop: 110,
};

function layoutFor(width: number, height: number): Layout {
  const base = height > width ? PORTRAIT : LANDSCAPE;
  const scale = width / (height > width ? 1080 : 1280);
  return Object.fromEntries(
    Object.entries(base).map(([key, value]) => [key, Math.round(value * scale)]),
  ) as unknown as Layout;
}

// &HAABBGGRR: alpha first (00 opaque), then blue, green, red.
const WHITE = '&H00FFFFFF';
const SLATE = '&H00E1D5CB';
const MUTED = '&H00B8A394';
const ACCENT = '&H00FAA560';
const SHADE = '&H64000000';

/** The ASS script of one video: its styles, the header and disclosure for the whole length, the subtitle cues. */
export function assDocument(input: AssInput): string {
  const l = layoutFor(input.width, input.height);
  // Header, brand and disclosure get a thin dark outline, so they read on a background image too.
  const style = (
    name: string,
    size: number,
    colour: string,
    bold: boolean,
    border: 1 | 3,
    outline: number,
    alignment: number,
    marginV: number,
    marginSide = l.side,
  ) =>
    `Style: ${name},${input.font},${size},${colour},${colour},${border === 3 ? SHADE : '&H00000000'},${SHADE},${bold ? -1 : 0},0,0,0,100,100,0,0,${border},${outline},0,${alignment},${marginSide},${marginSide},${marginV},1`;
  const end = assTime(input.durationMs);
  const line = (styleName: string, text: string, from = '0:00:00.00', to = end) =>
    `Dialogue: 0,${from},${to},${styleName},,0,0,0,,${text}`;
  const title = assText(input.title);
  const credit = assText(input.credit ?? '');
  const disclosure = assText(input.disclosure ?? '');
  // A small empty line keeps the credit clear of the headline's descenders.
  const header = [
    title,
    credit ? `{\\fs${Math.round(l.credit / 3)}}\\h\\N{\\b0\\fs${l.credit}\\c${SLATE}}${credit}` : '',
  ]
    .filter(Boolean)
    .join('\\N');
  const cues = input.script ? cuesFor(input.script, input.durationMs) : [];
  return [
    '[Script Info]',
    '; Newsdesk: headline, sources, AI disclosure and the spoken script, timed to the speech',
    'ScriptType: v4.00+',
    `PlayResX: ${input.width}`,
    `PlayResY: ${input.height}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    style('Brand', l.brand, ACCENT, true, 1, 1, 7, l.brandTop, Math.round(l.side / 2)),
    style('Header', l.title, WHITE, true, 1, Math.max(1, Math.round(l.title / 24)), 8, l.headerTop),
    style('Subtitle', l.subtitle, WHITE, false, 3, Math.max(2, Math.round(l.subtitle / 6)), 2, l.subtitleBottom),
    style('Disclosure', l.disclosure, MUTED, false, 1, 1, 2, l.disclosureBottom),
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    line('Brand', BRAND),
    ...(header ? [line('Header', header)] : []),
    ...(disclosure ? [line('Disclosure', disclosure)] : []),
    ...cues.map((cue) => line('Subtitle', assText(cue.text), assTime(cue.startMs), assTime(cue.endMs))),
    '',
  ].join('\n');
}
