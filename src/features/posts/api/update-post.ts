import type { PostPatch } from '@/contract';
import { useApiMutation } from '@/lib/api/query';
import { messages } from '../messages';

export const useUpdatePost = () =>
  useApiMutation(
    'posts.update',
    ({ id, patch }: { id: string; patch: PostPatch }) => ({ params: { id }, body: patch }),
    {
      meta: { error: messages.error },
    },
  );
