// A story from a run, reviewed and published: it waits in review, Publish sends one post per connected platform of
// the run (Telegram through its Bot API fake) with its sources and the disclosure, the desk's own channel (/feed.xml,
// /news/<slug>) shows it only once published, Reject ends the run rejected, and with the review off it goes out alone.
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { news, newsTexts, socialPostResults } from '../data/db/schema';
import { contractBody, createTestApp, errorBody, type TestApp } from '../testing';
import { startFeedServer, storyFixtures, type FeedServer } from '../../tests/fakes/feeds';
import { startTelegramFake, TELEGRAM_TOKEN } from '../../tests/fakes/telegram-social';
import { startOpenAiFake, type OpenAiFake } from '../../tests/fakes/openai';
import type { Run } from '../../src/contract';
import { postContent, postIdOf, postStory, slugFor } from './publication';
import { fileStory } from './stages';
import { createCredentials } from '../adapters/providers/credentials';

const PUBLIC = 'https://desk.example';
const REVIEWED =
  'Dieser Beitrag wurde mit Hilfe von KI aus den genannten Quellen erstellt und von der Redaktion geprüft.';
const AUTOMATIC =
  'Dieser Beitrag wurde automatisch mit Hilfe von KI aus den genannten Quellen erstellt und ohne redaktionelle Prüfung veröffentlicht.';
const TITLE = 'Bundestag beschließt Gesetz zur Förderung erneuerbarer Energien';

let t: TestApp;
let feeds: FeedServer;
let telegram: Awaited<ReturnType<typeof startTelegramFake>>;
let texts: string[] = [];

beforeAll(async () => {
  feeds = await startFeedServer();
  const { alpha, beta } = storyFixtures(feeds.url);
  feeds.set('/alpha.xml', { body: alpha });
  feeds.set('/beta.atom', { body: beta, type: 'application/atom+xml' });
  telegram = await startTelegramFake(0);
  t = await createTestApp({
    publicUrl: PUBLIC,
    providerEnv: { TELEGRAM_API_URL: telegram.url, TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN, TELEGRAM_CHAT_ID: '@desk' },
  });
  for (const [name, path] of [
    ['Alpha Nachrichten', '/alpha.xml'],
    ['Beta Zeitung', '/beta.atom'],
  ]) {
    await t.call('/sources', {
      method: 'POST',
      json: { name, url: `${feeds.url}${path}`, category: 'general', language: 'de' },
    });
  }
  await t.call('/sources/fetch', { method: 'POST' });
  texts = (await contractBody('sources.items', await t.call('/sources/items?limit=50'))).map((i) => i.summary);
  await t.call('/social/platforms/telegram/connect', { method: 'POST' });
});
afterAll(async () => {
  await t?.close();
  await feeds?.close();
  await telegram?.close();
});

async function runUntil(runId: string, done: (run: Run) => boolean): Promise<Run> {
  for (let i = 0; i < 30; i += 1) {
    await t.engine.runDue();
    const run = (await contractBody('workflow.runs', await t.call('/workflow/runs?limit=50'))).find(
      (r) => r.id === runId,
    );
    if (run && done(run)) return run;
  }
  throw new Error(`Run ${runId} kam nicht an`);
}

const start = async () =>
  (
    await contractBody(
      'workflow.aiNewsStart',
      await t.call('/workflow/ai-news/start', {
        method: 'POST',
        json: { topic: 'Breaking News', language: 'de', platforms: ['telegram', 'youtube'] },
      }),
    )
  ).executionId;
const storyOf = (run: Run) => (run.artefacts ?? []).find((a) => a.kind === 'story')?.id as string;
const page = (path: string, init?: RequestInit) => t.app.request(path, init);

test('the run waits with its story in review; Publish posts it with its sources and the disclosure, on every channel', async () => {
  const runId = await start();
  const waiting = await runUntil(runId, (r) => r.status !== 'running');
  expect(waiting.status).toBe('waiting');
  expect(waiting.stages.find((s) => s.stage === 'Social Post')?.state).toBe('started');
  const id = storyOf(waiting);

  const details = await contractBody('news.get', await t.call(`/news/${id}`));
  expect(details).toMatchObject({
    status: 'review',
    title: TITLE,
    source: 'Alpha Nachrichten',
    writtenBy: 'Automatisch zusammengefasst (ohne KI)',
    runId,
    disclosure: null,
    publicUrl: null,
  });
  expect(details.sources[0]).toMatchObject({
    n: 1,
    title: TITLE,
    url: `${feeds.url}/alpha/energie-gesetz`,
    sources: ['Alpha Nachrichten', 'Beta Zeitung'],
    // Each outlet with its own report of it.
    links: [
      { source: 'Alpha Nachrichten', url: `${feeds.url}/alpha/energie-gesetz` },
      { source: 'Beta Zeitung', url: `${feeds.url}/beta/artikel/energie` },
    ],
  });
  // Nothing invented: every sentence of the script stands in a source text.
  const sentences = [...details.script.matchAll(/(.+?)\s*\[(\d+)\]\s*/g)].map((m) => m[1].trim());
  expect(sentences.length).toBeGreaterThan(0);
  for (const sentence of sentences) expect(texts.some((text) => text.includes(sentence))).toBe(true);
  expect(details.teaser.length).toBeGreaterThan(0);
  const overview = await contractBody('dashboard.overview', await t.call('/dashboard/overview'));
  expect(overview.notifications.some((n) => n.message === `Neue Meldung zur Prüfung: „${TITLE}“`)).toBe(true);

  // Unpublished: not on the desk's channel.
  // The stored slug: the date in it is the day the story was filed, which may not be the day this line runs.
  const [{ slug }] = await t.database.db.select({ slug: news.slug }).from(news).where(eq(news.id, id));
  expect(slug?.slice(11)).toBe(slugFor(TITLE, id).slice(11));
  expect((await page(`/news/${slug}`)).status).toBe(404);
  expect(await (await page('/feed.xml')).text()).not.toContain(id.replace(/^news-/, '').slice(0, 8));
  expect(telegram.sent()).toHaveLength(0);

  const published = await contractBody('news.publish', await t.call(`/news/${id}/publish`, { method: 'POST' }));
  expect(published.status).toBe('published');
  const done = await runUntil(runId, (r) => r.status !== 'running');
  expect(done.status).toBe('success');
  expect(done.stages.find((s) => s.stage === 'Social Post')?.state).toBe('finished');
  expect(done.log.join('\n')).toContain('In AI News freigegeben');

  // Telegram got one message: title, teaser, the public page, the sources with their links, the disclosure.
  expect(telegram.sent()).toHaveLength(1);
  const message = telegram.sent()[0];
  const text = String(message.caption ?? message.text);
  expect(text).toContain(TITLE);
  expect(text).toContain(`${PUBLIC}/news/${slug}`);
  expect(text).toContain(`• Alpha Nachrichten: ${feeds.url}/alpha/energie-gesetz`);
  expect(text).toContain(`• Beta Zeitung: ${feeds.url}/beta/artikel/energie`);
  expect(text).toContain(REVIEWED);
  // The run's rendered clip goes with it, at its stable public address.
  expect(message.video).toBe(`${PUBLIC}/news/${slug}/video`);

  const after = await contractBody('news.get', await t.call(`/news/${id}`));
  expect(after).toMatchObject({ disclosure: REVIEWED, publicUrl: `${PUBLIC}/news/${slug}` });
  // The sources' dates as ISO times (the database's own text form is not every browser's to read).
  const dated = after.sources.map((s) => s.publishedAt).filter((d) => d !== null);
  expect(dated.length).toBeGreaterThan(0);
  for (const d of dated) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  expect(after.platforms).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ platform: 'telegram', state: 'published' }),
      expect.objectContaining({
        platform: 'youtube',
        state: 'skipped',
        reason: 'YouTube Channel ist nicht verbunden.',
      }),
    ]),
  );
  const posts = await contractBody('posts.list', await t.call('/posts?limit=50'));
  expect(posts.find((p) => p.id === `post-${id}-telegram`)).toMatchObject({
    platform: 'telegram',
    status: 'published',
    title: TITLE,
  });

  // The public page and the feed: readable without a token, with the sources and the disclosure.
  const html = await (await page(`/news/${slug}`)).text();
  expect(html).toContain(`<h1>${TITLE}</h1>`);
  expect(html).toContain(`href="${feeds.url}/alpha/energie-gesetz"`);
  expect(html).toContain(`<a href="${feeds.url}/beta/artikel/energie" rel="noopener noreferrer">Beta Zeitung</a>`);
  expect(html).toContain(REVIEWED);
  expect(html).toContain(`<audio controls preload="metadata" src="/news/${slug}/audio">`);
  const feed = await (await page('/feed.xml')).text();
  expect(feed).toContain(`<id>${PUBLIC}/news/${slug}</id>`);
  expect(feed).toContain(REVIEWED);
  const audio = await page(`/news/${slug}/audio`, { headers: { Range: 'bytes=0-99' } });
  expect(audio.status).toBe(206);
  expect(audio.headers.get('content-type')).toBe('audio/wav');
  expect((await audio.arrayBuffer()).byteLength).toBe(100);

  // Publishing twice: refused, nothing posted again.
  const again = await t.call(`/news/${id}/publish`, { method: 'POST' });
  expect(again.status).toBe(409);
  expect((await errorBody(again)).message).toBe('Nur Entwürfe und Meldungen in Prüfung können veröffentlicht werden.');
  expect(telegram.sent()).toHaveLength(1);
});

test('a hostile title, teaser or category reaches /feed.xml as text, and the feed stays well-formed', async () => {
  const [story] = await t.database.db.select().from(news).where(eq(news.status, 'published')).limit(1);
  expect(story).toBeDefined();
  await t.database.db
    .update(news)
    .set({ title: 'Angriff <img src=x onerror=alert(1)> & Co', category: 'Politik & <Wirtschaft>' })
    .where(eq(news.id, story.id));
  await t.database.db
    .update(newsTexts)
    .set({ teaser: 'Laut <script>alert(2)</script> Quelle' })
    .where(eq(newsTexts.newsId, story.id));
  const xml = await (await page('/feed.xml')).text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const entries = [new XMLParser({ ignoreAttributes: false }).parse(xml).feed.entry].flat() as Array<
    Record<string, unknown>
  >;
  const entry = entries.find((e) => String((e.id as string) ?? '').endsWith(story.slug ?? '-'));
  // type="html": the reader decodes the entities once and shows the markup as text.
  expect(entry?.title).toMatchObject({ '#text': 'Angriff &lt;img src=x onerror=alert(1)&gt; &amp; Co' });
  expect(entry?.summary).toMatchObject({ '#text': 'Laut &lt;script&gt;alert(2)&lt;/script&gt; Quelle' });
  expect(entry?.category).toMatchObject({ '@_label': 'Politik & <Wirtschaft>' });
});

test('Reject ends the run rejected; the story never reaches a platform or the feed', async () => {
  const runId = await start();
  const id = storyOf(await runUntil(runId, (r) => r.status === 'waiting'));
  const sent = telegram.sent().length;
  const rejected = await contractBody('news.reject', await t.call(`/news/${id}/reject`, { method: 'POST' }));
  expect(rejected.status).toBe('rejected');
  const run = (await contractBody('workflow.runs', await t.call('/workflow/runs?limit=50'))).find(
    (r) => r.id === runId,
  ) as Run;
  expect(run.status).toBe('rejected');
  expect(run.stages.find((s) => s.stage === 'Social Post')).toMatchObject({
    state: 'skipped',
    reason: 'Von der Redaktion abgelehnt.',
  });
  await t.engine.runDue();
  expect(telegram.sent().length).toBe(sent);
  const [{ slug }] = await t.database.db.select({ slug: news.slug }).from(news).where(eq(news.id, id));
  expect(slug).toMatch(/^\d{4}-\d{2}-\d{2}-[a-z0-9-]+$/);
  expect((await page(`/news/${slug}`)).status).toBe(404);
  const late = await t.call(`/news/${id}/publish`, { method: 'POST' });
  expect(late.status).toBe(409);
  const twice = await t.call(`/news/${id}/reject`, { method: 'POST' });
  expect((await errorBody(twice)).message).toBe('Nur Meldungen in Prüfung können abgelehnt werden.');
});

test('with the review off, the run publishes on its own with the automatic disclosure', async () => {
  const settings = await contractBody(
    'settings.update',
    await t.call('/settings', { method: 'PATCH', json: { review: false } }),
  );
  expect(settings.review).toBe(false);
  try {
    const runId = await start();
    const run = await runUntil(runId, (r) => r.status !== 'running');
    expect(run.status).toBe('success');
    const details = await contractBody('news.get', await t.call(`/news/${storyOf(run)}`));
    expect(details).toMatchObject({ status: 'published', disclosure: AUTOMATIC, approvedBy: null });
    expect(String(telegram.sent().at(-1)?.caption)).toContain(AUTOMATIC);
    // Nobody approved it: the audit trail names the pipeline.
    const trail = await contractBody('audit.list', await t.call('/audit?action=news.publish'));
    expect(trail.find((e) => e.targetId === details.id)).toMatchObject({ actor: 'Pipeline', actorKind: 'system' });
  } finally {
    await t.call('/settings', { method: 'PATCH', json: { review: true } });
  }
});

test('a blank disclosure is refused with the German message', async () => {
  const response = await t.call('/settings', { method: 'PATCH', json: { disclosure: { reviewed: '  ' } } });
  expect(response.status).toBe(400);
  expect((await errorBody(response)).message).toContain('Bitte einen Hinweistext eingeben.');
});

test('Publish on a draft from Generate posts it too (it no longer only changes a status)', async () => {
  const draft = await contractBody(
    'news.generate',
    await t.call('/news/generate', { method: 'POST', json: { topic: 'Bundestag', language: 'de' } }),
  );
  expect(draft).toMatchObject({ status: 'draft', source: 'Alpha Nachrichten' });
  const sent = telegram.sent().length;
  await contractBody('news.publish', await t.call(`/news/${draft.id}/publish`, { method: 'POST' }));
  expect(telegram.sent().length).toBe(sent + 1);
  const details = await contractBody('news.get', await t.call(`/news/${draft.id}`));
  expect(details.platforms.find((p) => p.platform === 'telegram')?.state).toBe('published');
  // The SPEC's default platforms of a run: Facebook and YouTube are not connected on this desk.
  expect(details.platforms.find((p) => p.platform === 'facebook')).toMatchObject({
    state: 'skipped',
    reason: 'Facebook Page ist nicht verbunden.',
  });
});

/** A story from Generate, published without posting (as a stage would find it). */
async function publishedDraft(): Promise<string> {
  const draft = await contractBody(
    'news.generate',
    await t.call('/news/generate', { method: 'POST', json: { topic: 'Bundestag', language: 'de' } }),
  );
  await t.database.db.update(news).set({ status: 'published' }).where(eq(news.id, draft.id));
  await t.database.db.update(newsTexts).set({ disclosure: REVIEWED }).where(eq(newsTexts.newsId, draft.id));
  return draft.id;
}
const deps = () => ({
  database: t.database,
  events: t.events,
  social: t.social,
  publicUrl: PUBLIC,
  mediaDir: t.mediaDir,
});
const resultsOf = (newsId: string) =>
  t.database.db
    .select()
    .from(socialPostResults)
    .where(eq(socialPostResults.postId, postIdOf(newsId, 'telegram')));

test('a story posted by two runs of its stage at once goes to the platform once', async () => {
  const id = await publishedDraft();
  const sent = telegram.sent().length;
  const [a, b] = await Promise.all([postStory(deps(), id, ['telegram']), postStory(deps(), id, ['telegram'])]);
  expect(telegram.sent().length).toBe(sent + 1);
  expect(await resultsOf(id)).toHaveLength(1);
  // One of them sent it; the other met it mid-publish and says so instead of claiming it.
  expect([...a.published, ...b.published]).toContain('telegram');
});

test('a story post a crash left mid-publish is not reported published, nor sent again blindly', async () => {
  const id = await publishedDraft();
  await postStory(deps(), id, []);
  const result = await t.social.publisher.record(
    'telegram',
    { postId: postIdOf(id, 'telegram'), content: 'x' },
    `story-post:${postIdOf(id, 'telegram')}:telegram`,
  );
  await t.database.db
    .update(socialPostResults)
    .set({ status: 'publishing' })
    .where(eq(socialPostResults.id, result.id));
  const sent = telegram.sent().length;
  const outcome = await postStory(deps(), id, ['telegram']);
  expect(outcome.published).toEqual([]);
  expect(outcome.failed).toEqual([
    {
      platform: 'telegram',
      error:
        'Die Veröffentlichung wurde unterbrochen (Server-Neustart) – bitte auf der Plattform prüfen und bei Bedarf erneut senden.',
    },
  ]);
  expect(telegram.sent().length).toBe(sent);
  expect((await resultsOf(id))[0]?.status).toBe('failed');

  // The stage run again (Retry of the run, n8n asking once more): the platform may have it, so it is not sent.
  const again = await postStory(deps(), id, ['telegram']);
  expect(again.published).toEqual([]);
  expect(again.failed).toEqual(outcome.failed);
  expect(telegram.sent().length).toBe(sent);
  // The operator's own Retry of that result, after a look at the platform, does send it.
  const retried = await t.call(`/social/publications/${result.id}/retry`, { method: 'POST' });
  expect(retried.status).toBe(200);
  await t.runPublishJobs();
  expect(telegram.sent().length).toBe(sent + 1);
  expect((await resultsOf(id))[0]).toMatchObject({ status: 'published', unsure: false });
});

test('a run files one story however often its stage runs, under the source of the item it leads with', async () => {
  const selected = (n: number, language: string, source: string, body: string) => ({
    id: `item-x-${n}`,
    title: `Titel ${n}`,
    url: `https://example.org/${n}`,
    summary: body,
    body,
    language,
    category: n === 1 ? 'world' : 'politik',
    publishedAt: null,
    sources: [source],
  });
  const items = [
    selected(1, 'en', 'BBC', 'The Bundestag passed a law on Thursday in Berlin today.'),
    selected(2, 'de', 'Tagesschau', 'Der Bundestag hat am Donnerstag ein Gesetz beschlossen.'),
  ];
  const options = { language: 'de', topic: 'Bundestag', runId: 'run-twice-1' };
  // No model key here: the extractive writer.
  const deps = { database: t.database, events: t.events, credentials: createCredentials({}, t.keyStore) };
  const [a, b] = [await fileStory(deps, items, options), await fileStory(deps, items, options)];
  expect(b).toEqual(a);
  const rows = await t.database.db.select().from(news).where(eq(news.runId, 'run-twice-1'));
  expect(rows).toHaveLength(1);
  // Written from the German item (the run's language): its source and category, not the first item's.
  expect(rows[0]).toMatchObject({ title: 'Titel 2', source: 'Tagesschau', category: 'politik' });
});

test('a post keeps its sources and disclosure within Telegram’s caption limit; a long teaser gives way', () => {
  const sources = Array.from({ length: 3 }, (_, i) => ({
    title: `T${i}`,
    url: `https://q${i}.example/artikel`,
    sources: [`Quelle ${i}`],
  }));
  const content = postContent({
    title: 'Titel',
    teaser: 'Wort '.repeat(400),
    sources,
    disclosure: AUTOMATIC,
    link: 'https://desk.example/news/x',
  });
  expect(content.length).toBeLessThanOrEqual(1024);
  expect(content).toContain('• Quelle 2: https://q2.example/artikel');
  expect(content.endsWith(AUTOMATIC)).toBe(true);
});

test("the model's story is kept only when it cites real items within the lengths; otherwise the extractive one", async () => {
  let openai: OpenAiFake | undefined;
  const withModel = await (async () => {
    openai = await startOpenAiFake(0, { apiKey: 'sk-test-123' });
    return createTestApp({
      database: t.database,
      providerEnv: { OPENAI_API_URL: `${openai.url}/v1`, OPENAI_API_KEY: 'sk-test-123' },
    });
  })();
  try {
    const script = (cite: string) =>
      Array.from({ length: 20 }, () => `Der Bundestag hat das Gesetz mit großer Mehrheit beschlossen ${cite}.`).join(
        ' ',
      );
    const generate = async () =>
      contractBody(
        'news.get',
        await withModel.call(
          `/news/${(await contractBody('news.generate', await withModel.call('/news/generate', { method: 'POST', json: { topic: 'Bundestag', language: 'de' } }))).id}`,
        ),
      );
    // A citation of an item that does not exist: refused.
    openai?.setReply(() => `TITEL: Erfunden\nTEASER: Ein Satz.\nSKRIPT: ${script('[7]')}`);
    expect((await generate()).writtenBy).toBe(
      'Automatisch zusammengefasst (ohne KI); die Antwort des Modells hielt der Prüfung nicht stand',
    );
    // Far too long for 60–90 seconds: refused.
    openai?.setReply(() => `TITEL: Zu lang\nTEASER: Ein Satz.\nSKRIPT: ${script('[1]').repeat(4)}`);
    expect((await generate()).writtenBy).toBe(
      'Automatisch zusammengefasst (ohne KI); die Antwort des Modells hielt der Prüfung nicht stand',
    );
    openai?.setReply(
      () =>
        `TITEL: Bundestag beschließt Energiegesetz\nTEASER: Der Bundestag hat ein Gesetz beschlossen.\nSKRIPT: ${script('[1]')}`,
    );
    const kept = await generate();
    expect(kept).toMatchObject({
      title: 'Bundestag beschließt Energiegesetz',
      teaser: 'Der Bundestag hat ein Gesetz beschlossen.',
      writtenBy: 'gpt-4o-mini',
    });
    expect(kept.sources[0].url).toBe(`${feeds.url}/alpha/energie-gesetz`);
  } finally {
    await withModel.close();
    await openai?.close();
  }
});
