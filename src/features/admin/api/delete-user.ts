import { useApiMutation } from '@/lib/api/query';
import { serverMessage } from '../lib/server-message';
import { messages } from '../messages';

export const useDeleteUser = () =>
  useApiMutation('users.delete', (id: string) => ({ params: { id } }), {
    meta: { error: messages.users.deleteFailed, reason: serverMessage, success: { title: messages.users.deleted } },
  });
