// A feed body (RSS 2.0, RSS 1.0/RDF, Atom, JSON Feed) into items, parsed by @extractus/feed-extractor.
import { extractFromJson, extractFromXml, type FeedData, type ParserOptions } from '@extractus/feed-extractor';
import { parseHTML } from 'linkedom';

export interface FeedItem {
  title: string;
  /** Canonical: see canonicalUrl. */
  url: string;
  author?: string;
  /** ISO 8601, only when the feed gave a valid date. */
  publishedAt?: string;
  /** Plain text: markup stripped, entities decoded, at most 2000 characters. */
  summary: string;
  guid?: string;
}

export interface ParsedFeed {
  title?: string;
  items: FeedItem[];
}

/** A body that is no feed the desk can read; the message is German and meant for the operator. */
export class FeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedError';
  }
}

const NOT_A_FEED = 'Die Adresse liefert keinen Feed (RSS, Atom oder JSON Feed).';
const SUMMARY_MAX = 2000;
const TITLE_FROM_SUMMARY_MAX = 120;
const TRACKING_PARAMS = new Set(['fbclid', 'gclid']);

/**
 * The canonical form of a link: resolved against `base`, http(s) only, no fragment, no utm_*, fbclid or gclid
 * parameters, host lowercased, default port removed. Undefined when it is no usable http(s) address.
 */
export function canonicalUrl(href: string, base: string): string | undefined {
  const trimmed = href.trim();
  if (trimmed === '') return undefined;
  let url: URL;
  try {
    url = new URL(trimmed, base);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return undefined;
  url.hash = '';
  if (url.search) {
    // Filtered as raw pairs: re-serialising through URLSearchParams would re-encode the parameters that stay.
    const kept = url.search
      .slice(1)
      .split('&')
      .filter((pair) => {
        if (pair === '') return false;
        let name = pair.split('=')[0];
        try {
          name = decodeURIComponent(name.replace(/\+/g, ' '));
        } catch {
          // Kept under its raw name.
        }
        name = name.toLowerCase();
        return !name.startsWith('utm_') && !TRACKING_PARAMS.has(name);
      });
    url.search = kept.length > 0 ? `?${kept.join('&')}` : '';
  }
  return url.href; // the URL parser already lowercases the host and drops a default port
}

/** A title reduced for comparison across sources: lowercase, diacritics folded, punctuation removed, spaces collapsed. */
export function normalizeTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/['’‘`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Parses a feed body; throws FeedError with a German message when it is none or carries entity declarations. */
export function parseFeed(body: string, contentType: string | undefined, feedUrl: string): ParsedFeed {
  const text = body.replace(/^\uFEFF/, '');
  const start = text.trimStart();
  // The body decides before the header does: servers often label feeds wrongly.
  const json = start.startsWith('{') || (!start.startsWith('<') && /json/i.test(contentType ?? ''));
  return json ? parseJsonFeed(start, feedUrl) : parseXmlFeed(text, feedUrl);
}

type Raw = Record<string, unknown>;
const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

function collectRaw(feed: FeedData): { channel: Raw; entries: Raw[] } {
  const channel = isRecord(feed.rawChannel) ? feed.rawChannel : {};
  const entries = (feed.entries ?? []).map((e) => (isRecord(e.raw) ? e.raw : {}));
  return { channel, entries };
}

const keepRaw: Pick<ParserOptions, 'getExtraEntryFields' | 'getExtraFeedFields' | 'descriptionMaxLen'> = {
  descriptionMaxLen: 0,
  getExtraFeedFields: (raw) => ({ rawChannel: raw }),
  getExtraEntryFields: (raw) => ({ raw }),
};

function parseJsonFeed(body: string, feedUrl: string): ParsedFeed {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    throw new FeedError(NOT_A_FEED);
  }
  const version = isRecord(data) ? data.version : undefined;
  if (
    !isRecord(data) ||
    !Array.isArray(data.items) ||
    (typeof version === 'string' && !version.startsWith('https://jsonfeed.org/version/'))
  ) {
    throw new FeedError(NOT_A_FEED);
  }
  const { channel, entries } = collectRaw(extractFromJson(data, { ...keepRaw, normalization: true }));
  const reader = new FieldReader(false);
  const home = reader.str(channel.home_page_url);
  const base = (home && canonicalUrl(home, feedUrl)) || feedUrl;
  return {
    title: reader.plain(channel.title) || undefined,
    items: toItems(
      entries.map((raw) => ({
        title: reader.plain(raw.title),
        links: [reader.str(raw.url), reader.str(raw.external_url), absolute(reader.str(raw.id))],
        guid: reader.str(raw.id),
        author: reader.author(raw.authors) ?? reader.author(raw.author),
        dates: [raw.date_published, raw.date_modified].map((d) => reader.str(d)),
        summary: reader.plain(raw.summary) || reader.plain(raw.content_text) || reader.plain(raw.content_html),
      })),
      base,
    ),
  };
}

function parseXmlFeed(body: string, feedUrl: string): ParsedFeed {
  // Anything declared before the root element could expand entities (billion laughs): refused before parsing.
  const prologEnd = body.search(/<[A-Za-z_:]/);
  if (/<!ENTITY/i.test(prologEnd === -1 ? body : body.slice(0, prologEnd)))
    throw new FeedError('Der Feed enthält nicht erlaubte XML-Entitäten.');

  let feed: FeedData;
  try {
    feed = extractFromXml(body, {
      ...keepRaw,
      normalization: true,
      // No entity processing in the parser at all (so none can expand), no numbers made of "00123" guids.
      xmlParserOptions: {
        processEntities: false,
        parseTagValue: false,
        parseAttributeValue: false,
        htmlEntities: false,
      },
    });
  } catch {
    if (isEmptyAtomFeed(body)) return { items: [] };
    throw new FeedError(NOT_A_FEED);
  }
  const { channel, entries } = collectRaw(feed);
  const reader = new FieldReader(true);
  // RSS 1.0 hands over the rdf:RDF element; its channel is one level down.
  const meta = isRecord(channel.channel) ? channel.channel : channel;
  const channelLink = reader.link(meta.link);
  const base = (channelLink && canonicalUrl(channelLink, feedUrl)) || feedUrl;
  return {
    title: reader.plain(meta.title) || undefined,
    items: toItems(
      entries.map((raw) => ({
        title: reader.plain(raw.title),
        links: [reader.link(raw.link), ...[raw.guid, raw.id, raw['@_rdf:about']].map((id) => absolute(reader.str(id)))],
        guid: reader.str(raw.guid) ?? reader.str(raw.id) ?? reader.str(raw['@_rdf:about']),
        author: reader.author(raw.author) ?? reader.author(raw['dc:creator']),
        // Atom: the first publication over the last update.
        dates: [raw.pubDate, raw.published, raw.issued, raw['dc:date'], raw.updated, raw.modified].map((d) =>
          reader.str(d),
        ),
        summary:
          reader.plain(raw.description) ||
          reader.plain(raw.summary) ||
          reader.plain(raw['content:encoded']) ||
          reader.plain(raw.content),
      })),
      base,
    ),
  };
}

// The library only takes an Atom document with at least one entry for a feed.
function isEmptyAtomFeed(body: string): boolean {
  const prolog = body.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, '');
  return (
    /^\s*(<!DOCTYPE[^>]*>\s*)?<([A-Za-z_][\w.-]*:)?feed[\s>]/.test(prolog) &&
    body.includes('http://www.w3.org/2005/Atom') &&
    !/<([A-Za-z_][\w.-]*:)?entry[\s/>]/.test(body)
  );
}

// A guid or id stands in for a missing link only when it is a full address, never resolved as a relative one.
const absolute = (id: string | undefined) => (id && /^https?:\/\//i.test(id) ? id : undefined);

interface ItemFields {
  title: string;
  links: (string | undefined)[];
  guid: string | undefined;
  author: string | undefined;
  dates: (string | undefined)[];
  summary: string;
}

function toItems(fields: ItemFields[], base: string): FeedItem[] {
  const items: FeedItem[] = [];
  for (const f of fields) {
    // The link, else a guid that is an address; an item leading nowhere cannot be cited.
    const url = f.links.map((l) => (l ? canonicalUrl(l, base) : undefined)).find((l) => l !== undefined);
    const summary = cut(f.summary, SUMMARY_MAX);
    const title = f.title || cut(summary, TITLE_FROM_SUMMARY_MAX);
    if (!url || !title) continue;
    const item: FeedItem = { title, url, summary };
    if (f.author) item.author = f.author;
    const publishedAt = f.dates.map(isoDate).find((d) => d !== undefined);
    if (publishedAt) item.publishedAt = publishedAt;
    if (f.guid) item.guid = f.guid;
    items.push(item);
  }
  return items;
}

function isoDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** At most `max` characters (code points, so no emoji is split), trimmed. */
function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('').trimEnd();
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Reads the raw values the XML parser or JSON handed over; XML values still carry their entities (none expanded). */
class FieldReader {
  constructor(private readonly xml: boolean) {}

  /** The text of a value: a string, a number, an element's text, the first of a list. */
  str(value: unknown): string | undefined {
    const text = rawText(value);
    if (text === undefined) return undefined;
    const decoded = (this.xml ? decodeXmlEntities(text) : text).trim();
    return decoded === '' ? undefined : decoded;
  }

  /** Plain text of a value that may hold HTML: markup stripped, entities decoded, whitespace collapsed. */
  plain(value: unknown): string {
    const text = this.str(value) ?? (isRecord(value) ? this.str(deepText(value)) : undefined);
    return text === undefined ? '' : htmlToText(text);
  }

  /** An RSS link's text, or an Atom link's href: rel="alternate" (or none) first. */
  link(value: unknown): string | undefined {
    const links = Array.isArray(value) ? value : [value];
    const hrefs = links.map((l) => ({
      rel: isRecord(l) ? this.str(l['@_rel']) : undefined,
      href: isRecord(l) && l['@_href'] !== undefined ? this.str(l['@_href']) : this.str(l),
    }));
    return (
      hrefs.find((l) => l.href && (l.rel === undefined || l.rel === 'alternate')) ??
      hrefs.find((l) => l.href && l.rel !== 'self')
    )?.href;
  }

  /** A name from RSS "author" (often "mail (Name)"), dc:creator, an Atom <author><name>, JSON Feed author(s). */
  author(value: unknown): string | undefined {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    const name = isRecord(first) && 'name' in first ? this.plain(first.name) : this.plain(first);
    const inParens = /^\S+@\S+\s*\((.+)\)$/.exec(name);
    const result = inParens ? inParens[1].trim() : name;
    return result === '' ? undefined : result;
  }
}

function rawText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return rawText(value[0]);
  if (isRecord(value)) return rawText(value['#text']);
  return undefined;
}

// Atom type="xhtml" content arrives as elements, not text: their text in document order of the keys.
function deepText(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(deepText).join(' ');
  if (isRecord(value))
    return Object.entries(value)
      .filter(([key]) => !key.startsWith('@_'))
      .map(([, v]) => deepText(v))
      .join(' ');
  return '';
}

function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return XML_ENTITIES[name] ?? entity; // HTML names (&auml;) are left to the HTML step
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

interface TextNode {
  nodeType: number;
  nodeName: string;
  nodeValue: string | null;
  childNodes: ArrayLike<TextNode>;
}

const BLOCKS = new Set(
  'ADDRESS ARTICLE ASIDE BLOCKQUOTE BR DD DIV DL DT FIGCAPTION FIGURE FOOTER H1 H2 H3 H4 H5 H6 HEADER HR LI MAIN NAV OL P PRE SECTION TABLE TD TH TR UL'.split(
    ' ',
  ),
);
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'IFRAME', 'OBJECT', 'SVG']);

/** Plain text of an HTML fragment, on one line: blocks separated by a space. */
function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return html.replace(/\s+/g, ' ').trim();
  const { document } = parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`);
  const body: TextNode | null = document.body;
  const parts: string[] = [];
  const walk = (node: TextNode) => {
    if (node.nodeType === 3) parts.push(node.nodeValue ?? '');
    if (node.nodeType !== 1) return;
    const name = node.nodeName.toUpperCase();
    if (SKIPPED.has(name)) return;
    const block = BLOCKS.has(name);
    if (block) parts.push(' ');
    for (const child of Array.from(node.childNodes)) walk(child);
    if (block) parts.push(' ');
  };
  if (body) walk(body);
  return parts.join('').replace(/\s+/g, ' ').trim();
}
