// The story is made from the run's items only: every extractive sentence stands in a source text, the model's answer
// is kept only when its citations point at real items and its lengths are in range.
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
  Array.from({ length: 30 }, (_, i) => `Satz ${i} mit einigen weiteren Worten darin ${cite}.`).join(' ');

test("the model's answer is checked: citations of real items, lengths in range", () => {
  const good = `TITEL: Bundestag beschließt Energiegesetz\nTEASER: Der Bundestag hat ein Gesetz beschlossen.\nSKRIPT: ${longScript('[1]')}`;
  expect(checkAnswer(good, 2)).toMatchObject({
    title: 'Bundestag beschließt Energiegesetz',
    teaser: 'Der Bundestag hat ein Gesetz beschlossen.',
  });
  expect(checkAnswer(good.replaceAll('[1]', '[3]'), 2)).toBeUndefined();
  expect(checkAnswer(good.replaceAll('[1]', ''), 2)).toBeUndefined();
  expect(checkAnswer('TITEL: X\nTEASER: Y\nSKRIPT: Zu kurz [1].', 2)).toBeUndefined();
  expect(checkAnswer('Hier ist Ihre Meldung ohne Format.', 2)).toBeUndefined();
});
