// The Scraper's choice: 'Breaking News' is the story most distinct sources carry; shared key terms make a group.
import { expect, test } from 'vitest';
import { keyTerms, topStory, type SelectedItem } from './select';

// One instant for every item: two built a millisecond apart would otherwise order by that millisecond.
const NOW = Date.now();
const item = (id: string, title: string, sources: string[], hoursAgo = 1): SelectedItem => ({
  id,
  title,
  url: `https://example.org/${id}`,
  summary: '',
  body: null,
  language: 'de',
  category: 'general',
  publishedAt: new Date(NOW - hoursAgo * 3600_000).toISOString(),
  sources,
});

test('key terms drop stopwords and fold case and umlauts', () => {
  expect(keyTerms('Der BUNDESTAG und das Gesetz über Energie für Ärzte')).toEqual([
    'bundestag',
    'gesetz',
    'energie',
    'arzte',
  ]);
});

test('the story most distinct sources carry wins over a newer one-source story', () => {
  const items = [
    item('a', 'Neuer Rekord beim Stadtmarathon', ['Lokal'], 0.1),
    item('b', 'Bundestag beschließt Energiegesetz', ['Alpha'], 2),
    item('c', 'Energiegesetz: Bundestag stimmt zu', ['Beta'], 3),
    item('d', 'Opposition kritisiert Energiegesetz im Bundestag', ['Gamma', 'Alpha'], 1),
  ];
  const chosen = topStory(items).map((i) => i.id);
  expect(chosen).toHaveLength(3);
  expect(chosen[0]).toBe('d');
  expect(chosen).not.toContain('a');
});

test('a report that shares terms only with another member, not with the story, stays out of it', () => {
  const items = [
    item('a', 'Scholz trifft Macron beim Gipfel', ['Alpha'], 1),
    item('b', 'Macron lobt Gipfel trotz Hitze in Paris', ['Beta'], 2),
    // Shares „Hitze“ and „Paris“ with b only: another story.
    item('c', 'Hitze in Paris: Europa stöhnt', ['Gamma']),
  ];
  expect(topStory(items).map((i) => i.id)).toEqual(['a', 'b']);
});
