// One call to a provider's HTTP API with its failures turned into German ErrorBody answers; the key never reaches a message.
import { HttpError, uncertain } from '../../http/errors';

export interface ProviderRequest {
  /** The provider's name as the operator knows it (HeyGen, Tavus, …). */
  name: string;
  url: string;
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  /** Secrets to blank out of any provider text that is passed on. */
  secrets?: (string | undefined)[];
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  /**
   * The call orders work the provider does and bills once (a video): sent and unanswered in time, or answered without
   * the order's number, it may have been taken, so it is uncertain — kept under its Idempotency-Key, never sent again.
   */
  orders?: string;
}

/** The provider's own words about an error, from the shapes the providers document. */
export function providerDetail(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const error = b.error;
  if (typeof error === 'string' && error) return error;
  if (error && typeof error === 'object') {
    const e = error as Record<string, unknown>;
    const text = e.message ?? e.detail ?? e.description;
    if (typeof text === 'string' && text) return text;
  }
  for (const field of ['message', 'description', 'error_description', 'detail'])
    if (typeof b[field] === 'string' && b[field]) return b[field] as string;
  return undefined;
}

export function redact(text: string, secrets: (string | undefined)[] = []): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('***');
  return out.slice(0, 300);
}

/** Seconds of a Retry-After header (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Turns a provider's non-2xx answer into the German HttpError the console shows. */
export function providerError(
  name: string,
  status: number,
  body: unknown,
  retryAfter: string | null,
  secrets: (string | undefined)[] = [],
): HttpError {
  const detail = providerDetail(body);
  const said = detail ? `: ${redact(detail, secrets)}` : '.';
  if (status === 401 || status === 403)
    return new HttpError(502, `${name} hat den API-Schlüssel abgelehnt (HTTP ${status})${said}`, 'provider_auth');
  if (status === 429) {
    const seconds = retryAfterSeconds(retryAfter);
    return new HttpError(
      429,
      `${name}: Rate limit erreicht – bitte ${seconds !== undefined ? `in ${seconds} s ` : 'später '}erneut versuchen.`,
      'rate_limited',
      undefined,
      seconds !== undefined ? { 'Retry-After': String(seconds) } : undefined,
    );
  }
  if (status >= 500)
    return new HttpError(
      502,
      `${name} ist vorübergehend nicht verfügbar (HTTP ${status})${said}`,
      'provider_unavailable',
    );
  return new HttpError(422, `${name} hat die Anfrage abgelehnt (HTTP ${status})${said}`, 'provider_rejected');
}

/** Calls the provider and answers its JSON; throws HttpError on a network failure, a time-out or a non-2xx answer. */
export async function callProvider<T>(request: ProviderRequest): Promise<T> {
  const { name, url, method = 'GET', json, secrets, timeoutMs = 30_000, fetchImpl = fetch, orders } = request;
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    if (timedOut && orders) throw mayHaveOrdered(name, orders);
    throw new HttpError(
      502,
      timedOut ? `${name} antwortet nicht (Zeitüberschreitung).` : `${name} ist nicht erreichbar.`,
      timedOut ? 'provider_timeout' : 'provider_unreachable',
    );
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the text itself is the provider's answer.
  }
  if (!response.ok) throw providerError(name, response.status, body, response.headers.get('retry-after'), secrets);
  if (body === undefined || typeof body === 'string') {
    if (orders) throw mayHaveOrdered(name, orders);
    throw new HttpError(502, `${name} hat keine lesbare Antwort geschickt.`, 'provider_bad_answer');
  }
  return body as T;
}

/** The answer to an order the provider may have taken without saying so: the operator checks there, nothing resends it. */
export const mayHaveOrdered = (name: string, what: string) =>
  uncertain(
    `${name} hat nicht rechtzeitig bestätigt. ${what} ist dort möglicherweise trotzdem in Auftrag gegeben und wird nicht noch einmal bestellt – bitte im Konto bei ${name} prüfen.`,
  );
