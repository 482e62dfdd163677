import { useApiMutation } from '@/lib/api/query';
import { serverMessage } from '../lib/server-message';
import { messages } from '../messages';

export const useDeleteSource = () =>
  useApiMutation('sources.delete', (id: string) => ({ params: { id } }), {
    meta: { error: messages.sources.deleteFailed, reason: serverMessage },
  });
