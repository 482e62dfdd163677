import { useApiMutation } from '@/lib/api/query';
import { messages } from '../messages';

/** Sends a failed platform result again (the server queues it once). */
export const useRetryPublication = () =>
  useApiMutation('social.retry', (id: string) => ({ params: { id } }), { meta: { error: messages.error } });
