import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createPost, deletePost, listPosts, updatePost } from '@/lib/api/posts';
import type { NewPost, Post } from '@/lib/api/types';

export const postKeys = {
  all: ['posts'] as const,
  list: () => [...postKeys.all, 'list'] as const,
};

export const postsQueryOptions = () =>
  queryOptions({ queryKey: postKeys.list(), queryFn: ({ signal }) => listPosts(signal) });
export const usePosts = () => useQuery(postsQueryOptions());

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: NewPost) => createPost(post),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: Partial<NewPost> }) => updatePost(id, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deletePost(id),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<Post[]>(postKeys.list(), (old) => old?.filter((p) => p.id !== id));
      return queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}

/** Share = post it to its platform now, or into the outbox when offline (lib/outbox). */
export function useSharePost() {
  return useMutation({
    // The outbox (and Dexie with it) loads with the first share, not before the screen's heading.
    mutationFn: async (post: Post) =>
      (await import('@/lib/outbox/send')).sendOrQueue(post.platform, {
        title: post.title,
        content: post.content?.trim() || post.title,
        postId: post.id,
      }),
  });
}
