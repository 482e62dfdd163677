import { useApiMutation } from '@/lib/api/query';
import { serverMessage } from '../lib/server-message';
import { messages } from '../messages';

export const useDeleteToken = () =>
  useApiMutation('tokens.delete', (id: string) => ({ params: { id } }), {
    meta: { error: messages.tokens.revokeFailed, reason: serverMessage, success: { title: messages.tokens.revoked } },
  });
