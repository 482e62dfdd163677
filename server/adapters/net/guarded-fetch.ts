// The server's one SSRF guard: every fetch of an address that came from input (feeds, articles) goes through here.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { BlockList, isIP } from 'node:net';
import { Agent, request } from 'undici';

export interface GuardedFetchOptions {
  allowPrivate: boolean;
  /** Over the whole request, redirects and body included. Default 15 000. */
  timeoutMs?: number;
  /** Default 5 MiB. */
  maxBytes?: number;
  /** Default 3. */
  maxRedirects?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  method?: 'GET' | 'HEAD';
  /** A 2xx body goes to this new file instead of memory (a large download); `body` is then empty. */
  saveTo?: string;
}

export interface GuardedResponse {
  status: number;
  headers: Headers;
  /** The final address after redirects. */
  url: string;
  body: Buffer;
  /** The body's length (also when it went to `saveTo`). */
  size: number;
}

export type FetchRefusedCode =
  'protocol' | 'blocked' | 'timeout' | 'too_large' | 'redirects' | 'network' | 'invalid_url';

/** A fetch the guard refused or could not complete, with a German message for the operator. */
export class FetchRefused extends Error {
  constructor(
    message: string,
    readonly code: FetchRefusedCode,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FetchRefused';
  }
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const BLOCKED_MESSAGE = 'Die Adresse zeigt auf ein internes Netz und wird nicht abgerufen.';
const refusedBlocked = () => new FetchRefused(BLOCKED_MESSAGE, 'blocked');

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (dotted IPv4 tails included), or undefined if it is none. */
function ipv6Groups(ip: string): number[] | undefined {
  let host: string;
  try {
    host = new URL(`http://[${ip}]/`).hostname.slice(1, -1); // the URL parser writes a dotted tail as hex
  } catch {
    return undefined;
  }
  const [head, tail] = host.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  return tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** An IPv4 address carried inside an IPv6 one (mapped, NAT64, 6to4), so the IPv4 rules apply to it. */
function embeddedIpv4(ip: string): string | undefined {
  const g = ipv6Groups(ip);
  if (!g) return undefined;
  const quad = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zero = (from: number, to: number) => g.slice(from, to).every((v) => v === 0);
  if (zero(0, 5) && g[5] === 0xffff) return quad(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return quad(g[6], g[7]);
  if (g[0] === 0x2002) return quad(g[1], g[2]);
  return undefined;
}

// A failed open or write reaches the caller through the write's callback; the stream's own error event is not thrown.
const openFile = (file: string) => createWriteStream(file, { flags: 'wx' }).on('error', () => undefined);

function writeChunk(file: WriteStream, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    file.write(chunk, (error) => (error ? reject(new SaveFailed(error.message, { cause: error })) : resolve()));
  });
}

function closeFile(file: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    file.end((error?: Error | null) => (error ? reject(new SaveFailed(error.message, { cause: error })) : resolve()));
  });
}

/** True for loopback, private, link-local, carrier-grade NAT, multicast, reserved and documentation addresses. */
export function isBlockedAddress(ip: string): boolean {
  const address = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, ''); // brackets of a URL host, an IPv6 zone
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: never connect to it
  const v4 = embeddedIpv4(address);
  return v4 !== undefined ? blocked.check(v4, 'ipv4') : blocked.check(address, 'ipv6');
}

/** Checks one hop before it is requested: a parsable http(s) address, and no literal internal IP unless allowed. */
export function checkUrl(url: string | URL, allowPrivate: boolean): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FetchRefused('Die Adresse ist ungültig.', 'invalid_url');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new FetchRefused('Nur http- und https-Adressen sind erlaubt.', 'protocol');
  if (!parsed.hostname) throw new FetchRefused('Die Adresse ist ungültig.', 'invalid_url');
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  // A literal IP is connected to without a DNS lookup, so the connect-time check below never sees it.
  if (!allowPrivate && isIP(host) !== 0 && isBlockedAddress(host)) throw refusedBlocked();
  return parsed;
}

/** Writing a saved body failed (a full disk): the file system's own error, not a network one. */
class SaveFailed extends Error {}

class BlockedAddressError extends Error {
  readonly code = 'EBLOCKED';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

// Checked where the socket connects, on the addresses it connects to, so DNS rebinding cannot slip past a pre-check.
function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    if (addresses.length === 0 || addresses.some((a) => isBlockedAddress(a.address)))
      return callback(new BlockedAddressError(BLOCKED_MESSAGE), '');
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error; e !== undefined && e !== null && chain.length < 5; e = e instanceof Error ? e.cause : undefined)
    chain.push(e);
  return chain;
}

const megabytes = (bytes: number) =>
  new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));

/**
 * Fetches an address from input: http(s) only, redirects followed by hand and each hop re-checked, internal addresses
 * refused at connect time unless `allowPrivate`, one time-out over everything, the body capped at `maxBytes`.
 * Non-2xx statuses are returned, not thrown (the caller decides; 304 matters).
 */
export async function guardedFetch(url: string, options: GuardedFetchOptions): Promise<GuardedResponse> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const method = options.method ?? 'GET';
  const tooLarge = () => new FetchRefused(`Die Antwort ist größer als ${megabytes(maxBytes)} MB.`, 'too_large');

  let current = checkUrl(url, options.allowPrivate);
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(), timeoutMs);
  const signal = options.signal ? AbortSignal.any([timer.signal, options.signal]) : timer.signal;
  // One agent per call: nothing pooled outlives it, and its connections were all opened through the check.
  const agent = new Agent(options.allowPrivate ? {} : { connect: { lookup: guardedLookup } });
  let headers: Record<string, string> = { 'user-agent': 'Newsdesk' };
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
  const seen = new Set<string>([current.href]);

  try {
    for (let hop = 0; ; hop++) {
      const response = await request(current, { method, headers, signal, dispatcher: agent, maxRedirections: 0 });
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(response.statusCode) && typeof location === 'string' && location !== '') {
        await response.body.dump({ limit: 64 * 1024 });
        let next: URL;
        try {
          next = checkUrl(new URL(location, current), options.allowPrivate);
        } catch (error) {
          if (error instanceof FetchRefused) throw error;
          throw new FetchRefused('Die Adresse ist ungültig.', 'invalid_url');
        }
        if (hop + 1 > maxRedirects || seen.has(next.href))
          throw new FetchRefused('Zu viele Weiterleitungen.', 'redirects', response.statusCode);
        seen.add(next.href);
        // Credentials meant for one origin are not handed to another.
        if (next.origin !== current.origin)
          headers = Object.fromEntries(
            Object.entries(headers).filter(([name]) => name !== 'authorization' && name !== 'cookie'),
          );
        current = next;
        continue;
      }

      const declared = Number(response.headers['content-length']);
      if (method === 'GET' && Number.isFinite(declared) && declared > maxBytes) {
        response.body.on('error', () => undefined); // the abort this destroy raises is ours
        response.body.destroy();
        throw tooLarge();
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const save =
        options.saveTo && response.statusCode >= 200 && response.statusCode < 300 ? options.saveTo : undefined;
      let file: WriteStream | undefined;
      try {
        for await (const chunk of response.body) {
          const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
          size += buffer.length;
          if (size > maxBytes) {
            response.body.destroy();
            throw tooLarge();
          }
          if (!save) chunks.push(buffer);
          else await writeChunk((file ??= openFile(save)), buffer);
        }
        if (save) await closeFile((file ??= openFile(save)));
      } catch (error) {
        if (file) {
          const open = file;
          await new Promise<void>((resolve) =>
            open.closed ? resolve() : open.destroy().once('close', () => resolve()),
          );
        }
        if (save) await rm(save, { force: true });
        throw error;
      }

      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
          responseHeaders.append(name, v);
      }
      return {
        status: response.statusCode,
        headers: responseHeaders,
        url: current.href,
        body: save ? Buffer.alloc(0) : Buffer.concat(chunks, size),
        size,
      };
    }
  } catch (error) {
    if (error instanceof FetchRefused) throw error;
    if (error instanceof SaveFailed) throw error.cause;
    if (timer.signal.aborted) throw new FetchRefused('Zeitüberschreitung beim Abruf.', 'timeout');
    if (options.signal?.aborted) throw options.signal.reason;
    if (causes(error).some((e) => e instanceof BlockedAddressError)) throw refusedBlocked();
    throw new FetchRefused('Die Adresse ist nicht erreichbar.', 'network');
  } finally {
    clearTimeout(timeout);
    await agent.destroy().catch(() => undefined);
  }
}
