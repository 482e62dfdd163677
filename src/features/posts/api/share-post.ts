import { useMutation } from '@tanstack/react-query';
import type { Post } from '@/contract';

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
