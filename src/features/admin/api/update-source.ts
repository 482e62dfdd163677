import type { FeedSourcePatch } from '@/contract';
import { useApiMutation } from '@/lib/api/query';
import { serverMessage } from '../lib/server-message';
import { messages } from '../messages';

export const useUpdateSource = () =>
  useApiMutation(
    'sources.update',
    ({ id, patch }: { id: string; patch: FeedSourcePatch }) => ({ params: { id }, body: patch }),
    { meta: { error: messages.sources.saveFailed, reason: serverMessage } },
  );
