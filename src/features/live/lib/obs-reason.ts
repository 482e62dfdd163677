import { ObsRequestError } from '@/lib/obs';
import { liveMessages } from '../messages';

/** OBS's own comment on a refused request, as the line under a failure toast's sentence. */
export const obsReason = (error: unknown): string | undefined =>
  error instanceof ObsRequestError && error.message ? liveMessages.obsReason(error.message) : undefined;
