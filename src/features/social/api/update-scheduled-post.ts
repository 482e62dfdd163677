import type { ScheduledPost } from '@/contract';
import { useApiMutation } from '@/lib/api/query';
import { messages } from '../messages';

export const useUpdateScheduledPost = () =>
  useApiMutation('social.updateScheduled', (post: ScheduledPost) => ({ params: { id: post.id }, body: post }), {
    meta: { error: messages.error },
  });
