import { useApiMutation } from '@/lib/api/query';
import { serverMessage } from '../lib/server-message';
import { messages } from '../messages';

export const useCreateToken = () =>
  useApiMutation('tokens.create', (name: string) => ({ body: { name } }), {
    meta: { error: messages.tokens.createFailed, reason: serverMessage },
  });
