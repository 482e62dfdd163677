// The desk's own channel, which needs no keys and no token: an Atom feed of the published stories (/feed.xml) and a
// page per story (/news/<slug>) with its script, audio, video, sources and disclosure. Unpublished stories are never
// here; their media addresses live exactly as long as the story is published and derive from nothing secret.
import { desc, eq } from 'drizzle-orm';
import { Feed } from 'feed';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../../context';
import { news, newsTexts } from '../../data/db/schema';
import { HttpError } from '../../http/errors';
import { citedLinks, portraitOf, runVideos, type CitedItem } from '../../pipeline/publication';
import { sendStoredFile } from '../media/media.handlers';
import { publishedStory, storyMedia } from './news.queries';

const FEED_SIZE = 50;
const NOT_FOUND = 'Diese Meldung gibt es nicht oder sie ist nicht veröffentlicht.';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string,
  );
/** The feed library writes a category's label into an attribute escaping only its quotes. */
const attributeSafe = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
/** CDATA cannot hold its own end marker. */
const cdataSafe = (text: string) => text.replaceAll(']]>', ']]&gt;');
const originOf = (c: Context<AppEnv>) => c.get('deps').publicUrl ?? new URL(c.req.url).origin;

const dateDe = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('de-DE', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Berlin' })
    : 'ohne Datum';

/** The script as a reader sees it: its citations [n] link to the source below. */
const scriptHtml = (script: string) =>
  script
    .split(/\n{2,}/)
    .map((para) => `<p>${escapeHtml(para).replace(/\[(\d+)\]/g, '<sup><a href="#quelle-$1">[$1]</a></sup>')}</p>`)
    .join('\n');

/** The sources that carried an item, each linked to its own report where that is not the item's address already. */
function carriers(item: CitedItem): string {
  return citedLinks(item)
    .map(({ source, url }) =>
      url === item.url
        ? escapeHtml(source)
        : `<a href="${escapeHtml(url)}" rel="noopener noreferrer">${escapeHtml(source)}</a>`,
    )
    .join(', ');
}

function pageHtml(input: {
  title: string;
  teaser: string;
  script: string;
  publishedAt: string | null;
  writtenBy: string;
  disclosure: string;
  sources: CitedItem[];
  audio?: string;
  video?: string;
}): string {
  const sources = input.sources
    .map(
      (s) =>
        `<li id="quelle-${s.n}"><a href="${escapeHtml(s.url)}" rel="noopener noreferrer">${escapeHtml(s.title)}</a> <span class="meta">– ${carriers(s)}, ${escapeHtml(dateDe(s.publishedAt))}</span></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title)}</title>
<meta name="description" content="${escapeHtml(input.teaser)}">
<link rel="alternate" type="application/atom+xml" title="Newsdesk" href="/feed.xml">
<style>body{font:17px/1.6 system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;color:#111;background:#fff}h1{line-height:1.2}.meta{color:#555;font-size:.9em}video,audio{width:100%;margin:1rem 0}.disclosure{border-left:4px solid #888;padding:.5rem 1rem;background:#f4f4f4}@media (prefers-color-scheme:dark){body{color:#eee;background:#111}.meta{color:#aaa}.disclosure{background:#222}a{color:#8ab4f8}}</style>
</head>
<body>
<article>
<h1>${escapeHtml(input.title)}</h1>
<p class="meta">Veröffentlicht am ${escapeHtml(dateDe(input.publishedAt))}</p>
${input.teaser ? `<p><strong>${escapeHtml(input.teaser)}</strong></p>` : ''}
${input.video ? `<video controls preload="metadata" src="${escapeHtml(input.video)}"></video>` : ''}
${input.audio ? `<audio controls preload="metadata" src="${escapeHtml(input.audio)}"></audio>` : ''}
${scriptHtml(input.script)}
<h2>Quellen</h2>
<ol>
${sources}
</ol>
<p class="disclosure" data-testid="disclosure">${escapeHtml(input.disclosure)}</p>
<p class="meta">Geschrieben von: ${escapeHtml(input.writtenBy)}</p>
</article>
</body>
</html>`;
}

// The page runs no script and loads nothing but its own media.
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; media-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

const notFoundPage = (c: Context<AppEnv>) =>
  c.html(
    `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Nicht gefunden</title></head><body><p>${NOT_FOUND}</p></body></html>`,
    404,
  );

export function registerPublicChannel(app: Hono<AppEnv>): void {
  app.get('/feed.xml', async (c) => {
    const { db } = c.get('deps').database;
    const origin = originOf(c);
    const rows = await db
      .select()
      .from(news)
      .leftJoin(newsTexts, eq(newsTexts.newsId, news.id))
      .where(eq(news.status, 'published'))
      .orderBy(desc(news.publishedAt), desc(news.seq))
      .limit(FEED_SIZE);
    const feed = new Feed({
      title: 'Newsdesk – Meldungen',
      description: 'Die veröffentlichten Meldungen des Desks, mit ihren Quellen.',
      id: `${origin}/feed.xml`,
      link: `${origin}/feed.xml`,
      language: 'de',
      copyright: '',
      updated: rows[0]?.news.publishedAt ? new Date(rows[0].news.publishedAt) : new Date(0),
      feedLinks: { atom: `${origin}/feed.xml` },
    });
    for (const { news: story, news_texts: texts } of rows) {
      if (!story.slug) continue;
      const page = `${origin}/news/${story.slug}`;
      const files = await storyMedia(db, story.runId);
      const sources = texts?.sources ?? [];
      const content = [
        scriptHtml(texts?.body ?? ''),
        `<p>Quellen:</p><ol>${sources.map((s) => `<li><a href="${escapeHtml(s.url)}">${escapeHtml(s.title)}</a> (${carriers(s)})</li>`).join('')}</ol>`,
        `<p>${escapeHtml(texts?.disclosure ?? '')}</p>`,
      ].join('');
      const enclosure = files.video ?? files.audio;
      feed.addItem({
        // type="html": a reader renders it, so a title or teaser that holds markup (a hostile feed's) goes as text.
        title: cdataSafe(escapeHtml(story.title)),
        id: page,
        link: page,
        date: new Date(story.publishedAt ?? story.createdAt),
        published: new Date(story.publishedAt ?? story.createdAt),
        description: cdataSafe(escapeHtml(texts?.teaser ?? '')),
        content: cdataSafe(content),
        author: [{ name: story.source }],
        category: [{ name: attributeSafe(story.category) }],
        ...(enclosure
          ? {
              enclosure: {
                url: `${page}/${enclosure === files.video ? 'video' : 'audio'}`,
                type: enclosure.mime ?? undefined,
                length: enclosure.bytes ?? undefined,
              },
            }
          : {}),
      });
    }
    c.header('Cache-Control', 'no-cache');
    return c.body(feed.atom1(), 200, { 'Content-Type': 'application/atom+xml; charset=utf-8' });
  });

  app.get('/news/:slug', async (c) => {
    const { db } = c.get('deps').database;
    const row = await publishedStory(db, c.req.param('slug'));
    c.header('Content-Security-Policy', PAGE_CSP);
    if (!row) return notFoundPage(c);
    const { news: story, news_texts: texts } = row;
    const files = await storyMedia(db, story.runId);
    const base = `/news/${story.slug}`;
    c.header('Cache-Control', 'no-cache');
    return c.html(
      pageHtml({
        title: story.title,
        teaser: texts?.teaser ?? '',
        script: texts?.body ?? '',
        publishedAt: story.publishedAt,
        writtenBy: texts?.model ?? '',
        disclosure: texts?.disclosure ?? '',
        sources: texts?.sources ?? [],
        ...(files.audio ? { audio: `${base}/audio` } : {}),
        ...(files.video ? { video: `${base}/video` } : {}),
      }),
    );
  });

  for (const kind of ['audio', 'video'] as const) {
    app.get(`/news/:slug/${kind}`, async (c) => {
      const { database, mediaDir } = c.get('deps');
      const row = await publishedStory(database.db, c.req.param('slug'));
      const file = row ? (await storyMedia(database.db, row.news.runId))[kind] : undefined;
      if (!file) throw new HttpError(404, NOT_FOUND, 'not_found');
      // Public while the story is published: caches keep it briefly, so an unpublished story's media goes soon.
      return sendStoredFile(c, mediaDir, file, 'public, max-age=300');
    });
  }
  // The upright render TikTok and Instagram pull; a run that made none has no such address.
  app.get('/news/:slug/portrait-video', async (c) => {
    const { database, mediaDir } = c.get('deps');
    const row = await publishedStory(database.db, c.req.param('slug'));
    const file = row?.news.runId ? await portraitOf(mediaDir, await runVideos(database.db, row.news.runId)) : undefined;
    if (!file) throw new HttpError(404, NOT_FOUND, 'not_found');
    return sendStoredFile(c, mediaDir, file, 'public, max-age=300');
  });
}
