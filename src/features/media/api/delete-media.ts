import { useApiMutation } from '@/lib/api/query';
import { messages } from '../messages';

export const useDeleteMedia = () =>
  useApiMutation('media.delete', (id: string) => ({ params: { id } }), { meta: { error: messages.error } });
