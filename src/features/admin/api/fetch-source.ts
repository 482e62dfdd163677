import { useApiMutation } from '@/lib/api/query';
import { serverMessage } from '../lib/server-message';
import { messages } from '../messages';

/** Reads one feed now („Jetzt abrufen“). */
export const useFetchSource = () =>
  useApiMutation('sources.fetch', (id: string) => ({ params: { id } }), {
    meta: { error: messages.sources.fetchFailed, reason: serverMessage },
  });
