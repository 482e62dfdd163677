// Local feed servers for the pipeline's tests: fixtures with the quirks real feeds have (CDATA, entities, relative
// links, missing and invalid dates, tracking parameters, the same story in two feeds), RSS 2.0 (RSS Advisory Board's
// spec), Atom (RFC 4287), RSS 1.0/RDF (web.resource.org/rss/1.0/spec) and JSON Feed 1.1 (jsonfeed.org/version/1.1).
// ETag and Last-Modified are honoured with 304 as RFC 9110 §13 says.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function rss2(options: {
  title: string;
  link: string;
  items: Array<{ title: string; link: string; description: string; date?: Date | string; author?: string }>;
}): string {
  const items = options.items
    .map(
      (i) =>
        `<item><title><![CDATA[${i.title}]]></title><link>${xmlText(i.link)}</link><description><![CDATA[${i.description}]]></description>${i.date === undefined ? '' : `<pubDate>${typeof i.date === 'string' ? i.date : i.date.toUTCString()}</pubDate>`}${i.author ? `<author>${i.author}</author>` : ''}<guid isPermaLink="false">${xmlText(i.link)}</guid></item>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${options.title}</title><link>${options.link}</link><description>Fixture</description>${items}</channel></rss>`;
}

export function atom(options: {
  title: string;
  base: string;
  entries: Array<{ title: string; href: string; summary: string; updated: Date }>;
}): string {
  const entries = options.entries
    .map(
      (e) =>
        `<entry><title type="html">${e.title}</title><link rel="alternate" href="${e.href}"/><id>${options.base}${e.href}</id><updated>${e.updated.toISOString()}</updated><summary type="html">${e.summary}</summary></entry>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom" xml:base="${options.base}"><title>${options.title}</title><id>${options.base}</id><updated>${new Date().toISOString()}</updated><link rel="alternate" href="${options.base}"/>${entries}</feed>`;
}

/** Two outlets with the same story (one link with utm_* parameters), and a story only one of them carries. */
export function storyFixtures(base: string) {
  const now = hoursAgo(1);
  const alpha = rss2({
    title: 'Alpha Nachrichten',
    link: `${base}/alpha/`,
    items: [
      {
        title: 'Bundestag beschließt Gesetz zur Förderung erneuerbarer Energien',
        link: `${base}/alpha/energie-gesetz?utm_source=rss&utm_medium=feed#top`,
        description:
          '<p>Der Bundestag hat am Donnerstag ein Gesetz zur Förderung erneuerbarer Energien beschlossen. Die Abgeordneten stimmten mit großer Mehrheit für den Entwurf der Regierung.</p> Das Gesetz soll im Frühjahr in Kraft treten &amp; den Ausbau von Wind- und Solaranlagen beschleunigen.',
        date: now,
        author: 'redaktion@alpha.example (Anna Alpha)',
      },
      {
        title: 'Stadtrat &amp; Bürger streiten über neue Radwege',
        link: 'radwege.html',
        description:
          'Im Stadtrat wurde am Abend lange über neue Radwege gestritten. Eine Entscheidung fiel noch nicht.',
        date: 'kein Datum',
      },
    ],
  });
  const beta = atom({
    title: 'Beta Zeitung',
    base: `${base}/beta/`,
    entries: [
      {
        title: 'Bundestag beschließt Gesetz zur Förderung erneuerbarer Energien',
        href: 'artikel/energie',
        summary:
          '&lt;b&gt;Berlin.&lt;/b&gt; Mit den Stimmen der Koalition hat der Bundestag das Gesetz zur Förderung erneuerbarer Energien verabschiedet. Kritik kam aus der Opposition, die den Entwurf für zu zaghaft hält.',
        updated: now,
      },
    ],
  });
  return { alpha, beta };
}

export interface FeedServer {
  url: string;
  /** Requests seen per path, with their conditional headers. */
  requests: Array<{ path: string; ifNoneMatch?: string; ifModifiedSince?: string }>;
  set(path: string, route: Route): void;
  close(): Promise<void>;
}

export type Route =
  | {
      body: string;
      type?: string;
      etag?: string;
      lastModified?: string;
      status?: number;
      headers?: Record<string, string>;
    }
  | ((req: IncomingMessage, res: ServerResponse) => void);

export async function startFeedServer(routes: Record<string, Route> = {}): Promise<FeedServer> {
  const table = new Map(Object.entries(routes));
  const requests: FeedServer['requests'] = [];
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    requests.push({
      path,
      ifNoneMatch: req.headers['if-none-match'],
      ifModifiedSince: req.headers['if-modified-since'],
    });
    const route = table.get(path);
    if (!route) {
      res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Nicht gefunden</h1>');
      return;
    }
    if (typeof route === 'function') return route(req, res);
    if (route.etag && req.headers['if-none-match'] === route.etag) return void res.writeHead(304).end();
    if (route.lastModified && req.headers['if-modified-since'] === route.lastModified)
      return void res.writeHead(304).end();
    res.writeHead(route.status ?? 200, {
      'Content-Type': route.type ?? 'application/rss+xml; charset=utf-8',
      ...(route.etag ? { ETag: route.etag } : {}),
      ...(route.lastModified ? { 'Last-Modified': route.lastModified } : {}),
      ...route.headers,
    });
    res.end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    set: (path, route) => void table.set(path, route),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
