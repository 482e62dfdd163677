import { ApiError, bodyMessage, errorMessage } from '@/lib/http/api-error';

/** The server's German message of a failed call (its ErrorBody's `message`), else the error's own text; redacted. */
export function serverMessage(error: unknown): string {
  const message = error instanceof ApiError ? bodyMessage(error) : undefined;
  return errorMessage(message ?? error);
}
