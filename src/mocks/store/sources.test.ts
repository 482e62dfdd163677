import { ApiError } from '@/lib/http/api-error';
import type { DeskSettingsPatch, FeedSourcePatch, NewFeedSource } from '@/contract';
import { callApi } from '@/lib/api/client';
import { resetStore } from './index';

const getDeskSettings = () => callApi('settings.get');
const updateDeskSettings = (body: DeskSettingsPatch) => callApi('settings.update', { body });
const listSources = () => callApi('sources.list');
const listSourceItems = (limit?: number) => callApi('sources.items', { query: { limit } });
const createSource = (body: NewFeedSource) => callApi('sources.create', { body });
const updateSource = (id: string, body: FeedSourcePatch) => callApi('sources.update', { params: { id }, body });
const deleteSource = (id: string) => callApi('sources.delete', { params: { id } });
const fetchSource = (id: string) => callApi('sources.fetch', { params: { id } });
const fetchAllSources = () => callApi('sources.fetchAll');

describe('sources mock store', () => {
  test("default: SPEC's five sources with a last fetch each; about fifteen items, some from two sources", async () => {
    const sources = await listSources();
    expect(sources.map((s) => s.name)).toEqual(['Tech News', 'Reuters', 'Bloomberg', 'NASA', 'Medical News']);
    expect(sources.every((s) => s.lastFetch !== null && /^https:\/\/feeds\.newsdesk\.example\//.test(s.url))).toBe(
      true,
    );
    expect(new Set(sources.map((s) => s.category))).toEqual(
      new Set(['Technologie', 'Wirtschaft', 'Wissenschaft', 'Gesundheit']),
    );
    const items = await listSourceItems(50);
    expect(items).toHaveLength(15);
    expect(items.filter((i) => i.sources.length === 2).length).toBeGreaterThanOrEqual(4);
    expect(await listSourceItems(20)).toHaveLength(15);
    expect(await listSourceItems(3)).toHaveLength(3);
  });

  test('create, update and delete change what the next list returns; a taken address is 409', async () => {
    const created = await createSource({
      name: 'Tagesschau',
      url: 'https://www.tagesschau.de/index~rss2.xml',
      category: 'Politik',
      language: 'de',
    });
    expect(created).toMatchObject({ id: 'src-tagesschau', enabled: true, lastFetch: null, itemCount: 0 });
    await updateSource(created.id, { enabled: false, category: 'Inland' });
    expect((await listSources()).find((s) => s.id === created.id)).toMatchObject({
      enabled: false,
      category: 'Inland',
    });
    await deleteSource(created.id);
    expect((await listSources()).some((s) => s.id === created.id)).toBe(false);
    await expect(
      createSource({ name: 'Doppelt', url: 'https://feeds.newsdesk.example/nasa.atom', category: 'x', language: 'en' }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(deleteSource('src-gibt-es-nicht')).rejects.toBeInstanceOf(ApiError);
  });

  test('a fetch sets a new last fetch with 0–2 new items; a failing feed keeps its German error', async () => {
    const before = Date.now();
    const tech = await fetchSource('src-tech-news');
    expect(tech.lastFetch).toMatchObject({ status: 200, newItems: 1 });
    expect(Date.parse(tech.lastFetch?.at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(tech.itemCount).toBe(6);
    expect((await listSourceItems(1))[0].sources).toEqual(['Tech News']);
    const bloomberg = await fetchSource('src-bloomberg');
    expect(bloomberg.lastFetch).toMatchObject({
      status: 403,
      newItems: 0,
      error: 'Der Feed verweigert den Zugriff (HTTP 403).',
    });
    const nowhere = await createSource({
      name: 'Nirgendwo',
      url: 'https://feeds.nirgendwo.invalid/feed.xml',
      category: 'x',
      language: 'de',
    });
    const unreachable = await fetchSource(nowhere.id);
    expect(unreachable.lastFetch).toEqual({
      at: expect.any(String),
      newItems: 0,
      error: 'Die Adresse ist nicht erreichbar: Der Servername ist unbekannt.',
    });
    const all = await fetchAllSources();
    expect(all.find((s) => s.id === 'src-medical-news')?.lastFetch?.at).toBe('2024-06-10T16:15:00.000Z');
    expect(all.filter((s) => s.enabled).every((s) => s.lastFetch && s.lastFetch.newItems <= 2)).toBe(true);
  });

  test('the schedule is off by default and keeps what is saved', async () => {
    await expect(getDeskSettings()).resolves.toMatchObject({ schedule: { enabled: false, everyMinutes: 60 } });
    await updateDeskSettings({ schedule: { enabled: true } });
    await expect(getDeskSettings()).resolves.toMatchObject({ schedule: { enabled: true, everyMinutes: 60 } });
  });

  test('review is on by default; review and one disclosure line change without touching the rest', async () => {
    const before = await getDeskSettings();
    expect(before.review).toBe(true);
    expect(before.disclosure.reviewed).toBe(
      'Dieser Beitrag wurde mit Hilfe von KI aus den genannten Quellen erstellt und von der Redaktion geprüft.',
    );
    await updateDeskSettings({ review: false, disclosure: { automatic: '  Automatisch erstellt.  ' } });
    await expect(getDeskSettings()).resolves.toEqual({
      schedule: before.schedule,
      review: false,
      disclosure: { reviewed: before.disclosure.reviewed, automatic: 'Automatisch erstellt.' },
      ttsRoles: before.ttsRoles,
      onAir: before.onAir,
      fourEyes: false,
    });
    await expect(updateDeskSettings({ disclosure: { reviewed: '   ' } })).rejects.toMatchObject({ status: 400 });
  });

  test('the TTS roles start as elevenlabs and azure, are swapped by a patch and are never the same provider twice', async () => {
    const before = await getDeskSettings();
    expect(before.ttsRoles).toEqual({ primary: 'elevenlabs', backup: 'azure' });
    await updateDeskSettings({ ttsRoles: { primary: 'azure', backup: 'elevenlabs' } });
    await expect(getDeskSettings()).resolves.toEqual({
      ...before,
      ttsRoles: { primary: 'azure', backup: 'elevenlabs' },
    });
    const same = await updateDeskSettings({ ttsRoles: { primary: 'azure', backup: 'azure' } }).catch(
      (error: unknown) => error,
    );
    expect(same).toMatchObject({ status: 400 });
    expect(String((same as Error).message)).toContain('Primär- und Backup-Dienst müssen verschieden sein.');
    await expect(getDeskSettings()).resolves.toMatchObject({ ttsRoles: { primary: 'azure', backup: 'elevenlabs' } });
  });

  test("'empty' seeds no sources and no items", async () => {
    resetStore('empty');
    await expect(listSources()).resolves.toEqual([]);
    await expect(listSourceItems()).resolves.toEqual([]);
  });
});
