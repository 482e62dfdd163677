import { ApiError, bodyMessage, errorMessage } from '@/lib/http/api-error';

/** Why a story's action failed, readable: a JSON body's message rather than the raw JSON. */
export function failureReason(error: unknown): string {
  // A plain-text body: the message already holds it.
  const message = error instanceof ApiError ? bodyMessage(error) : undefined;
  return message && error instanceof ApiError
    ? `API request failed with status ${error.status}: ${message}`
    : errorMessage(error);
}

/** The server's own German reason (e.g. no source item on the topic) rather than the HTTP summary. */
export const serverReason = (error: unknown): string =>
  (error instanceof ApiError ? bodyMessage(error) : undefined) ?? errorMessage(error);
