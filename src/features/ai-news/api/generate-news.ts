import { useApiMutation } from '@/lib/api/query';
import { serverReason } from '../lib/failure-reason';
import { messages } from '../messages';

export const useGenerateNews = () =>
  useApiMutation('news.generate', (body: { topic: string; language: string }) => ({ body }), {
    meta: { error: messages.generateFailed, reason: serverReason },
  });
