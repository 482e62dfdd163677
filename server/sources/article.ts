// An article page's main text by Readability; any failure leaves the caller with the feed's summary.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { guardedFetch } from '../adapters/net/guarded-fetch';
import { normalizeTitle } from './feed';
import { keyTerms } from './select';

export interface ExtractedArticle {
  title?: string;
  /** Plain text, paragraphs separated by a blank line. */
  text: string;
  byline?: string;
}

const MAX_BYTES = 3 * 1024 * 1024;

interface ArticleNode {
  nodeType: number;
  nodeName: string;
  nodeValue: string | null;
  childNodes: ArrayLike<ArticleNode>;
}

/** Fetches an article page through the SSRF guard and returns its main text, or undefined when anything fails. */
export async function extractArticle(
  url: string,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<ExtractedArticle | undefined> {
  try {
    const response = await guardedFetch(url, {
      allowPrivate: options.allowPrivate,
      timeoutMs: options.timeoutMs,
      maxBytes: MAX_BYTES,
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9' },
    });
    const type = response.headers.get('content-type') ?? '';
    if (
      response.status < 200 ||
      response.status >= 300 ||
      !/^\s*(text\/html|application\/xhtml\+xml)\s*(;|$)/i.test(type)
    )
      return undefined;

    const { document } = parseHTML(decodeHtml(response.body, type));
    // The serializer hands back the content node itself, so it is walked rather than printed and parsed again.
    const article = new Readability<ArticleNode>(document, { serializer: (node: ArticleNode) => node }).parse();
    if (!article?.content) return undefined;
    const text = paragraphs(article.content).join('\n\n');
    if (text === '') return undefined;
    const result: ExtractedArticle = { text };
    const title = article.title?.trim();
    if (title) result.title = title;
    const byline = article.byline?.trim();
    if (byline) result.byline = byline;
    return result;
  } catch {
    return undefined;
  }
}

// The words of a cookie-consent wall, a paywall or a sign-up box: where two of them open the text, the page is no article.
const WALL_WORDS =
  /\b(cookies?|einwilligung|einwilligen|zustimmen|zustimmung|consent|datenschutzeinstellungen|privatsphare|werbefrei|pur abo|werbung und tracking|tracking|abonnieren|abonnement|abo abschliessen|paywall|subscribe|subscription|accept all|alle akzeptieren|akzeptieren|newsletter|anmelden|registrieren)\b/g;
const WALL_HEAD_CHARS = 1200;

/**
 * Whether the page's text is the item's article: a key word of the item's title (four letters or more) appears in the
 * page's title or its opening, and the opening is not a consent wall, paywall or sign-up box — the lead sentences of
 * such a page would otherwise become the story.
 */
export function isArticleOf(article: ExtractedArticle, itemTitle: string): boolean {
  const head = normalizeTitle(article.text.slice(0, WALL_HEAD_CHARS));
  const walls = new Set(head.match(WALL_WORDS) ?? []);
  if (walls.size >= 2) return false;
  const terms = [...new Set(keyTerms(itemTitle))].filter((t) => t.length >= 4);
  if (terms.length === 0) return true;
  const opening = ` ${normalizeTitle(`${article.title ?? ''} ${article.text.slice(0, 3000)}`)} `;
  return terms.some((t) => opening.includes(t));
}

/** The page as text, in the charset of the header, else of a <meta> near the top, else UTF-8. */
function decodeHtml(body: Buffer, contentType: string): string {
  const declared =
    /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(body.subarray(0, 2048).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

const BLOCKS = new Set(
  'ADDRESS ARTICLE ASIDE BLOCKQUOTE DD DIV DL DT FIGCAPTION FIGURE FOOTER H1 H2 H3 H4 H5 H6 HEADER HR LI MAIN OL P PRE SECTION TABLE TR UL'.split(
    ' ',
  ),
);
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'IFRAME', 'OBJECT', 'SVG']);

/** The text of each block of the article, whitespace collapsed; a <br> breaks the line within its block. */
function paragraphs(root: ArticleNode): string[] {
  const blocks: string[] = [];
  let current = '';
  const flush = () => {
    const text = current
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter((line) => line !== '')
      .join('\n');
    if (text !== '') blocks.push(text);
    current = '';
  };
  const walk = (node: ArticleNode) => {
    if (node.nodeType === 3) current += (node.nodeValue ?? '').replace(/\n/g, ' ');
    if (node.nodeType !== 1) return;
    const name = node.nodeName.toUpperCase();
    if (SKIPPED.has(name)) return;
    if (name === 'BR') current += '\n';
    const block = BLOCKS.has(name);
    if (block) flush();
    for (const child of Array.from(node.childNodes)) walk(child);
    if (block) flush();
  };
  walk(root);
  flush();
  return blocks;
}
