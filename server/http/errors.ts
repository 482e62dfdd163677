// Every non-2xx answer of /api is the contract's ErrorBody: a German `message`, an optional `code` and field `issues`.
import type { ErrorBody } from '../../src/contract';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly issues?: ErrorBody['issues'],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  get body(): ErrorBody {
    return {
      message: this.message,
      ...(this.code ? { code: this.code } : {}),
      ...(this.issues ? { issues: this.issues } : {}),
    };
  }
}

/** The 503 of an operation that needs an outside service this server is not set up for. */
export function notConfigured(service: string): HttpError {
  return new HttpError(503, `${service} ist nicht konfiguriert.`, 'not_configured');
}

/** The code of an answer that cannot say whether the provider acted (it took the call, then no answer came). */
export const UNCERTAIN = 'provider_uncertain';

/** 502 for a call a provider may have carried out: kept under its Idempotency-Key, so a retry never acts twice. */
export const uncertain = (message: string) => new HttpError(502, message, UNCERTAIN);

export const notFound = (what: string) => new HttpError(404, `${what} nicht gefunden.`, 'not_found');

export function errorResponse(error: HttpError): Response {
  return new Response(JSON.stringify(error.body), {
    status: error.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...error.headers },
  });
}
