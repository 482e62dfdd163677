// Signed addresses (Media Library files, provider videos, event-stream tickets): signed with a key of their own and
// valid until an expiry, so they neither die with the operator token nor live for ever.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { HttpError } from './errors';

/** A stored file's path without its signature (what a post records; the platform's address is signed per send). */
export const mediaFilePath = (id: string) => `/api/media/${encodeURIComponent(id)}/file`;

export type Purpose = 'media' | 'video' | 'events';
export type Verdict = 'valid' | 'expired' | 'invalid';

const HOUR_S = 60 * 60;
/** A console address stays the same for this long, so a refetched list keeps its players' sources. */
export const CONSOLE_WINDOW_S = 6 * HOUR_S;
/** A platform pulls a post's file within minutes; a day covers a queue or a retry on its side. */
export const PLATFORM_PULL_S = 24 * HOUR_S;

export class UrlSigner {
  private readonly key: Buffer;

  /** `secret`: NEWSDESK_SIGNING_SECRET when set, else the desk's secret key (shared by every instance already). */
  constructor(secret: string | Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'newsdesk', 'signed-addresses', 32));
  }

  signature(purpose: Purpose, id: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${purpose}\n${id}\n${expires}`).digest('base64url').slice(0, 32);
  }

  /** `exp=…&sig=…` for an address valid until `expires` (Unix seconds). */
  query(purpose: Purpose, id: string, expires: number): string {
    return `exp=${expires}&sig=${this.signature(purpose, id, expires)}`;
  }

  /** For the console: the same address within each window. */
  consoleQuery(purpose: Purpose, id: string, now = Date.now()): string {
    return this.query(purpose, id, (Math.floor(now / 1000 / CONSOLE_WINDOW_S) + 2) * CONSOLE_WINDOW_S);
  }

  /** For a platform that fetches a post's file. */
  platformQuery(id: string, now = Date.now()): string {
    return this.query('media', id, Math.floor(now / 1000) + PLATFORM_PULL_S);
  }

  verify(purpose: Purpose, id: string, exp: string | undefined, sig: string | undefined, now = Date.now()): Verdict {
    const expires = Number(exp);
    if (!exp || !sig || !Number.isSafeInteger(expires)) return 'invalid';
    const expected = Buffer.from(this.signature(purpose, id, expires));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    return expires * 1000 < now ? 'expired' : 'valid';
  }
}

/** Refuses a request whose address is not signed for `id` (403), with a reason of its own once it has expired. */
export function requireSigned(
  signer: UrlSigner,
  purpose: Purpose,
  id: string,
  query: (name: string) => string | undefined,
  subject: 'dieser Datei' | 'dieses Videos',
): void {
  const verdict = signer.verify(purpose, id, query('exp'), query('sig'));
  if (verdict === 'expired')
    throw new HttpError(
      403,
      `Die Adresse ${subject} ist abgelaufen. Bitte die Ansicht neu laden.`,
      'expired_signature',
    );
  if (verdict !== 'valid') throw new HttpError(403, `Die Adresse ${subject} ist ungültig.`, 'invalid_signature');
}
