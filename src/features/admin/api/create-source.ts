import type { NewFeedSource } from '@/contract';
import { useApiMutation } from '@/lib/api/query';
import { serverMessage } from '../lib/server-message';
import { messages } from '../messages';

export const useCreateSource = () =>
  useApiMutation('sources.create', (source: NewFeedSource) => ({ body: source }), {
    meta: { error: messages.sources.saveFailed, reason: serverMessage },
  });
