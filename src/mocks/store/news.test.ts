import type { DeskSettingsPatch } from '@/contract';
import { callApi } from '@/lib/api/client';
import { SOURCE_ITEM_FIXTURES } from '../fixtures/sources';

const listNews = () => callApi('news.list');
const getNewsDetails = (id: string) => callApi('news.get', { params: { id } });
const generateNews = (topic: string) => callApi('news.generate', { body: { topic, language: 'en' } });
const publishNews = (id: string) => callApi('news.publish', { params: { id } });
const rejectNews = (id: string) => callApi('news.reject', { params: { id } });
const retryNews = (id: string) => callApi('news.retry', { params: { id } });
const updateDeskSettings = (body: DeskSettingsPatch) => callApi('settings.update', { body });

const SOURCE_TEXTS = SOURCE_ITEM_FIXTURES.map((i) => i.summary).join(' ');
/** Every sentence of a script with the number it cites. */
const cited = (script: string) =>
  [...script.matchAll(/(.+?)\s*\[(\d+)\]\s*/g)].map((m) => ({ sentence: m[1].trim(), n: Number(m[2]) }));

describe('news mock store', () => {
  test('the seeded list has stories in every status of the review flow, three of them in review', async () => {
    const news = await listNews();
    expect(news.filter((n) => n.status === 'review').map((n) => n.id)).toEqual(['news-4', 'news-9', 'news-14']);
    for (const status of ['published', 'scheduled', 'draft', 'failed'])
      expect(news.some((n) => n.status === status)).toBe(true);
  });

  test("a seeded story's details come from its source's demo items: their lead sentences, each citing its item", async () => {
    const details = await getNewsDetails('news-9'); // Webb-Teleskop fotografiert junge Galaxie, NASA, in review
    expect(details).toMatchObject({
      id: 'news-9',
      status: 'review',
      writtenBy: 'Automatisch zusammengefasst (ohne KI)',
      disclosure: null,
      publicUrl: null,
      platforms: [],
      runId: null,
    });
    expect(details.sources.length).toBeGreaterThan(0);
    expect(details.sources.every((s) => s.sources.includes('NASA'))).toBe(true);
    // The item sharing most words with the title comes first.
    expect(details.sources[0]).toMatchObject({
      n: 1,
      title: 'Webb-Teleskop fotografiert die bisher fernste Galaxie',
      url: 'https://articles.newsdesk.example/webb-galaxie',
      publishedAt: '2024-06-12T06:45:00.000Z',
    });
    const sentences = cited(details.script);
    expect(sentences.length).toBe(details.sources.length);
    for (const { sentence, n } of sentences) {
      expect(SOURCE_TEXTS).toContain(sentence);
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(details.sources.length);
    }
    expect(details.teaser).toBe('Webb-Teleskop fotografiert die bisher fernste Galaxie.');
  });

  test('a generated story keeps the items it was written from; nothing in its script is invented', async () => {
    const item = await generateNews('Inflation');
    const details = await getNewsDetails(item.id);
    expect(details.sources.map((s) => s.title)).toEqual(['Inflation im Euroraum sinkt im Mai auf 2,6 Prozent']);
    expect(details.sources[0].sources).toEqual(['Bloomberg', 'Reuters']);
    expect(details.script).toBe('Inflation im Euroraum sinkt im Mai auf 2,6 Prozent. [1]');
    expect(details.teaser).toBe('Inflation im Euroraum sinkt im Mai auf 2,6 Prozent.');
    expect(details.writtenBy).toBe('Automatisch zusammengefasst (ohne KI)');
  });

  test('Publish takes drafts and stories in review: the reviewed disclosure, connected platforms published, others skipped', async () => {
    await updateDeskSettings({ disclosure: { reviewed: 'Von der Redaktion geprüft.' } });
    await expect(publishNews('news-4')).resolves.toMatchObject({
      status: 'published',
      publishedAt: expect.any(String),
    });
    const details = await getNewsDetails('news-4');
    expect(details.disclosure).toBe('Von der Redaktion geprüft.');
    expect(details.publicUrl).toBeNull();
    expect(details.platforms).toEqual([
      { platform: 'facebook', state: 'published' },
      { platform: 'youtube', state: 'published' },
      { platform: 'telegram', state: 'published' },
      { platform: 'instagram', state: 'skipped', reason: 'Instagram ist nicht verbunden.' },
      { platform: 'tiktok', state: 'skipped', reason: 'TikTok ist nicht verbunden.' },
    ]);
    await expect(publishNews('news-3')).resolves.toMatchObject({ status: 'published' }); // a draft
    await expect(publishNews('news-5')).rejects.toMatchObject({ status: 409 }); // failed
    await expect(publishNews('news-4')).rejects.toThrow(
      'Nur Entwürfe und Meldungen in Prüfung können veröffentlicht werden.',
    );
  });

  test('Reject takes only stories in review; an unknown id is 404', async () => {
    await expect(rejectNews('news-9')).resolves.toMatchObject({ id: 'news-9', status: 'rejected' });
    expect((await listNews()).find((n) => n.id === 'news-9')?.status).toBe('rejected');
    await expect(getNewsDetails('news-9')).resolves.toMatchObject({
      status: 'rejected',
      disclosure: null,
      platforms: [],
    });
    await expect(rejectNews('news-9')).rejects.toThrow('Nur Meldungen in Prüfung können abgelehnt werden.');
    await expect(rejectNews('news-3')).rejects.toMatchObject({ status: 409 }); // a draft
    await expect(rejectNews('news-unbekannt')).rejects.toThrow('Meldung nicht gefunden');
    await expect(getNewsDetails('news-unbekannt')).rejects.toMatchObject({ status: 404 });
    await expect(retryNews('news-5')).resolves.toMatchObject({ status: 'draft' });
  });
});
