// The AI Analyse stage's story, from the run's items only. With an LLM: title, a spoken script and a teaser citing the
// items as [1], [2] — checked before it is kept (citations point at real items and cover every sentence, its figures
// stand in them, lengths in range). Without one (or
// when the model's answer fails the check): an extractive story, every sentence of it taken from a source text.
import { DEFAULT_MODEL, chatComplete } from '../adapters/providers/llm/chat';
import type { Credentials } from '../adapters/providers/credentials';
import type { SelectedItem } from '../sources/select';

export interface Story {
  title: string;
  script: string;
  teaser: string;
  /** The model's name, or EXTRACTIVE. */
  writtenBy: string;
  /** The item (1-based) the story leads with: its source and category are the story's. */
  lead: number;
}

export const EXTRACTIVE = 'Automatisch zusammengefasst (ohne KI)';
const LANGUAGE_NAMES: Record<string, string> = { de: 'Deutsch', en: 'Englisch', es: 'Spanisch', fr: 'Französisch' };
/** About 60–90 s spoken: 130–260 words. */
const MIN_WORDS = 110;
const MAX_WORDS = 280;
const EXTRACT_MAX_CHARS = 1400;

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
/** A headline at most this long (a feed's title may run on: a post would then have no room for its sources). */
export const TITLE_MAX_CHARS = 140;

/** Cut at a word's end before `max` characters, marked with an ellipsis. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const end = cut.lastIndexOf(' ');
  return `${(end > max / 2 ? cut.slice(0, end) : cut).replace(/[\s,;:–-]+$/, '')}…`;
}

export function sentences(text: string, language: string): string[] {
  const segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
  return [...segmenter.segment(text.replace(/\s+/g, ' '))]
    .map((s) => s.segment.trim())
    .filter((s) => s.length >= 25 && s.length <= 400 && /[.!?…"“”]$/.test(s));
}

/** The lead sentences of each item in the run's language (the best-carried items first), with their citation. */
export function extractiveStory(items: SelectedItem[], language: string): Story {
  const own = items.filter((i) => i.language === language);
  const pool = own.length > 0 ? own : items;
  const picked: string[] = [];
  let length = 0;
  for (let lead = 0; lead < 3 && length < EXTRACT_MAX_CHARS; lead += 1) {
    for (const item of pool) {
      const n = items.indexOf(item) + 1;
      const sentence = sentences(item.body ?? item.summary, item.language)[lead];
      if (!sentence || picked.some((p) => p.startsWith(sentence)) || length + sentence.length > EXTRACT_MAX_CHARS)
        continue;
      picked.push(`${sentence} [${n}]`);
      length += sentence.length;
    }
  }
  const top = pool[0];
  if (picked.length === 0) picked.push(`${top.title}. [${items.indexOf(top) + 1}]`);
  return {
    title: shorten(top.title, TITLE_MAX_CHARS),
    script: picked.join(' '),
    teaser: picked[0].replace(/\s*\[\d+\]$/, ''),
    writtenBy: EXTRACTIVE,
    lead: items.indexOf(top) + 1,
  };
}

function prompt(items: SelectedItem[], language: string, topic: string): string {
  const sourcesText = items
    .map(
      (item, i) =>
        `[${i + 1}] ${item.title} (${item.sources.join(', ') || new URL(item.url).hostname})\n${(item.body ?? item.summary).slice(0, 4000)}`,
    )
    .join('\n\n');
  return [
    `Schreibe aus den folgenden Quellen eine Nachrichtenmeldung zum Thema „${topic}“ auf ${LANGUAGE_NAMES[language] ?? language}.`,
    'Verwende ausschließlich Tatsachen, die in den Quellen stehen; erfinde nichts hinzu, keine Zahlen, Namen oder Zitate, die dort nicht stehen.',
    'Belege jeden Satz des Skripts mit der Nummer seiner Quelle in eckigen Klammern, z. B. [1] oder [2].',
    'Antworte genau in diesem Format:',
    'TITEL: <Schlagzeile, höchstens 100 Zeichen>',
    'TEASER: <ein Satz, höchstens 200 Zeichen>',
    'SKRIPT: <Sprechtext von 60 bis 90 Sekunden, 130 bis 230 Wörter, mit Belegen>',
    '',
    'Quellen:',
    sourcesText,
  ].join('\n');
}

const CITATION = /\[(\d+)\]/g;
/** Figures as written (12, 3,5, 1.000, 2026), compared without their separators, so „1.000“ and „1000“ agree. */
const figuresIn = (text: string) =>
  [...text.replace(CITATION, ' ').matchAll(/\d+(?:[.,]\d+)*/g)].map((m) => m[0].replace(/[.,]/g, ''));

/**
 * Parses and checks the model's answer against the items; undefined when it does not hold (the extractive story is
 * kept instead): every citation, in title, teaser and script, points at a real item; every sentence of the script
 * cites one; every figure it states stands in an item; the lengths are in range. Names and quotes a model invents are
 * beyond such a check: the review before publication is there for them.
 */
export function checkAnswer(answer: string, items: SelectedItem[]): Omit<Story, 'writtenBy'> | undefined {
  const field = (name: string) =>
    new RegExp(`^${name}:\\s*([\\s\\S]*?)(?=^\\w+:|$(?![\\s\\S]))`, 'm').exec(answer)?.[1]?.trim();
  const title = field('TITEL');
  const teaser = field('TEASER');
  const script = field('SKRIPT');
  if (!title || !teaser || !script) return undefined;
  const cited = (text: string) => [...text.matchAll(CITATION)].map((m) => Number(m[1]));
  if (cited(script).length === 0) return undefined;
  if ([title, teaser, script].flatMap(cited).some((n) => n < 1 || n > items.length)) return undefined;
  // „Satz. [1]“ as „Satz [1].“, so that a citation after the full stop counts for its own sentence.
  const normalised = script.replace(/([.!?…])((?:\s*\[\d+\])+)/g, '$2$1');
  const segmenter = new Intl.Segmenter('de', { granularity: 'sentence' });
  const uncited = [...segmenter.segment(normalised)].some(
    ({ segment }) => words(segment) >= 3 && !/\[\d+\]/.test(segment),
  );
  if (uncited) return undefined;
  const known = new Set(items.flatMap((i) => figuresIn(`${i.title} ${i.summary} ${i.body ?? ''}`)));
  if (figuresIn(`${title} ${teaser} ${script}`).some((figure) => !known.has(figure))) return undefined;
  if (title.length > TITLE_MAX_CHARS || teaser.length > 260 || words(script) < MIN_WORDS || words(script) > MAX_WORDS)
    return undefined;
  // It leads with the item its title cites, else the first its script cites.
  return { title, teaser, script, lead: (cited(title)[0] ?? cited(script)[0]) as number };
}

export async function writeStory(
  credentials: Credentials,
  items: SelectedItem[],
  options: { language: string; topic: string; signal?: AbortSignal },
): Promise<Story> {
  if (!(await credentials.key('openai'))) return extractiveStory(items, options.language);
  const answer = await chatComplete(credentials, [
    {
      role: 'system',
      content: 'Du bist Redakteur einer Nachrichtenredaktion. Du schreibst nur, was in den gegebenen Quellen steht.',
    },
    { role: 'user', content: prompt(items, options.language, options.topic) },
  ]);
  const checked = checkAnswer(answer, items);
  return checked
    ? { ...checked, writtenBy: credentials.setting('OPENAI_MODEL') ?? DEFAULT_MODEL }
    : {
        ...extractiveStory(items, options.language),
        writtenBy: `${EXTRACTIVE}; die Antwort des Modells hielt der Prüfung nicht stand`,
      };
}
