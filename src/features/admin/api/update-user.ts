import type { UserPatch } from '@/contract';
import { useApiMutation } from '@/lib/api/query';
import { serverMessage } from '../lib/server-message';
import { messages } from '../messages';

export const useUpdateUser = () =>
  useApiMutation(
    'users.update',
    ({ id, patch }: { id: string; patch: UserPatch }) => ({ params: { id }, body: patch }),
    {
      meta: { error: messages.users.updateFailed, reason: serverMessage },
    },
  );
