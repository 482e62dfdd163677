// The desk's own engine without n8n, against local feed servers: sources are read, the Scraper picks the story most
// sources carry, the story keeps its provenance, a desk without keys speaks it with eSpeak-NG and renders it with
// FFmpeg, a failed stage is retried from where it failed, a stage over its time limit fails.
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { contractBody, createTestApp, diedThreeTimes, errorBody, type TestApp } from '../testing';
import { startFeedServer, storyFixtures, type FeedServer } from '../../tests/fakes/feeds';
import type { Run } from '../../src/contract';
import { eq, sql } from 'drizzle-orm';
import { newsTexts, sourceItems, sources } from '../data/db/schema';

let t: TestApp;
let feeds: FeedServer;

beforeAll(async () => {
  feeds = await startFeedServer();
  const { alpha, beta } = storyFixtures(feeds.url);
  feeds.set('/alpha.xml', { body: alpha, etag: '"alpha-1"' });
  feeds.set('/beta.atom', { body: beta, type: 'application/atom+xml', lastModified: 'Wed, 25 Nov 2026 10:00:00 GMT' });
  feeds.set('/alpha/energie-gesetz', {
    body: '<html><body><nav>Menü</nav><article><h1>Gesetz</h1><p>Der Bundestag hat am Donnerstag ein Gesetz zur Förderung erneuerbarer Energien beschlossen. Die Abgeordneten stimmten mit großer Mehrheit für den Entwurf der Regierung.</p><p>Das Gesetz soll im Frühjahr in Kraft treten und den Ausbau von Wind- und Solaranlagen beschleunigen. Kommunen sollen an den Erträgen beteiligt werden.</p></article></body></html>',
    type: 'text/html; charset=utf-8',
  });
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await feeds.close();
});
afterEach(() => {
  feeds.requests.length = 0;
});

async function addSource(name: string, path: string, language = 'de') {
  return contractBody(
    'sources.create',
    await t.call('/sources', {
      method: 'POST',
      json: { name, url: `${feeds.url}${path}`, category: 'general', language },
    }),
  );
}

async function runToEnd(runId: string): Promise<Run> {
  for (let i = 0; i < 20; i += 1) {
    await t.engine.runDue();
    const runs = await contractBody('workflow.runs', await t.call('/workflow/runs?limit=20'));
    const run = runs.find((r) => r.id === runId);
    if (run && run.status !== 'running') return run;
  }
  throw new Error(`Run ${runId} endete nicht`);
}

const stage = (run: Run, name: string) => run.stages.find((s) => s.stage === name);

test('sources are validated, stored once per address and read with their result', async () => {
  const blank = await t.call('/sources', {
    method: 'POST',
    json: { name: ' ', url: 'https://example.org/feed', category: 'general', language: 'de' },
  });
  expect(blank.status).toBe(400);
  expect((await errorBody(blank)).message).toContain('Bitte einen Namen eingeben.');
  const notHttp = await t.call('/sources', {
    method: 'POST',
    json: { name: 'FTP', url: 'ftp://example.org/feed', category: 'general', language: 'de' },
  });
  expect(notHttp.status).toBe(400);
  expect((await errorBody(notHttp)).message).toContain('Bitte eine gültige http- oder https-Adresse eingeben.');

  const alpha = await addSource('Alpha Nachrichten', '/alpha.xml');
  expect(alpha.lastFetch).toBeNull();
  const twice = await t.call('/sources', {
    method: 'POST',
    json: { name: 'Nochmal', url: `${feeds.url}/alpha.xml`, category: 'general', language: 'de' },
  });
  expect(twice.status).toBe(409);
  expect((await errorBody(twice)).message).toBe('Diese Feed-Adresse ist schon eingetragen.');

  const fetched = await contractBody('sources.fetch', await t.call(`/sources/${alpha.id}/fetch`, { method: 'POST' }));
  expect(fetched.lastFetch).toMatchObject({ status: 200, newItems: 2 });
  expect(fetched.lastFetch?.error).toBeUndefined();
  expect(fetched.itemCount).toBe(2);

  // The second read is conditional: the feed answers 304 and nothing is new.
  const again = await contractBody('sources.fetch', await t.call(`/sources/${alpha.id}/fetch`, { method: 'POST' }));
  expect(feeds.requests.filter((r) => r.path === '/alpha.xml').at(-1)?.ifNoneMatch).toBe('"alpha-1"');
  expect(again.lastFetch).toMatchObject({ status: 304, newItems: 0 });

  const items = await contractBody('sources.items', await t.call('/sources/items?limit=10'));
  const energy = items.find((i) => i.title.startsWith('Bundestag beschließt'));
  // Tracking parameters and the fragment are gone; the relative link is resolved against the channel.
  expect(energy?.url).toBe(`${feeds.url}/alpha/energie-gesetz`);
  expect(items.find((i) => i.title === 'Stadtrat & Bürger streiten über neue Radwege')).toMatchObject({
    url: `${feeds.url}/alpha/radwege.html`,
    publishedAt: null,
  });
});

test('a broken source gets a German error and loses nothing else', async () => {
  const broken = await addSource('Kaputt', '/gone.xml');
  const fetched = await contractBody('sources.fetch', await t.call(`/sources/${broken.id}/fetch`, { method: 'POST' }));
  expect(fetched.lastFetch).toMatchObject({ status: 404, newItems: 0, error: 'Der Feed antwortet mit HTTP 404.' });
  feeds.set('/html.xml', { body: '<!doctype html><html><body>Keine Nachrichten</body></html>', type: 'text/html' });
  const html = await addSource('Keine Nachrichten', '/html.xml');
  const read = await contractBody('sources.fetch', await t.call(`/sources/${html.id}/fetch`, { method: 'POST' }));
  expect(read.lastFetch?.error).toBe('Die Adresse liefert keinen Feed (RSS, Atom oder JSON Feed).');
  const items = await contractBody('sources.items', await t.call('/sources/items?limit=50'));
  expect(items.length).toBe(2);
  await t.call(`/sources/${broken.id}`, { method: 'DELETE' });
  await t.call(`/sources/${html.id}`, { method: 'DELETE' });
});

test('a poll whose instance went down with it three times is given up: the source says why, and is read next time', async () => {
  feeds.set('/absturz.xml', { body: '<rss version="2.0"><channel><title>Absturz</title></channel></rss>' });
  const crashing = await addSource('Absturz', '/absturz.xml');
  await t.engine.tick();
  await diedThreeTimes(t.database, sql`kind = 'sources.poll' AND payload->>'sourceId' = ${crashing.id}`);
  await t.engine.runDue();
  const listed = await contractBody('sources.list', await t.call('/sources'));
  expect(listed.find((s) => s.id === crashing.id)?.lastFetch).toMatchObject({
    newItems: 0,
    error: 'Aufgegeben: Die Instanz, die diesen Auftrag ausführte, ist 3-mal mitten in der Arbeit ausgefallen.',
  });
  const read = await contractBody('sources.fetch', await t.call(`/sources/${crashing.id}/fetch`, { method: 'POST' }));
  expect(read.lastFetch?.error).toBeUndefined();
  await t.call(`/sources/${crashing.id}`, { method: 'DELETE' });
});

test('Run Workflow without n8n runs the five stages on the desk: the story most sources carry, with its provenance', async () => {
  await addSource('Beta Zeitung', '/beta.atom');
  const started = await contractBody(
    'workflow.aiNewsStart',
    await t.call('/workflow/ai-news/start', {
      method: 'POST',
      json: { topic: 'Breaking News', language: 'de', category: 'general' },
    }),
  );
  const run = await runToEnd(started.executionId);
  expect(run.engine).toBe('desk');
  // Review is on by default: the run waits at Social Post with its story in review.
  expect(run.status).toBe('waiting');
  expect(stage(run, 'Scraper')?.state).toBe('finished');
  expect(stage(run, 'AI Analyse')?.state).toBe('finished');
  // No provider key: the embedded engines made the audio and the video, both in the Media Library.
  expect(stage(run, 'TTS')?.state).toBe('finished');
  expect(stage(run, 'Video Gen')?.state).toBe('finished');
  expect(stage(run, 'Social Post')?.state).toBe('started');
  expect(run.log.join('\n')).toContain('Social Post: Wartet auf die Freigabe in AI News (Publish oder Reject).');
  const audio = (run.artefacts ?? []).find((a) => a.kind === 'audio');
  const clip = (run.artefacts ?? []).find((a) => a.kind === 'video');
  const library = await contractBody('media.list', await t.call('/media'));
  expect(library.find((m) => m.id === audio?.id)).toMatchObject({
    type: 'audio',
    title: 'Bundestag beschließt Gesetz zur Förderung erneuerbarer Energien (Sprecher)',
  });
  expect(library.find((m) => m.id === clip?.id)).toMatchObject({
    type: 'video',
    title: 'Bundestag beschließt Gesetz zur Förderung erneuerbarer Energien',
  });
  expect(library.find((m) => m.id === clip?.id)?.duration).toMatch(/^0:\d\d$/);

  // The same story from two feeds is one item carried by both sources.
  const items = (run.artefacts ?? []).filter((a) => a.kind === 'item');
  expect(items[0]).toMatchObject({
    title: 'Bundestag beschließt Gesetz zur Förderung erneuerbarer Energien',
    sources: ['Alpha Nachrichten', 'Beta Zeitung'],
    stage: 'Scraper',
  });
  const story = (run.artefacts ?? []).find((a) => a.kind === 'story');
  expect(story?.title).toBe('Bundestag beschließt Gesetz zur Förderung erneuerbarer Energien');
  const news = await contractBody('news.list', await t.call('/news'));
  const item = news.find((n) => n.id === story?.id);
  // The real source, not a sample name.
  expect(item).toMatchObject({ source: 'Alpha Nachrichten', status: 'review' });
  expect(run.log.join('\n')).toContain('Gestartet auf der Engine des Desks (ohne n8n)');
});

test('no matching item: the Scraper fails with the German reason, and Retry starts there', async () => {
  const started = await contractBody(
    'workflow.aiNewsStart',
    await t.call('/workflow/ai-news/start', { method: 'POST', json: { topic: 'Quantenkatze', language: 'de' } }),
  );
  const failed = await runToEnd(started.executionId);
  expect(failed.status).toBe('failed');
  expect(stage(failed, 'Scraper')).toMatchObject({
    state: 'failed',
    error: 'Keine aktuelle Meldung zum Thema „Quantenkatze“ gefunden.',
  });
  expect(stage(failed, 'AI Analyse')?.state).toBe('pending');
  expect(await t.database.db.$count((await import('../data/db/schema')).news)).toBeGreaterThan(0);

  feeds.set('/gamma.json', {
    type: 'application/feed+json',
    body: JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'Gamma',
      items: [
        {
          id: 'q1',
          url: `${feeds.url}/gamma/quantenkatze`,
          title: 'Forscher beobachten Quantenkatze im Labor erstmals direkt',
          content_text:
            'Ein Forscherteam hat eine sogenannte Quantenkatze im Labor erstmals direkt beobachtet. Die Ergebnisse erscheinen in einer Fachzeitschrift.',
          date_published: new Date().toISOString(),
        },
      ],
    }),
  });
  await addSource('Gamma Wissen', '/gamma.json');
  await contractBody('sources.fetchAll', await t.call('/sources/fetch', { method: 'POST' }));
  const retried = await t.call(`/workflow/retry/${started.executionId}`, { method: 'POST' });
  expect(retried.status).toBe(200);
  const done = await runToEnd(started.executionId);
  expect(done.status).toBe('waiting');
  expect(done.log.join('\n')).toContain('Retry ab Scraper');
  expect((done.artefacts ?? []).find((a) => a.kind === 'item')?.sources).toEqual(['Gamma Wissen']);
});

test("an article address that answers with a cookie wall: the story is written from the feed's text, not the wall's", async () => {
  feeds.set('/delta.json', {
    type: 'application/feed+json',
    body: JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'Delta Hafen',
      items: [
        {
          id: 'h1',
          url: `${feeds.url}/delta/hafen`,
          title: 'Hamburger Hafen meldet Rekordumschlag im Herbst',
          content_text: 'Der Hamburger Hafen hat im Herbst so viele Container umgeschlagen wie nie zuvor.',
          date_published: new Date().toISOString(),
        },
      ],
    }),
  });
  // What many publishers send a reader without consent: a page whose only text is the consent request.
  feeds.set('/delta/hafen', {
    type: 'text/html; charset=utf-8',
    body: '<html><head><title>Zustimmung erforderlich</title></head><body><main><div class="consent"><h2>Wir brauchen Ihre Zustimmung</h2><p>Wir und unsere Partner verwenden Cookies und ähnliche Technologien, um Inhalte und Werbung zu personalisieren und Zugriffe zu analysieren. Mit einem Klick auf Alle akzeptieren willigen Sie in die Verarbeitung ein.</p><p>Sie können Ihre Einwilligung jederzeit in den Datenschutzeinstellungen widerrufen. Alternativ lesen Sie werbefrei mit einem Pur-Abo für 2,99 Euro im Monat.</p></div></main></body></html>',
  });
  await addSource('Delta Hafen', '/delta.json');
  await contractBody('sources.fetchAll', await t.call('/sources/fetch', { method: 'POST' }));
  const started = await contractBody(
    'workflow.aiNewsStart',
    await t.call('/workflow/ai-news/start', { method: 'POST', json: { topic: 'Rekordumschlag', language: 'de' } }),
  );
  const run = await runToEnd(started.executionId);
  expect(run.status).toBe('waiting');
  expect(feeds.requests.some((r) => r.path.startsWith('/delta/hafen'))).toBe(true);
  const storyId = (run.artefacts ?? []).find((a) => a.kind === 'story')?.id ?? '';
  const [text] = await t.database.db.select().from(newsTexts).where(eq(newsTexts.newsId, storyId));
  expect(text.body).toContain('Der Hamburger Hafen hat im Herbst so viele Container umgeschlagen wie nie zuvor.');
  expect(text.body).not.toMatch(/Cookies|Zustimmung|Einwilligung|Pur-Abo/);
  const [item] = await t.database.db
    .select()
    .from(sourceItems)
    .where(eq(sourceItems.title, 'Hamburger Hafen meldet Rekordumschlag im Herbst'));
  expect(item.body).toBeNull();
});

test('a stage whose instance went down with it three times fails with that reason, and Retry runs it afresh', async () => {
  const started = await contractBody(
    'workflow.aiNewsStart',
    await t.call('/workflow/ai-news/start', { method: 'POST', json: { topic: 'Breaking News', language: 'de' } }),
  );
  await diedThreeTimes(t.database, sql`kind = 'pipeline.stage' AND payload->>'runId' = ${started.executionId}`);
  const reason = 'Aufgegeben: Die Instanz, die diesen Auftrag ausführte, ist 3-mal mitten in der Arbeit ausgefallen.';
  const failed = await runToEnd(started.executionId);
  expect(failed.status).toBe('failed');
  expect(stage(failed, 'Scraper')).toMatchObject({ state: 'failed', error: reason });
  expect(stage(failed, 'AI Analyse')?.state).toBe('pending');
  // Given up, not run again: a stage taken over says so in the log when it resumes.
  expect(failed.log.join('\n')).not.toContain('Scraper nach einem Abbruch wieder aufgenommen');

  expect((await t.call(`/workflow/retry/${started.executionId}`, { method: 'POST' })).status).toBe(200);
  const done = await runToEnd(started.executionId);
  expect(done.status).toBe('waiting');
  expect(stage(done, 'Scraper')?.state).toBe('finished');
});

test('a rejected retry of a run that did not fail', async () => {
  const runs = await contractBody('workflow.runs', await t.call('/workflow/runs?limit=1'));
  const response = await t.call(`/workflow/retry/${runs[0].id}`, { method: 'POST' });
  expect(response.status).toBe(409);
  expect((await errorBody(response)).message).toBe('Nur fehlgeschlagene Läufe können wiederholt werden.');
});

test('Change Voice redoes TTS of the newest story; Force Scrape reads every source', async () => {
  const before = feeds.requests.length;
  const scrape = await t.call('/workflow/trigger/ai-news', { method: 'POST', json: { action: 'force_scrape' } });
  expect(scrape.status).toBe(200);
  expect(feeds.requests.length - before).toBeGreaterThanOrEqual(3);
  const voice = await contractBody(
    'workflow.trigger',
    await t.call('/workflow/trigger/ai-news', {
      method: 'POST',
      json: { action: 'change_voice', voice: 'english-male-1' },
    }),
  );
  const run = await runToEnd(String(voice.runId));
  expect(stage(run, 'Scraper')?.reason).toMatch(/^Übernommen aus Run run-/);
  expect(stage(run, 'AI Analyse')?.state).toBe('skipped');
  // Spoken again with the new voice, and rendered again.
  expect(stage(run, 'TTS')?.state).toBe('finished');
  expect(stage(run, 'Video Gen')?.state).toBe('finished');
  expect((run.artefacts ?? []).some((a) => a.kind === 'story')).toBe(true);
});

test('a stage over its time limit fails with the limit named', async () => {
  const slow = await createTestApp({ engine: { stageLimitsMs: { Scraper: 200 } } });
  try {
    feeds.set(
      '/slow.xml',
      (_req, res) =>
        void setTimeout(() => res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end('<rss/>'), 3000),
    );
    await slow.call('/sources', {
      method: 'POST',
      json: { name: 'Langsam', url: `${feeds.url}/slow.xml`, category: 'general', language: 'de' },
    });
    const started = await contractBody(
      'workflow.aiNewsStart',
      await slow.call('/workflow/ai-news/start', { method: 'POST', json: { topic: 'Breaking News' } }),
    );
    await slow.engine.runDue();
    const runs = await contractBody('workflow.runs', await slow.call('/workflow/runs?limit=5'));
    const run = runs.find((r) => r.id === started.executionId);
    expect(run?.stages[0]).toMatchObject({ state: 'failed', error: 'Zeitlimit von 0,2 s überschritten.' });
  } finally {
    await slow.close();
  }
});

test('the schedule starts a run with the default parameters once per slot, and only when switched on', async () => {
  const count = async () => (await contractBody('workflow.runs', await t.call('/workflow/runs?limit=100'))).length;
  const before = await count();
  const at = new Date('2026-11-26T10:00:00Z');
  await t.engine.tick(at);
  await t.engine.runDue();
  expect(await count()).toBe(before);
  const settings = await contractBody(
    'settings.update',
    await t.call('/settings', { method: 'PATCH', json: { schedule: { enabled: true, everyMinutes: 30 } } }),
  );
  expect(settings.schedule).toEqual({ enabled: true, everyMinutes: 30 });
  // Two ticks in one 30-minute slot (two instances, or one instance twice): one run.
  await t.engine.tick(at);
  await t.engine.tick(new Date(at.getTime() + 60_000));
  await t.engine.runDue();
  const runs = await contractBody('workflow.runs', await t.call('/workflow/runs?limit=100'));
  expect(runs.length).toBe(before + 1);
  expect(runs[0].topic).toBe('Breaking News');
  const trail = await contractBody('audit.list', await t.call('/audit?action=workflow.trigger'));
  expect(trail.find((e) => e.targetId === runs[0].id)).toMatchObject({ actor: 'Zeitplan', actorKind: 'system' });
  await t.call('/settings', { method: 'PATCH', json: { schedule: { enabled: false } } });
});

test('a feed answering 429 is left alone for its Retry-After; a failing one backs off', async () => {
  feeds.set('/busy.xml', {
    body: 'Zu viele Anfragen',
    status: 429,
    type: 'text/plain',
    headers: { 'Retry-After': '7200' },
  });
  const busy = await addSource('Ausgelastet', '/busy.xml');
  const before = Date.now();
  const read = await contractBody('sources.fetch', await t.call(`/sources/${busy.id}/fetch`, { method: 'POST' }));
  expect(read.lastFetch).toMatchObject({ status: 429, error: 'Der Feed antwortet mit HTTP 429.' });
  const [row] = await t.database.db.select().from(sources).where(eq(sources.id, busy.id));
  expect(Date.parse(String(row.notBefore)) - before).toBeGreaterThanOrEqual(7200_000 - 5000);
  // The queue's tick does not take it before then.
  const requests = feeds.requests.length;
  await t.engine.tick(new Date(before + 3600_000));
  await t.engine.runDue();
  expect(feeds.requests.slice(requests).some((r) => r.path === '/busy.xml')).toBe(false);
  await t.call(`/sources/${busy.id}`, { method: 'DELETE' });
});
