// The story is made from the run's items only: every extractive sentence stands in a source text, the model's answer
// is kept only when its citations point at real items and cover its script, its figures stand in them, and its
// lengths are in range.
import { expect, test } from 'vitest';
import type { SelectedItem } from '../sources/select';
import { checkAnswer, extractiveStory } from './story';

const item = (n: number, body: string, language = 'de', sources = [`Quelle ${n}`]): SelectedItem => ({
  id: `item-${n}`,
  title: `Titel ${n}`,
  url: `https://example.org/${n}`,
  summary: body.slice(0, 80),
  body,
  language,
  category: 'general',
  publishedAt: null,
  sources,
});

test('every sentence of an extractive story stands in a source text and cites it', () => {
  const items = [
    item(
      1,
      'Der Bundestag hat am Donnerstag ein Gesetz beschlossen. Die Abgeordneten stimmten mit großer Mehrheit zu. Es tritt im Frühjahr in Kraft.',
    ),
    item(
      2,
      'Kritik kam aus der Opposition, die den Entwurf für zu zaghaft hält. Die Verbände begrüßten den Beschluss dagegen.',
    ),
    item(3, 'The Bundestag passed a law on Thursday in Berlin today.', 'en'),
  ];
  const story = extractiveStory(items, 'de');
  expect(story.writtenBy).toBe('Automatisch zusammengefasst (ohne KI)');
  expect(story.title).toBe('Titel 1');
  const cited = [...story.script.matchAll(/(.+?) \[(\d)\]\s*/g)];
  expect(cited.length).toBeGreaterThanOrEqual(4);
  for (const [, sentence, n] of cited) expect(items[Number(n) - 1].body).toContain(sentence.trim());
  // The run's language is German: the English item is not quoted.
  expect(story.script).not.toContain('[3]');
  expect(story.teaser).toBe('Der Bundestag hat am Donnerstag ein Gesetz beschlossen.');
});

test('without an item in the run language, the sources are quoted in their own', () => {
  const story = extractiveStory([item(1, 'The Bundestag passed a law on Thursday in Berlin today.', 'en')], 'de');
  expect(story.script).toBe('The Bundestag passed a law on Thursday in Berlin today. [1]');
});

const longScript = (cite: string) =>
  Array.from({ length: 30 }, () => `Ein Satz mit einigen weiteren Worten darin ${cite}.`).join(' ');
const two = [
  item(1, 'Der Bundestag hat am Donnerstag mit 412 Stimmen ein Gesetz über 1.000 neue Windräder beschlossen.'),
  item(2, 'Die Opposition kritisierte den Entwurf.'),
];

test("the model's answer is checked: citations of real items, lengths in range", () => {
  const good = `TITEL: Bundestag beschließt Energiegesetz\nTEASER: Der Bundestag hat ein Gesetz beschlossen.\nSKRIPT: ${longScript('[1]')}`;
  expect(checkAnswer(good, two)).toMatchObject({
    title: 'Bundestag beschließt Energiegesetz',
    teaser: 'Der Bundestag hat ein Gesetz beschlossen.',
  });
  expect(checkAnswer(good.replaceAll('[1]', '[3]'), two)).toBeUndefined();
  expect(checkAnswer(good.replaceAll('[1]', ''), two)).toBeUndefined();
  expect(checkAnswer('TITEL: X\nTEASER: Y\nSKRIPT: Zu kurz [1].', two)).toBeUndefined();
  expect(checkAnswer('Hier ist Ihre Meldung ohne Format.', two)).toBeUndefined();
});

test("the model's title and teaser cite real items too, and every sentence of its script cites one", () => {
  const answer = (title: string, teaser: string, script: string) =>
    `TITEL: ${title}\nTEASER: ${teaser}\nSKRIPT: ${script}`;
  expect(checkAnswer(answer('Kanzler tritt zurück [9]', 'Ein Satz.', longScript('[1]')), two)).toBeUndefined();
  expect(checkAnswer(answer('Gesetz beschlossen', 'Laut Insidern mehr [7].', longScript('[1]')), two)).toBeUndefined();
  // One sentence without a citation among cited ones: refused; a citation after the full stop counts.
  const oneUncited = `${longScript('[1]')} Dieser Satz steht in keiner der Quellen.`;
  expect(checkAnswer(answer('Gesetz beschlossen', 'Ein Satz.', oneUncited), two)).toBeUndefined();
  const citedAfter = Array.from({ length: 30 }, () => 'Ein Satz mit einigen weiteren Worten darin. [2]').join(' ');
  expect(checkAnswer(answer('Gesetz beschlossen', 'Ein Satz.', citedAfter), two)?.script).toBe(citedAfter);
});

test('every figure the model states stands in an item; written with or without separators', () => {
  const answer = (script: string) => `TITEL: Bundestag beschließt Energiegesetz\nTEASER: Ein Satz.\nSKRIPT: ${script}`;
  const stated = `${longScript('[1]')} Das Gesetz bringt 1000 neue Windräder, beschlossen mit 412 Stimmen [1].`;
  expect(checkAnswer(answer(stated), two)?.script).toBe(stated);
  const invented = `${longScript('[1]')} Dabei gab es 42 Verletzte [1].`;
  expect(checkAnswer(answer(invented), two)).toBeUndefined();
  expect(
    checkAnswer(`TITEL: 42 Tote nach Beschluss\nTEASER: Ein Satz.\nSKRIPT: ${longScript('[1]')}`, two),
  ).toBeUndefined();
});

test('the story leads with the item it is written from: its source is that item’s, not the first item’s', () => {
  const items = [
    item(1, 'The Bundestag passed a law on Thursday in Berlin today.', 'en', ['BBC']),
    item(2, 'Der Bundestag hat am Donnerstag ein Gesetz beschlossen.', 'de', ['Tagesschau']),
  ];
  const story = extractiveStory(items, 'de');
  expect(story).toMatchObject({ title: 'Titel 2', lead: 2 });
  const answer = `TITEL: Gesetz beschlossen [2]\nTEASER: Ein Satz.\nSKRIPT: ${longScript('[1]')}`;
  expect(checkAnswer(answer, items)?.lead).toBe(2);
  expect(checkAnswer(answer.replace(' [2]', ''), items)?.lead).toBe(1);
});

test('a feed title that runs on is cut at a word to at most 140 characters', () => {
  const long = `${'Sehr lange Überschrift '.repeat(50)}Ende`;
  const story = extractiveStory(
    [{ ...item(1, 'Der Bundestag hat am Donnerstag ein Gesetz beschlossen.'), title: long }],
    'de',
  );
  expect(story.title.length).toBeLessThanOrEqual(140);
  expect(story.title).toMatch(/^Sehr lange Überschrift .*Überschrift…$/);
});
