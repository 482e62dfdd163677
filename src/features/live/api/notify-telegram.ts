import { useApiMutation } from '@/lib/api/query';
import { liveMessages } from '../messages';

/**
 * POST /telegram/notify {message} with the spec's toasts. One key per send, reused by its retries, so a lost answer
 * never posts twice; the error log's Retry sends it again.
 */
export const useNotifyTelegram = () =>
  useApiMutation(
    'telegram.notify',
    (message: string) => ({
      body: { message },
      operation: { kind: 'api.call', args: { id: 'telegram.notify', body: { message } } },
    }),
    {
      meta: {
        success: { title: liveMessages.telegramTitle, description: liveMessages.telegramSent },
        error: liveMessages.telegramTitle,
        reason: () => liveMessages.telegramFailed,
      },
    },
  );
