import type { NewPost } from '@/contract';
import { useApiMutation } from '@/lib/api/query';
import { messages } from '../messages';

export const useCreatePost = () =>
  useApiMutation('posts.create', (post: NewPost) => ({ body: post }), { meta: { error: messages.error } });
