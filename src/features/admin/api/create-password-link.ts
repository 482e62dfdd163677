import { useApiMutation } from '@/lib/api/query';
import { serverMessage } from '../lib/server-message';
import { messages } from '../messages';

export const useCreatePasswordLink = () =>
  useApiMutation('users.passwordLink', (id: string) => ({ params: { id } }), {
    meta: { error: messages.users.linkFailed, reason: serverMessage },
  });
