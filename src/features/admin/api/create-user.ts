import type { NewUser } from '@/contract';
import { useApiMutation } from '@/lib/api/query';
import { serverMessage } from '../lib/server-message';
import { messages } from '../messages';

export const useCreateUser = () =>
  useApiMutation('users.create', (user: NewUser) => ({ body: user }), {
    meta: { error: messages.users.addFailed, reason: serverMessage },
  });
