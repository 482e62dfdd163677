import type { PostTemplate } from '@/contract';
import { useApiMutation } from '@/lib/api/query';
import { messages } from '../messages';

export const useUpdateTemplate = () =>
  useApiMutation(
    'social.updateTemplate',
    (template: PostTemplate) => ({ params: { id: template.id }, body: template }),
    {
      meta: { error: messages.error },
    },
  );
