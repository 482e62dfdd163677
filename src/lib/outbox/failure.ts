import { ApiError, bodyMessage, errorMessage } from '@/lib/http/api-error';

// Apart from drain.ts so a screen showing a failure need not load the drain, the outbox database and the contract.

/** The German reason of a send that got no answer in time; the entry is queued again with its key. */
export const TIMEOUT_REASON =
  'Zeitüberschreitung: Der Server hat nicht rechtzeitig geantwortet. Der Post wird erneut gesendet.';

/** The German reason of a key the server is still working on (a 409 'in progress'): asked again, never sent twice. */
export const IN_PROGRESS_REASON =
  'Wird noch veröffentlicht: Der Server bearbeitet diesen Post noch. Er wird später mit demselben Schlüssel nachgefragt, nicht doppelt gesendet.';

/** The error text kept with an entry: the SPEC §8 message, with a JSON body's `message` instead of the raw JSON. */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError && error.code === 'TIMEOUT') return TIMEOUT_REASON;
  // A body that is not JSON: the message already carries it.
  const message = error instanceof ApiError && error.status ? bodyMessage(error) : undefined;
  return message && error instanceof ApiError
    ? `API request failed with status ${error.status}: ${message}`
    : errorMessage(error);
}
