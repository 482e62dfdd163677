import { useQueryClient } from '@tanstack/react-query';
import type { Post } from '@/contract';
import { useApiMutation } from '@/lib/api/query';
import { messages } from '../messages';
import { postsQuery } from './get-posts';

export function useDeletePost() {
  const queryClient = useQueryClient();
  const key = postsQuery().queryKey;
  return useApiMutation('posts.delete', (id: string) => ({ params: { id } }), {
    meta: { error: messages.error },
    // Gone from the table at once; back if the server refuses.
    onMutate: (id) => {
      const before = queryClient.getQueryData<Post[]>(key);
      queryClient.setQueryData<Post[]>(key, (old) => old?.filter((p) => p.id !== id));
      return before;
    },
    onError: (_error, _id, before) => queryClient.setQueryData(key, before),
  });
}
