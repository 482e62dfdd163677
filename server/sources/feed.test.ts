import { describe, expect, test } from 'vitest';
import { canonicalUrl, FeedError, normalizeTitle, parseFeed } from './feed';

const FEED_URL = 'https://cdn.example.de/feeds/rss.xml';

function feedError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof FeedError) return error.message;
    throw error;
  }
  throw new Error('expected a FeedError');
}

describe('RSS 2.0', () => {
  const rss = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>Beispiel &amp; Söhne Nachrichten</title>
    <link>https://www.example.de/</link>
    <description>Alles aus der Region</description>
    <item>
      <title><![CDATA[Bahn & Bund: Einigung <b>erzielt</b>]]></title>
      <link>/politik/einigung?utm_source=rss&amp;id=7&amp;utm_medium=feed#kommentare</link>
      <guid isPermaLink="false">00123</guid>
      <author>redaktion@example.de (Anna Schmidt)</author>
      <pubDate>Mon, 03 Jun 2024 10:15:00 +0200</pubDate>
      <description>&lt;p&gt;Nach langen Verhandlungen&amp;nbsp;gibt es eine L&amp;ouml;sung.&lt;/p&gt;&lt;p&gt;Details folgen.&lt;/p&gt;&lt;script&gt;track()&lt;/script&gt;</description>
    </item>
    <item>
      <title>Kita-Streik: Eltern &amp; Erzieher &#8222;am Limit&#8220; &#8211; &auml;rger w&#228;chst</title>
      <link>HTTPS://WWW.Example.DE:443/Wirtschaft/Bericht?fbclid=abc&amp;seite=2&amp;gclid=xyz</link>
      <dc:creator>Jörg Müller</dc:creator>
      <pubDate>gestern Abend</pubDate>
      <description>Der Streit geht weiter.</description>
    </item>
    <item>
      <title>&lt;em&gt;Eilmeldung:&lt;/em&gt; Sturm über Hamburg</title>
      <guid>https://www.example.de/eilmeldung/sturm-hamburg</guid>
      <description>Kurz gemeldet.</description>
    </item>
    <item>
      <title>Ohne Link und ohne Adresse</title>
      <guid>artikel-4711</guid>
    </item>
    <item>
      <link>https://www.example.de/ohne-titel</link>
      <content:encoded><![CDATA[<p>In der Innenstadt von Köln wird ab Montag die Hohe Straße saniert. Anwohner und Geschäfte müssen sich auf Umleitungen einstellen, die bis in den Herbst dauern.</p>]]></content:encoded>
    </item>
  </channel>
</rss>`;

  test('items with CDATA, entities, relative links, bad dates, guid links, markup and no title', () => {
    const feed = parseFeed(rss, 'application/rss+xml; charset=utf-8', FEED_URL);
    expect(feed.title).toBe('Beispiel & Söhne Nachrichten');
    expect(feed.items).toEqual([
      {
        title: 'Bahn & Bund: Einigung erzielt',
        url: 'https://www.example.de/politik/einigung?id=7',
        author: 'Anna Schmidt',
        publishedAt: '2024-06-03T08:15:00.000Z',
        summary: 'Nach langen Verhandlungen gibt es eine Lösung. Details folgen.',
        guid: '00123',
      },
      {
        title: 'Kita-Streik: Eltern & Erzieher „am Limit“ – ärger wächst',
        url: 'https://www.example.de/Wirtschaft/Bericht?seite=2',
        author: 'Jörg Müller',
        summary: 'Der Streit geht weiter.',
      },
      {
        title: 'Eilmeldung: Sturm über Hamburg',
        url: 'https://www.example.de/eilmeldung/sturm-hamburg',
        summary: 'Kurz gemeldet.',
        guid: 'https://www.example.de/eilmeldung/sturm-hamburg',
      },
      {
        title:
          'In der Innenstadt von Köln wird ab Montag die Hohe Straße saniert. Anwohner und Geschäfte müssen sich auf Umleitungen ei',
        url: 'https://www.example.de/ohne-titel',
        summary:
          'In der Innenstadt von Köln wird ab Montag die Hohe Straße saniert. Anwohner und Geschäfte müssen sich auf Umleitungen einstellen, die bis in den Herbst dauern.',
      },
    ]);
    expect(feed.items[3].title).toHaveLength(120);
  });

  test('relative links fall back to the feed address when the channel has no link', () => {
    const feed = parseFeed(
      '<rss version="2.0"><channel><title>Lokal</title><item><title>Stadtrat tagt</title><link>../artikel/stadtrat</link></item></channel></rss>',
      'text/xml',
      FEED_URL,
    );
    expect(feed.items.map((i) => i.url)).toEqual(['https://cdn.example.de/artikel/stadtrat']);
  });

  test('the summary is cut at 2000 characters', () => {
    const long = 'Wort '.repeat(600);
    const feed = parseFeed(
      `<rss version="2.0"><channel><item><title>Lang</title><link>https://www.example.de/lang</link><description>${long}</description></item></channel></rss>`,
      undefined,
      FEED_URL,
    );
    expect(feed.items[0].summary).toHaveLength(1999); // 2000 characters, the trailing space trimmed
    expect(feed.items[0].summary.startsWith('Wort Wort ')).toBe(true);
  });
});

test('RSS 1.0 (RDF)', () => {
  const rdf = `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel rdf:about="https://www.example.org/">
    <title>Heise-artiger Ticker</title>
    <link>https://www.example.org/ticker/</link>
    <description>Meldungen</description>
  </channel>
  <item rdf:about="https://www.example.org/ticker/meldung-1">
    <title>Neue Grafikkarten &#252;berzeugen</title>
    <link>meldung-1?utm_campaign=rdf</link>
    <description>Ein Test &amp;mdash; mit Ergebnissen.</description>
    <dc:creator>Clara Weiß</dc:creator>
    <dc:date>2024-05-31T17:00:00+02:00</dc:date>
  </item>
  <item rdf:about="https://www.example.org/ticker/meldung-2">
    <title>Ohne Link, mit rdf:about</title>
    <dc:date>kein Datum</dc:date>
  </item>
</rdf:RDF>`;
  expect(parseFeed(rdf, 'application/rdf+xml', 'https://www.example.org/rss.rdf')).toEqual({
    title: 'Heise-artiger Ticker',
    items: [
      {
        title: 'Neue Grafikkarten überzeugen',
        url: 'https://www.example.org/ticker/meldung-1',
        author: 'Clara Weiß',
        publishedAt: '2024-05-31T15:00:00.000Z',
        summary: 'Ein Test — mit Ergebnissen.',
        guid: 'https://www.example.org/ticker/meldung-1',
      },
      {
        title: 'Ohne Link, mit rdf:about',
        url: 'https://www.example.org/ticker/meldung-2',
        summary: '',
        guid: 'https://www.example.org/ticker/meldung-2',
      },
    ],
  });
});

describe('Atom', () => {
  const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title type="html">Der &lt;i&gt;Beispiel&lt;/i&gt; Blog</title>
  <link rel="self" href="https://blog.example.net/feed.atom"/>
  <link rel="alternate" type="text/html" href="https://blog.example.net/de/"/>
  <id>tag:blog.example.net,2024:feed</id>
  <updated>2024-06-02T12:00:00Z</updated>
  <entry>
    <title type="html">Gr&amp;uuml;ne Energie: &amp;bdquo;Ein Meilenstein&amp;ldquo;</title>
    <link rel="replies" href="https://blog.example.net/de/2024/energie#comments"/>
    <link rel="alternate" type="text/html" href="2024/energie?utm_term=x"/>
    <id>tag:blog.example.net,2024:1</id>
    <published>2024-06-01T08:00:00+02:00</published>
    <updated>2024-06-02T09:30:00Z</updated>
    <author><name>Lena Fischer</name><email>lena@example.net</email></author>
    <summary type="html">&lt;p&gt;Windkraft &amp;amp; Solar liefern mehr als die H&amp;auml;lfte.&lt;/p&gt;</summary>
  </entry>
  <entry>
    <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Nur aktualisiert</div></title>
    <link href="https://blog.example.net/de/2024/update"/>
    <id>https://blog.example.net/de/2024/update</id>
    <updated>2024-06-02T10:00:00Z</updated>
    <content type="text">Inhalt ohne Zusammenfassung.</content>
  </entry>
</feed>`;

  test('links by rel, published before updated, authors, entity-laden HTML titles', () => {
    expect(parseFeed(atom, 'application/atom+xml', 'https://blog.example.net/feed.atom')).toEqual({
      title: 'Der Beispiel Blog',
      items: [
        {
          title: 'Grüne Energie: „Ein Meilenstein“',
          url: 'https://blog.example.net/de/2024/energie',
          author: 'Lena Fischer',
          publishedAt: '2024-06-01T06:00:00.000Z',
          summary: 'Windkraft & Solar liefern mehr als die Hälfte.',
          guid: 'tag:blog.example.net,2024:1',
        },
        {
          title: 'Nur aktualisiert',
          url: 'https://blog.example.net/de/2024/update',
          publishedAt: '2024-06-02T10:00:00.000Z',
          summary: 'Inhalt ohne Zusammenfassung.',
          guid: 'https://blog.example.net/de/2024/update',
        },
      ],
    });
  });

  test('an Atom feed without entries is an empty feed, not an error', () => {
    const empty =
      '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Leer</title><id>urn:x</id><updated>2024-01-01T00:00:00Z</updated></feed>';
    expect(parseFeed(empty, 'application/atom+xml', 'https://blog.example.net/feed.atom')).toEqual({ items: [] });
  });
});

describe('JSON Feed', () => {
  test('version 1.1 with authors and HTML content', () => {
    const json = JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'Podcast &amp; Presse',
      home_page_url: 'https://presse.example.com/',
      feed_url: 'https://presse.example.com/feed.json',
      items: [
        {
          id: '2024-06-01-rede',
          url: '/2024/rede-im-bundestag?gclid=abc',
          title: 'Rede im Bundestag',
          content_html: '<p>Die Rede dauerte <strong>90&nbsp;Minuten</strong>.</p>',
          date_published: '2024-06-01T10:00:00+02:00',
          authors: [{ name: 'Sophie Becker' }],
        },
        { id: 'kein-link', title: 'Ohne Adresse', content_text: 'Nichts.' },
        {
          id: 'https://presse.example.com/2024/notiz',
          content_text: 'Eine Notiz ohne Titel.',
          date_published: '31.05.2024',
        },
      ],
    });
    expect(parseFeed(json, 'application/feed+json', 'https://presse.example.com/feed.json')).toEqual({
      title: 'Podcast & Presse',
      items: [
        {
          title: 'Rede im Bundestag',
          url: 'https://presse.example.com/2024/rede-im-bundestag',
          author: 'Sophie Becker',
          publishedAt: '2024-06-01T08:00:00.000Z',
          summary: 'Die Rede dauerte 90 Minuten.',
          guid: '2024-06-01-rede',
        },
        {
          title: 'Eine Notiz ohne Titel.',
          url: 'https://presse.example.com/2024/notiz',
          summary: 'Eine Notiz ohne Titel.',
          guid: 'https://presse.example.com/2024/notiz',
        },
      ],
    });
  });

  test('version 1.0 with a single author, labelled as plain JSON', () => {
    const json = JSON.stringify({
      version: 'https://jsonfeed.org/version/1',
      title: 'Alt',
      items: [
        {
          id: 1,
          url: 'https://alt.example.com/a',
          title: 'Erster Beitrag',
          summary: 'Kurz.',
          author: { name: 'Max Mustermann' },
        },
      ],
    });
    expect(parseFeed(json, 'application/json', 'https://alt.example.com/feed.json').items).toEqual([
      {
        title: 'Erster Beitrag',
        url: 'https://alt.example.com/a',
        author: 'Max Mustermann',
        summary: 'Kurz.',
        guid: '1',
      },
    ]);
  });
});

describe('refusals', () => {
  test('HTML pages, plain text and other JSON are no feed', () => {
    const message = 'Die Adresse liefert keinen Feed (RSS, Atom oder JSON Feed).';
    expect(
      feedError(() =>
        parseFeed(
          '<!DOCTYPE html><html><head><title>Startseite</title></head><body><p>Willkommen<br></body></html>',
          'text/html',
          FEED_URL,
        ),
      ),
    ).toBe(message);
    expect(
      feedError(() =>
        parseFeed(
          '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>X</title></head><body/></html>',
          'application/xhtml+xml',
          FEED_URL,
        ),
      ),
    ).toBe(message);
    expect(feedError(() => parseFeed('Dienst vorübergehend nicht verfügbar', 'text/plain', FEED_URL))).toBe(message);
    expect(feedError(() => parseFeed('', undefined, FEED_URL))).toBe(message);
    expect(feedError(() => parseFeed('{"status":"ok","data":[]}', 'application/json', FEED_URL))).toBe(message);
    expect(feedError(() => parseFeed('{"version":"1.0","items":[]}', 'application/json', FEED_URL))).toBe(message);
    expect(feedError(() => parseFeed('{kaputt', 'application/feed+json', FEED_URL))).toBe(message);
    expect(
      feedError(() =>
        parseFeed('<rss version="2.0"><channel><item><title>offen</channel></rss>', 'application/rss+xml', FEED_URL),
      ),
    ).toBe(message);
  });

  test('a billion laughs body is refused at once', () => {
    const levels = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('\n');
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE rss [\n<!ENTITY lol0 "lol">\n${levels}\n]>\n<rss version="2.0"><channel><title>&lol9;</title><item><title>&lol9;</title><link>https://x.example/</link></item></channel></rss>`;
    const started = performance.now();
    expect(feedError(() => parseFeed(bomb, 'application/rss+xml', FEED_URL))).toBe(
      'Der Feed enthält nicht erlaubte XML-Entitäten.',
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test('an external entity is refused too', () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss version="2.0"><channel><item><title>&xxe;</title><link>https://x.example/</link></item></channel></rss>';
    expect(feedError(() => parseFeed(xxe, 'application/rss+xml', FEED_URL))).toBe(
      'Der Feed enthält nicht erlaubte XML-Entitäten.',
    );
  });
});

test('canonicalUrl', () => {
  const base = 'https://www.example.de/politik/index.html';
  const table: [string, string | undefined][] = [
    ['/wirtschaft/artikel-1', 'https://www.example.de/wirtschaft/artikel-1'],
    ['artikel-2.html', 'https://www.example.de/politik/artikel-2.html'],
    ['//cdn.example.de/x', 'https://cdn.example.de/x'],
    ['HTTP://News.Example.COM:80/Pfad/', 'http://news.example.com/Pfad/'],
    ['https://news.example.com:8443/a', 'https://news.example.com:8443/a'],
    [
      'https://news.example.com/a?utm_source=tw&UTM_Medium=social&id=5&fbclid=1&gclid=2#top',
      'https://news.example.com/a?id=5',
    ],
    ['https://news.example.com/a?utm_source=tw', 'https://news.example.com/a'],
    [
      'https://news.example.com/suche?q=a%2Fb&utm_x=1&tag=K%C3%B6ln',
      'https://news.example.com/suche?q=a%2Fb&tag=K%C3%B6ln',
    ],
    ['  https://news.example.com/mit-leerzeichen  ', 'https://news.example.com/mit-leerzeichen'],
    ['mailto:redaktion@example.de', undefined],
    ['javascript:alert(1)', undefined],
    ['ftp://files.example.de/a', undefined],
    ['', undefined],
    ['   ', undefined],
    ['http://', undefined],
  ];
  expect(table.map(([href]) => [href, canonicalUrl(href, base)])).toEqual(table);
  expect(canonicalUrl('relativ', 'kein-basis-link')).toBeUndefined();
});

test('normalizeTitle', () => {
  expect(normalizeTitle('  Ärger um Öl-Preise: „Wir sind am Limit!“  ')).toBe('arger um ol preise wir sind am limit');
  expect(normalizeTitle('ÄRGER UM ÖL-PREISE – wir sind am Limit')).toBe('arger um ol preise wir sind am limit');
  expect(normalizeTitle('Straße\tgesperrt…\n(Update)')).toBe('strasse gesperrt update');
  expect(normalizeTitle('Müller’s Café schließt')).toBe('mullers cafe schliesst');
  expect(normalizeTitle('Covid-19: 1.000 neue Fälle')).toBe('covid 19 1 000 neue falle');
});
