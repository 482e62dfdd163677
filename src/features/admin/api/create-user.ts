import type { NewUser } from '@/contract';
import { useApiMutation } from '@/lib/api/query';
import { messages } from '../messages';

export const useCreateUser = () =>
  useApiMutation('users.create', (user: NewUser) => ({ body: user }), { meta: { error: messages.users.addFailed } });
