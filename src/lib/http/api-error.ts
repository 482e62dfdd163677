import { redact } from '@/lib/security/redact';

export type ApiErrorCode =
  | 'SERVER_ERROR'
  | 'CLIENT_ERROR'
  | 'NETWORK_ERROR'
  | 'TIMEOUT'
  | 'PARSE_ERROR'
  | 'CIRCUIT_OPEN'
  | 'TTS_SYSTEM'
  /** The answer does not match the /api contract's schema of the call. */
  | 'CONTRACT'
  | 'UNKNOWN';

/** An error from the API client, with the SPEC §8 message and a code that the retry rule reads. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly url: string | undefined;
  readonly body: string | undefined;
  readonly statusText: string;
  /** The answer's Retry-After header as sent (seconds or an HTTP date). */
  readonly retryAfter: string | undefined;

  constructor(
    message: string,
    options: {
      code: ApiErrorCode;
      status?: number;
      statusText?: string;
      url?: string;
      body?: string;
      cause?: unknown;
      retryAfter?: string | null;
    },
  ) {
    super(message || 'An error occurred', { cause: options.cause });
    this.name = 'ApiError';
    this.code = options.code;
    this.status = options.status ?? 0;
    this.url = options.url;
    this.body = options.body;
    this.statusText = options.statusText ?? '';
    this.retryAfter = options.retryAfter ?? undefined;
  }
}

/** SPEC §8: 'API request failed with status {status}: {body}', SERVER_ERROR for ≥ 500, else CLIENT_ERROR. */
export function httpError(
  status: number,
  body: string,
  url: string,
  statusText = '',
  retryAfter?: string | null,
): ApiError {
  return new ApiError(`API request failed with status ${status}: ${body}`, {
    code: status >= 500 ? 'SERVER_ERROR' : 'CLIENT_ERROR',
    status,
    statusText,
    url,
    body,
    retryAfter,
  });
}

/** The `message` of an error's JSON body (the contract's ErrorBody), trimmed; undefined for any other body. */
export function bodyMessage(error: ApiError): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(error.body ?? '');
  } catch {
    return undefined;
  }
  const message = typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined;
  return typeof message === 'string' && message.trim() ? message.trim() : undefined;
}

/** The message of any thrown value, redacted: a server may echo a key back in its error body. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return redact(error.message);
  if (typeof error === 'string' && error) return redact(error);
  return 'An error occurred';
}
