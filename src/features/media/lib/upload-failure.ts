import { ApiError } from '@/lib/http/api-error';
import { messages } from '../messages';

/** Why an upload failed, in SPEC's words: the HTTP status when the server answered, else that it failed. */
export const uploadFailure = (error: unknown): string =>
  error instanceof ApiError && error.status ? messages.uploadFailedStatus(error.status) : messages.uploadFailed;
