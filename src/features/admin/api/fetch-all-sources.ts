import { TIMEOUTS } from '@/lib/api/client';
import { useApiMutation } from '@/lib/api/query';
import { serverMessage } from '../lib/server-message';
import { messages } from '../messages';

/** Reads every enabled feed now. */
export const useFetchAllSources = () =>
  // The server reads every feed before it answers: a write's 30 s can be too short for a long list.
  useApiMutation('sources.fetchAll', (_: void) => ({ timeoutMs: TIMEOUTS.generation }), {
    meta: { error: messages.sources.fetchFailed, reason: serverMessage },
  });
