// Calls to a platform: SPEC §8's retry rule (network error, 5xx, 429/"rate limit": 3 retries at 2 s, 4 s, 8 s, or the
// platform's Retry-After) and German errors that never carry a token.
import { exponentialDelay, withRetry, type Sleep } from '../../net/retry';
import { providerDetail, redact } from '../provider-call';
export type PlatformId = 'telegram' | 'facebook' | 'instagram' | 'youtube' | 'tiktok';

export const PLATFORM_NAMES: Record<PlatformId, string> = {
  telegram: 'Telegram',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
};

/** A platform call's time limit; an upload names its own. */
export const PLATFORM_TIMEOUT_MS = 60_000;

// 'uncertain': the request went out and no answer came: the platform may have posted it, so it is never sent again
// by itself (the operator checks the platform first).
export type FailureKind = 'rejected' | 'unavailable' | 'rate_limited' | 'revoked' | 'not_configured' | 'uncertain';

/** A platform's refusal or failure, with a German message for the operator. */
export class PlatformError extends Error {
  constructor(
    message: string,
    readonly kind: FailureKind,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'PlatformError';
  }
  get retryable(): boolean {
    return this.kind === 'unavailable' || this.kind === 'rate_limited';
  }
}

export interface RetryPolicy {
  retries: number;
  baseDelayMs: number;
  multiplier: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 2000, multiplier: 2 };

/** The platform's own error text from its JSON answer (Graph `error.message`, Telegram `description`, OAuth `error_description`). */
async function providerReason(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the status says enough.
  }
  return (body && typeof body === 'object' ? providerDetail(body) : undefined) ?? `HTTP ${response.status}`;
}

function retryAfterMs(response: Response, bodyHint?: number): number | undefined {
  const header = response.headers.get('retry-after');
  if (header && /^\d+$/.test(header.trim())) return Number(header) * 1000;
  return bodyHint;
}

/** A platform's refusal or failure as a PlatformError: 429/"rate limit", 5xx, 401, or any other refusal. */
export async function responseFailure(
  platform: PlatformId,
  response: Response,
  options: { secrets: (string | undefined)[]; telegramRetryAfter?: boolean },
): Promise<PlatformError> {
  const name = PLATFORM_NAMES[platform];
  const reason = redact(await providerReason(response.clone()), options.secrets);
  let hint: number | undefined;
  if (options.telegramRetryAfter) {
    try {
      const body = (await response.json()) as { parameters?: { retry_after?: number } };
      if (typeof body.parameters?.retry_after === 'number') hint = body.parameters.retry_after * 1000;
    } catch {
      // no JSON body
    }
  }
  if (response.status === 429 || /rate limit/i.test(reason))
    return new PlatformError(
      `${name}: Zu viele Anfragen (Rate Limit) – bitte später erneut versuchen. (${reason})`,
      'rate_limited',
      retryAfterMs(response, hint),
    );
  if (response.status >= 500)
    return new PlatformError(
      `${name} ist vorübergehend nicht erreichbar (HTTP ${response.status}): ${reason}`,
      'unavailable',
    );
  if (response.status === 401)
    return new PlatformError(
      `${name}: Die Anmeldung ist abgelaufen oder wurde widerrufen – bitte neu verbinden. (${reason})`,
      'revoked',
    );
  return new PlatformError(`${name} hat den Post abgelehnt (HTTP ${response.status}): ${reason}`, 'rejected');
}

// Network failures that come before the request reaches the platform: nothing was sent, so trying again is safe.
const BEFORE_SENDING = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const beforeSending = (error: unknown) => {
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  return (
    typeof code === 'string' &&
    (BEFORE_SENDING.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('CERT_') || code.includes('_CERT'))
  );
};

/**
 * A call that got no answer (time-out, network): `sent` says whether the platform may have acted on it, which makes a
 * time-out, or a connection that broke after the request went out, 'uncertain' instead of something to try again.
 */
export function silenceFailure(
  platform: PlatformId,
  error: unknown,
  options: { sent: boolean; timeoutMs: number; secrets: (string | undefined)[] },
): PlatformError {
  const name = PLATFORM_NAMES[platform];
  const silent = `${name} antwortet nicht (keine Antwort nach ${Math.round(options.timeoutMs / 1000)} s).`;
  if ((error as Error).name !== 'TimeoutError') {
    const cause = (error as { cause?: { message?: unknown } }).cause?.message;
    const detail = redact(
      `${(error as Error).message}${typeof cause === 'string' && cause ? ` (${cause})` : ''}`,
      options.secrets,
    );
    if (options.sent && !beforeSending(error))
      return new PlatformError(
        `${name}: Die Verbindung brach ab, bevor eine Antwort kam: ${detail}. Ob ${name} den Post angenommen hat, ist unklar – bitte dort prüfen, bevor er erneut gesendet wird.`,
        'uncertain',
      );
    return new PlatformError(`${name} ist nicht erreichbar: ${detail}`, 'unavailable');
  }
  return options.sent
    ? new PlatformError(
        `${silent} Ob ${name} den Post angenommen hat, ist unklar – bitte dort prüfen, bevor er erneut gesendet wird.`,
        'uncertain',
      )
    : new PlatformError(silent, 'unavailable');
}

/** The wait before retry `attempt` (from 0): the policy's back-off, or the platform's Retry-After when longer. */
export const retryDelayMs = (retry: RetryPolicy, attempt: number, failure: PlatformError): number =>
  Math.max(
    exponentialDelay(retry.baseDelayMs, retry.multiplier)(attempt + 1),
    Math.min(failure.retryAfterMs ?? 0, 60_000),
  );

/** SPEC §8 retry eligibility for a platform call: only its PlatformErrors that say a retry may help. */
const isRetryable = (error: unknown): boolean => error instanceof PlatformError && error.retryable;

/**
 * One call with retries; resolves to the 2xx Response (or the one `accept` allows), throws PlatformError otherwise.
 * `secrets` are removed from every message.
 */
export async function platformFetch(
  platform: PlatformId,
  url: string,
  init: RequestInit,
  options: {
    retry: RetryPolicy;
    secrets: (string | undefined)[];
    accept?: (status: number) => boolean;
    telegramRetryAfter?: boolean;
    timeoutMs?: number;
    sleep?: Sleep;
    /**
     * The call puts a post out: a time-out or a connection broken after it was sent leaves open whether the post is
     * there, so it is not sent again. Any other call (a token refresh, a status read) is simply tried again.
     */
    publishes?: boolean;
  },
): Promise<Response> {
  // One hung host must not hold the instance's job worker: every call ends by its time limit.
  const timeoutMs = options.timeoutMs ?? PLATFORM_TIMEOUT_MS;
  const rule = {
    retries: options.retry.retries,
    retryable: isRetryable,
    delayMs: (retry: number, failure: unknown) => retryDelayMs(options.retry, retry - 1, failure as PlatformError),
    sleep: options.sleep,
  };
  return withRetry(rule, async () => {
    let response: Response;
    try {
      response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw silenceFailure(platform, error, {
        sent: options.publishes === true,
        timeoutMs,
        secrets: options.secrets,
      });
    }
    if (response.ok || options.accept?.(response.status)) return response;
    throw await responseFailure(platform, response, options);
  });
}
